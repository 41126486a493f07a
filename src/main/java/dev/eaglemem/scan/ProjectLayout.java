package dev.eaglemem.scan;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import dev.eaglemem.scan.ScanReport.ConfigFile;

/**
 * What a path says by itself, without reading the file: configuration files, test files and the directories
 * that hold them, and entry points by convention (manage.py, src/main.rs, bin/…).
 */
final class ProjectLayout {

    /** Where a rule looks: the file name at any depth, the file name of a file at the root, or the whole path. */
    private enum Scope {
        ANYWHERE, AT_ROOT, PATH
    }

    private record Rule(Scope scope, Pattern pattern, String kind, String tool) {
    }

    /** Directory names that hold tests (a test file need not be named like one there). */
    private static final Set<String> TEST_DIRS = Set.of("test", "tests", "__tests__", "spec", "specs", "e2e",
            "androidTest", "integrationTest", "testFixtures");
    /** Directory names that hold test data: a manifest or a Dockerfile there belongs to a fixture, not the project. */
    private static final Set<String> FIXTURE_DIRS = Set.of("fixtures", "__fixtures__", "testdata", "test-fixtures",
            "test_data");
    private static final Pattern TEST_NAME = Pattern.compile(".+\\.(test|spec)\\.[cm]?[jt]sx?"
            + "|.+_test\\.(go|py|rb|exs|dart|c|cc|cpp)|test_.+\\.py"
            + "|.+(Test|Tests|IT|Spec)\\.(java|kt|scala|groovy|cs|fs|php|swift)|.+_spec\\.rb");
    private static final Pattern ROOT_OR_SRC_SCRIPT = Pattern.compile("(src/)?(index|main|app|server|cli)\\.([cm]?js|[cm]?ts)");
    private static final Pattern PYTHON_APP = Pattern.compile("(src/)?(app|main|wsgi|asgi|server)\\.py");

