package dev.eaglemem.scan;

import static dev.eaglemem.scan.ManifestFile.keys;
import static dev.eaglemem.scan.ManifestFile.strings;
import static dev.eaglemem.scan.ManifestFile.text;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Python: pyproject.toml and Pipfile (TOML, through Jackson), requirements files and setup.cfg (line readers: both
 * are line formats). setup.py is a program and is not read; its project shows through the other files and the code.
 */
final class PythonManifests {

    /** Matched on normalized distribution names (lower case, '-' for '_' and '.'). */
    static final Catalog FRAMEWORKS = Catalog.exact("django", "Django", "fastapi", "FastAPI", "flask", "Flask",
            "starlette", "Starlette", "tornado", "Tornado", "aiohttp", "aiohttp", "sanic", "Sanic", "litestar", "Litestar",
            "streamlit", "Streamlit", "gradio", "Gradio", "dash", "Dash", "celery", "Celery", "sqlalchemy", "SQLAlchemy",
            "pydantic", "Pydantic", "pandas", "pandas", "polars", "Polars", "numpy", "NumPy", "scipy", "SciPy",
            "scikit-learn", "scikit-learn", "torch", "PyTorch", "tensorflow", "TensorFlow", "jax", "JAX", "transformers",
            "Transformers", "langchain", "LangChain", "anthropic", "Anthropic SDK", "openai", "OpenAI SDK", "scrapy",
            "Scrapy", "click", "Click", "typer", "Typer");
    static final Catalog TESTS = Catalog.exact("pytest", "pytest", "nose2", "nose2", "nose", "nose", "behave", "behave",
            "hypothesis", "Hypothesis");

    /** The leading distribution name of a PEP 508 requirement ("fastapi[all]>=0.110; python_version>'3.8'"). */
    private static final Pattern REQUIREMENT = Pattern.compile("^\\s*([A-Za-z0-9][A-Za-z0-9._-]*)");
    /** Words that mark a dependency group or a requirements file as for development, not for running. */
    private static final Set<String> DEV_WORDS = Set.of("dev", "develop", "development", "test", "tests", "testing",
            "lint", "linting", "doc", "docs", "typing", "types", "typecheck", "check", "ci", "qa", "bench", "benchmark",
            "benchmarks", "style", "format");

    private PythonManifests() {
    }

    /** True when one of the name's words ("requirements-dev.txt", "test", "lint_docs") is a development word. */
    static boolean isDev(String name) {
        for (String word : name.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (DEV_WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    static String normalize(String name) {
        return name.toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
    }

    /** The distribution names of PEP 508 requirement strings. */
    private static List<String> names(List<String> requirements) {
        List<String> names = new ArrayList<>();
        for (String requirement : requirements) {
            Matcher m = REQUIREMENT.matcher(requirement);
            if (m.find()) {
                names.add(normalize(m.group(1)));
            }
        }
        return names;
    }

    static void pyproject(ManifestFile m, Findings f) throws IOException {
        JsonNode root = m.toml();
        JsonNode project = root.path("project");
        JsonNode poetry = root.path("tool").path("poetry");
        f.name(m.path(), text(project.get("name")) != null ? text(project.get("name")) : text(poetry.get("name")));
        List<String> runtime = new ArrayList<>(names(strings(project.get("dependencies"))));
        List<String> dev = new ArrayList<>();
        List<String> extras = new ArrayList<>();
        JsonNode optional = project.get("optional-dependencies");
        for (String group : keys(optional)) {
            (isDev(group) ? dev : extras).addAll(names(strings(optional.get(group))));
        }
        JsonNode groups = root.get("dependency-groups"); // PEP 735: development groups by definition
        for (String group : keys(groups)) {
            dev.addAll(names(strings(groups.get(group))));
        }
        keys(poetry.get("dependencies")).stream().filter(n -> !n.equals("python")).map(PythonManifests::normalize)
                .forEach(runtime::add);
        keys(poetry.get("dev-dependencies")).stream().map(PythonManifests::normalize).forEach(dev::add);
        JsonNode poetryGroups = poetry.get("group");
        for (String group : keys(poetryGroups)) {
            keys(poetryGroups.get(group).get("dependencies")).stream().map(PythonManifests::normalize).forEach(dev::add);
        }
        dev.addAll(names(strings(root.path("tool").path("uv").get("dev-dependencies"))));
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), poetry.isMissingNode() ? "pip" : "poetry", runtime.size(), dev.size());
        }
        List<String> all = new ArrayList<>(runtime);
        all.addAll(dev);
        all.addAll(extras);
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
        if (root.path("tool").has("pytest")) {
            f.testFramework("pytest");
        }
        Map<String, String> scripts = new LinkedHashMap<>();
        JsonNode projectScripts = project.get("scripts");
        keys(projectScripts).forEach(k -> scripts.put(k, text(projectScripts.get(k))));
        JsonNode poetryScripts = poetry.get("scripts");
        keys(poetryScripts).forEach(k -> scripts.putIfAbsent(k, text(poetryScripts.get(k))));
        scripts.forEach((name, target) -> f.entry(m.path(), "bin", name + " = " + target));
    }