    private static final List<Rule> CONFIG = List.of(
            anywhere("(Dockerfile|Containerfile)(\\.[\\w.-]+)?|.*\\.[Dd]ockerfile", "container", "Dockerfile"),
            anywhere("(docker-)?compose(\\.[\\w.-]+)?\\.ya?ml", "container", "Docker Compose"),
            path("\\.github/workflows/[^/]+\\.ya?ml", "ci", "GitHub Actions"),
            anywhere("\\.gitlab-ci\\.ya?ml", "ci", "GitLab CI"),
            path("\\.circleci/config\\.ya?ml", "ci", "CircleCI"),
            anywhere("Jenkinsfile", "ci", "Jenkins"),
            anywhere("azure-pipelines\\.ya?ml", "ci", "Azure Pipelines"),
            atRoot("\\.travis\\.ya?ml", "ci", "Travis CI"),
            atRoot("bitbucket-pipelines\\.ya?ml", "ci", "Bitbucket Pipelines"),
            path("\\.buildkite/.+\\.ya?ml", "ci", "Buildkite"),
            atRoot("\\.drone\\.ya?ml", "ci", "Drone"),
            anywhere("(GNU)?[Mm]akefile", "build", "Makefile"),
            anywhere("\\.?[Jj]ustfile", "build", "just"),
            anywhere("Taskfile\\.ya?ml", "build", "Task"),
            anywhere("CMakeLists\\.txt", "build", "CMake"),
            anywhere("meson\\.build", "build", "Meson"),
            anywhere("(BUILD|BUILD\\.bazel|WORKSPACE|WORKSPACE\\.bazel|MODULE\\.bazel)", "build", "Bazel"),
            anywhere("build\\.sbt", "build", "sbt"),
            anywhere("[^/]+\\.sln", "build", "Visual Studio solution"),
            anywhere("Earthfile", "build", "Earthly"),
            anywhere("(tox\\.ini|noxfile\\.py)", "build", "tox/nox"),
            anywhere("(tsconfig(\\.[\\w.-]+)?|jsconfig)\\.json", "typescript", "tsconfig"),
            anywhere("(\\.eslintrc(\\.\\w+)?|eslint\\.config\\.[cm]?[jt]s)", "lint", "ESLint"),
            anywhere("(\\.prettierrc(\\.\\w+)?|prettier\\.config\\.[cm]?js)", "lint", "Prettier"),
            anywhere("biome\\.jsonc?", "lint", "Biome"),
            anywhere("\\.stylelintrc(\\.\\w+)?", "lint", "Stylelint"),
            atRoot("\\.editorconfig", "lint", "EditorConfig"),
            anywhere("\\.?ruff\\.toml", "lint", "Ruff"),
            anywhere("\\.flake8", "lint", "Flake8"),
            anywhere("\\.pylintrc", "lint", "Pylint"),
            anywhere("\\.?mypy\\.ini", "lint", "mypy"),
            anywhere("\\.golangci\\.(ya?ml|toml|json)", "lint", "golangci-lint"),
            anywhere("\\.?rustfmt\\.toml", "lint", "rustfmt"),
            anywhere("\\.?clippy\\.toml", "lint", "Clippy"),
            anywhere("\\.rubocop\\.ya?ml", "lint", "RuboCop"),
            anywhere("phpstan\\.neon(\\.dist)?", "lint", "PHPStan"),
            anywhere("\\.php-cs-fixer(\\.dist)?\\.php", "lint", "PHP CS Fixer"),
            anywhere("checkstyle\\.xml", "lint", "Checkstyle"),
            anywhere("\\.clang-(format|tidy)", "lint", "clang-format/tidy"),
            anywhere("\\.swiftlint\\.ya?ml", "lint", "SwiftLint"),
            anywhere("detekt\\.ya?ml", "lint", "detekt"),
            atRoot("\\.pre-commit-config\\.ya?ml", "lint", "pre-commit"),
            anywhere("vite\\.config\\.[cm]?[jt]s", "bundler", "Vite"),
            anywhere("webpack\\.config\\.[cm]?[jt]s", "bundler", "webpack"),
            anywhere("rollup\\.config\\.[cm]?[jt]s", "bundler", "Rollup"),
            anywhere("tsup\\.config\\.[cm]?[jt]s", "bundler", "tsup"),
            anywhere("next\\.config\\.[cm]?[jt]s", "bundler", "Next.js config"),
            anywhere("nuxt\\.config\\.[cm]?[jt]s", "bundler", "Nuxt config"),
            anywhere("svelte\\.config\\.[cm]?js", "bundler", "Svelte config"),
            anywhere("astro\\.config\\.[cm]?[jt]s", "bundler", "Astro config"),
            anywhere("angular\\.json", "bundler", "Angular CLI"),
            anywhere("(babel\\.config\\.[cm]?js|\\.babelrc(\\.\\w+)?)", "bundler", "Babel"),
            anywhere("tailwind\\.config\\.[cm]?[jt]s", "bundler", "Tailwind CSS"),
            anywhere("postcss\\.config\\.[cm]?js", "bundler", "PostCSS"),
            anywhere("metro\\.config\\.js", "bundler", "Metro"),
            anywhere("jest\\.config\\.([cm]?[jt]s|json)", "test", "Jest"),
            anywhere("vitest\\.(config|workspace)\\.[cm]?[jt]s", "test", "Vitest"),
            anywhere("playwright\\.config\\.[cm]?[jt]s", "test", "Playwright"),
            anywhere("(cypress\\.config\\.[cm]?[jt]s|cypress\\.json)", "test", "Cypress"),
            anywhere("(pytest\\.ini|conftest\\.py)", "test", "pytest"),
            anywhere("phpunit\\.xml(\\.dist)?", "test", "PHPUnit"),
            anywhere("\\.rspec", "test", "RSpec"),
            anywhere("karma\\.conf\\.[cm]?[jt]s", "test", "Karma"),
            anywhere("\\.mocharc(\\.\\w+)?", "test", "Mocha"),
            anywhere("(\\.env\\.(example|sample|template|dist|defaults)|example\\.env|\\.env\\.[\\w-]+\\.example)", "env",
                    ".env example"),
            anywhere("vercel\\.json", "deploy", "Vercel"),
            anywhere("netlify\\.toml", "deploy", "Netlify"),
            anywhere("fly\\.toml", "deploy", "Fly.io"),
            anywhere("railway\\.(json|toml)", "deploy", "Railway"),
            anywhere("render\\.ya?ml", "deploy", "Render"),
            anywhere("Procfile", "deploy", "Procfile"),
            atRoot("app\\.ya?ml", "deploy", "App Engine"),
            anywhere("serverless\\.ya?ml", "deploy", "Serverless"),
            anywhere("Chart\\.yaml", "deploy", "Helm"),
            anywhere("skaffold\\.ya?ml", "deploy", "Skaffold"),
            anywhere("kustomization\\.ya?ml", "deploy", "Kustomize"),
            anywhere("wrangler\\.(toml|jsonc?)", "deploy", "Cloudflare Workers"),
            anywhere("firebase\\.json", "deploy", "Firebase"),
            anywhere("heroku\\.ya?ml", "deploy", "Heroku"),
            anywhere("(CLAUDE|AGENTS|GEMINI)\\.md", "agent", "agent instructions"),
            path("(\\.cursorrules|\\.windsurfrules|\\.cursor/rules/.+|\\.github/copilot-instructions\\.md)", "agent",
                    "agent instructions"),
            atRoot("(\\.nvmrc|\\.node-version)", "toolchain", "Node version"),
            atRoot("\\.python-version", "toolchain", "Python version"),
            atRoot("\\.ruby-version", "toolchain", "Ruby version"),
            atRoot("(\\.java-version|\\.sdkmanrc)", "toolchain", "Java version"),
            atRoot("\\.tool-versions", "toolchain", "asdf"),
            atRoot("\\.?mise\\.toml", "toolchain", "mise"),
            anywhere("rust-toolchain(\\.toml)?", "toolchain", "Rust toolchain"),
            atRoot("(flake\\.nix|shell\\.nix|default\\.nix|devbox\\.json)", "toolchain", "Nix"),
            path("(\\.devcontainer/.*devcontainer\\.json|\\.devcontainer\\.json)", "toolchain", "Dev Container"),
            atRoot("global\\.json", "toolchain", ".NET SDK"),
            path("(\\.github/)?renovate\\.json5?|\\.renovaterc(\\.json)?", "dependencies", "Renovate"),
            path("\\.github/dependabot\\.ya?ml", "dependencies", "Dependabot"),
            path("(.*/)?src/main/resources/application(-[\\w-]+)?\\.(properties|ya?ml)", "app", "application config"),
            anywhere("appsettings(\\.[\\w-]+)?\\.json", "app", "appsettings"));

    private ProjectLayout() {
    }

    private static Rule anywhere(String nameRegex, String kind, String tool) {
        return new Rule(Scope.ANYWHERE, Pattern.compile(nameRegex), kind, tool);
    }

    private static Rule atRoot(String nameRegex, String kind, String tool) {
        return new Rule(Scope.AT_ROOT, Pattern.compile(nameRegex), kind, tool);
    }

    private static Rule path(String pathRegex, String kind, String tool) {
        return new Rule(Scope.PATH, Pattern.compile(pathRegex), kind, tool);
    }

    /** The configuration file a path is, or null; test data (a fixture's Dockerfile) is not the project's. */
    static ConfigFile config(String path) {
        if (inFixtures(path)) {
            return null;
        }
        String name = fileName(path);
        boolean atRoot = name.length() == path.length();
        for (Rule rule : CONFIG) {
            boolean matches = switch (rule.scope()) {
                case ANYWHERE -> rule.pattern().matcher(name).matches();
                case AT_ROOT -> atRoot && rule.pattern().matcher(name).matches();
                case PATH -> rule.pattern().matcher(path).matches();
            };
            if (matches) {
                return new ConfigFile(path, rule.kind(), rule.tool());
            }
        }
        return null;
    }

    /** True for a test source: named like one, or in a test directory. */
    static boolean isTestFile(String path) {
        return testDir(path) != null || TEST_NAME.matcher(fileName(path)).matches();
    }

    /** The test directory a path is in ("src/test", "packages/ui/__tests__"), or null. */
    static String testDir(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (TEST_DIRS.contains(parts[i])) {
                return String.join("/", Arrays.copyOfRange(parts, 0, i + 1));
            }
        }
        return null;
    }

    /**
     * True when a file lives in test data (a fixture project), not in the project itself: under a fixtures or
     * testdata directory, or in the resources of a test directory ({@code src/test/resources}).
     */
    static boolean inFixtures(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (FIXTURE_DIRS.contains(parts[i]) || parts[i].equals("resources") && i > 0 && TEST_DIRS.contains(parts[i - 1])) {
                return true;
            }
        }
        return false;
    }

    /** Records the entry point a path is by convention alone, if any. */
    static void conventionalEntry(String path, Findings f) {
        String name = fileName(path);
        int depth = Findings.depth(path);
        if (name.equals("manage.py") && depth <= 1) {
            f.entry(path, "conventional", "Django manage.py");
        } else if (name.equals("__main__.py")) {
            String dir = ManifestFile.dirOf(path);
            String module = (dir.startsWith("src/") ? dir.substring(4) : dir).replace('/', '.');
            f.entry(path, "conventional", module.isEmpty() ? null : "python -m " + module);
        } else if (depth <= 1 && PYTHON_APP.matcher(path).matches()) {
            f.entry(path, "conventional", null);
        } else if (ROOT_OR_SRC_SCRIPT.matcher(path).matches()) {
            f.entry(path, "conventional", null);
        } else if (path.endsWith("src/main.rs") || path.matches("(.*/)?src/bin/[^/]+\\.rs")) {
            f.entry(path, "conventional", "Rust binary");
        } else if (depth == 1 && (path.startsWith("bin/") || path.startsWith("exe/"))) {
            f.entry(path, "bin", null);
        } else if (name.equals("config.ru")) {
            f.entry(path, "conventional", "Rack");
        } else if (name.equals("Program.cs") || name.equals("Program.fs")) {
            f.entry(path, "conventional", ".NET");
        }
    }

    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