    /** requirements.txt, requirements-dev.txt, requirements/test.txt…: one requirement per line. */
    static void requirements(ManifestFile m, Findings f) {
        List<String> lines = m.text().lines().map(l -> l.replaceFirst("\\s+#.*$", "").strip())
                .filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.startsWith("-")).toList();
        List<String> names = names(lines);
        if (names.isEmpty()) {
            return;
        }
        if (isDev(m.fileName())) {
            f.dependencies(m.path(), "pip", 0, names.size());
        } else {
            f.dependencies(m.path(), "pip", names.size(), null);
        }
        FRAMEWORKS.frameworks(names, m.path(), f);
        TESTS.testFrameworks(names, f);
    }

    /** Pipfile: TOML with [packages] and [dev-packages]. */
    static void pipfile(ManifestFile m, Findings f) throws IOException {
        JsonNode root = m.toml();
        List<String> runtime = keys(root.get("packages")).stream().map(PythonManifests::normalize).toList();
        List<String> dev = keys(root.get("dev-packages")).stream().map(PythonManifests::normalize).toList();
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "pipenv", runtime.size(), dev.size());
        }
        List<String> all = new ArrayList<>(runtime);
        all.addAll(dev);
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
    }

    /**
     * setup.cfg: an INI file; {@code install_requires} and the extras are multi-line values (continuation lines are
     * indented), console scripts are {@code name = module:function} lines under {@code console_scripts}.
     */
    static void setupCfg(ManifestFile m, Findings f) {
        Map<String, Map<String, List<String>>> ini = Ini.parse(m.text());
        Map<String, List<String>> metadata = ini.getOrDefault("metadata", Map.of());
        if (metadata.containsKey("name") && !metadata.get("name").isEmpty()) {
            f.name(m.path(), metadata.get("name").getFirst());
        }
        List<String> runtime = names(ini.getOrDefault("options", Map.of()).getOrDefault("install_requires", List.of()));
        List<String> dev = new ArrayList<>();
        List<String> all = new ArrayList<>(runtime);
        ini.getOrDefault("options.extras_require", Map.of()).forEach((group, requirements) -> {
            List<String> names = names(requirements);
            all.addAll(names);
            if (isDev(group)) {
                dev.addAll(names);
            }
        });
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "pip", runtime.size(), dev.size());
        }
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
        if (ini.containsKey("tool:pytest")) {
            f.testFramework("pytest");
        }
        for (String script : ini.getOrDefault("options.entry_points", Map.of()).getOrDefault("console_scripts", List.of())) {
            f.entry(m.path(), "bin", script.replaceAll("\\s*=\\s*", " = "));
        }
    }

    /** The INI dialect of setup.cfg and tox.ini: sections, {@code key = value}, indented continuation lines. */
    static final class Ini {

        private Ini() {
        }

        /** section → key → the value's non-blank lines (the first line's text, then each continuation line). */
        static Map<String, Map<String, List<String>>> parse(String text) {
            Map<String, Map<String, List<String>>> sections = new LinkedHashMap<>();
            Map<String, List<String>> section = null;
            List<String> value = null;
            for (String raw : text.lines().toList()) {
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                    continue;
                }
                if (line.startsWith("[") && line.endsWith("]")) {
                    section = sections.computeIfAbsent(line.substring(1, line.length() - 1).strip(), k -> new LinkedHashMap<>());
                    value = null;
                } else if (Character.isWhitespace(raw.charAt(0)) && value != null) {
                    value.add(line);
                } else if (section != null) {
                    int eq = indexOfSeparator(line);
                    if (eq > 0) {
                        value = new ArrayList<>();
                        String first = line.substring(eq + 1).strip();
                        if (!first.isEmpty()) {
                            value.add(first);
                        }
                        section.put(line.substring(0, eq).strip(), value);
                    }
                }
            }
            return sections;
        }

        private static int indexOfSeparator(String line) {
            int eq = line.indexOf('=');
            int colon = line.indexOf(':');
            return eq < 0 ? colon : colon < 0 ? eq : Math.min(eq, colon);
        }
    }
}
