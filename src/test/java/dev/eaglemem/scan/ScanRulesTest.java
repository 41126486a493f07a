package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.LanguageKind;
import org.junit.jupiter.api.Test;

/**
 * What scan concludes from a path or a few YAML lines alone: the rules the overview is built on, pinned one by one
 * so a changed rule shows here and not as a shifted line in a whole-project test.
 */
class ScanRulesTest {

    @Test
    void aYamlSequenceIsReadInBlockOrFlowStyleWithCommentsAndQuotesGone() {
        String pnpm = """
                # the workspace
                packages:
                  - 'apps/*'   # the apps
                  - "packages/**"
                  -   libs/core
                  - ''
                catalog:
                  - not/a/package
                """;
        assertThat(YamlLines.sequence(pnpm, "packages")).containsExactly("apps/*", "packages/**", "libs/core");
        assertThat(YamlLines.sequence("packages: [ 'a/*', b , \"\" ]\n", "packages")).containsExactly("a/*", "b");
        assertThat(YamlLines.sequence("packages: apps/*\n", "packages")).as("a scalar is no sequence").isEmpty();
        assertThat(YamlLines.sequence("packagesx:\n  - a\n", "packages")).as("another key that starts the same")
                .isEmpty();
    }

    @Test
    void aYamlMappingGivesTheKeysOfItsFirstLevelOnly() {
        String pubspec = """
                name: "shop"   # the app
                homepage: https://example.com/#top
                dependencies:
                  flutter:
                    sdk: flutter
                  'http': ^1.2.0
                  provider: ^6.0.0 # state
                dev_dependencies:
                  test: any
                """;
        assertThat(YamlLines.mappingKeys(pubspec, "dependencies")).containsExactly("flutter", "http", "provider");
        assertThat(YamlLines.mappingKeys(pubspec, "dev_dependencies")).containsExactly("test");
        assertThat(YamlLines.mappingKeys(pubspec, "environment")).isEmpty();
        assertThat(YamlLines.scalar(pubspec, "name")).isEqualTo("shop");
        assertThat(YamlLines.scalar(pubspec, "homepage")).as("a # inside a word is no comment")
                .isEqualTo("https://example.com/#top");
        assertThat(YamlLines.scalar(pubspec, "dependencies")).as("a mapping has no scalar value").isNull();
        assertThat(YamlLines.scalar(pubspec, "version")).isNull();
    }

    @Test
    void aFilesLanguageComesFromItsNameOrExtensionWhateverTheCase() {
        assertThat(FileLanguages.of("App.JAVA")).isEqualTo(new FileLanguages.Lang("Java", LanguageKind.PROGRAMMING));
        assertThat(FileLanguages.of("Dockerfile.prod").name()).isEqualTo("Dockerfile");
        assertThat(FileLanguages.of("api.dockerfile").name()).isEqualTo("Dockerfile");
        assertThat(FileLanguages.of("CMakeLists.txt").name()).as("a known name wins over its extension").isEqualTo("CMake");
        assertThat(FileLanguages.of("notes.txt")).isEqualTo(new FileLanguages.Lang("Text", LanguageKind.PROSE));
        assertThat(FileLanguages.of("shop.csproj").kind()).isEqualTo(LanguageKind.DATA);
        assertThat(FileLanguages.of(".env")).as("a dot file has no extension").isNull();
        assertThat(FileLanguages.of("LICENSE")).isNull();
        assertThat(FileLanguages.of("photo.png")).isNull();

        assertThat(FileLanguages.isSourceCode(FileLanguages.of("main.go"))).isTrue();
        assertThat(FileLanguages.isSourceCode(FileLanguages.of("Makefile"))).as("a build language is no source")
                .isFalse();
        assertThat(FileLanguages.isSourceCode(FileLanguages.of("README.md"))).isFalse();
        assertThat(FileLanguages.isSourceCode(null)).isFalse();
    }

    @Test
    void nonBlankLinesAreCountedOnTheBytesUpToTheGivenLength() {
        byte[] text = "a\n\n  \t\r\nb\u00e9\r\n\fc".getBytes(StandardCharsets.UTF_8);
        assertThat(FileLanguages.nonBlankLines(text, text.length)).isEqualTo(3);
        assertThat(FileLanguages.nonBlankLines(text, 2)).as("only the bytes read so far").isEqualTo(1);
        assertThat(FileLanguages.nonBlankLines(new byte[0], 0)).isZero();
        byte[] trailing = "x\n".getBytes(StandardCharsets.UTF_8);
        assertThat(FileLanguages.nonBlankLines(trailing, trailing.length)).isEqualTo(1);
    }

    @Test
    void aConfigFileIsKnownByNameAtAnyDepthAtTheRootOnlyOrByItsWholePath() {
        assertThat(ProjectLayout.config("services/api/Dockerfile.dev")).isEqualTo(
                new ConfigFile("services/api/Dockerfile.dev", "container", "Dockerfile"));
        assertThat(ProjectLayout.config(".github/workflows/ci.yml").tool()).isEqualTo("GitHub Actions");
        assertThat(ProjectLayout.config("docs/.github/workflows/ci.yml")).as("a workflow is only one at its path")
                .isNull();
        assertThat(ProjectLayout.config(".travis.yml").tool()).isEqualTo("Travis CI");
        assertThat(ProjectLayout.config("vendor/lib/.travis.yml")).as("a vendored project's CI is not this one's")
                .isNull();
        assertThat(ProjectLayout.config("web/tsconfig.build.json").kind()).isEqualTo("typescript");
        assertThat(ProjectLayout.config("src/test/resources/app/Dockerfile")).as("a fixture's file").isNull();
        assertThat(ProjectLayout.config("testdata/compose.yaml")).isNull();
        assertThat(ProjectLayout.config("src/Main.java")).isNull();
    }

    @Test
    void aTestFileIsNamedLikeOneOrLivesInATestDirectory() {
        for (String test : List.of("src/cart.test.ts", "pkg/cart_test.go", "tests/conftest.py", "test_cart.py",
                "src/test/java/CartIT.java", "spec/cart_spec.rb", "app/__tests__/cart.js", "CartTests.swift")) {
            assertThat(ProjectLayout.isTestFile(test)).as(test).isTrue();
        }
        for (String code : List.of("src/cart.ts", "src/testing.ts", "contest.py", "src/Test.java", "latest/x.go",
                "test")) {
            assertThat(ProjectLayout.isTestFile(code)).as(code).isFalse();
        }
        assertThat(ProjectLayout.testDir("packages/ui/__tests__/a/b.js")).isEqualTo("packages/ui/__tests__");
        assertThat(ProjectLayout.testDir("src/test/java/A.java")).isEqualTo("src/test");
        assertThat(ProjectLayout.testDir("src/main/java/A.java")).isNull();
        assertThat(ProjectLayout.inFixtures("src/main/resources/app.yml")).as("main resources are the project's")
                .isFalse();
    }

    @Test
    void entryPointsByConventionAloneAndWhatTheySay() {
        Findings f = new Findings();
        for (String path : List.of("manage.py", "src/shop/__main__.py", "__main__.py", "app.py", "deep/x/app.py",
                "src/index.ts", "crates/cli/src/main.rs", "src/bin/tool.rs", "bin/console", "bin/x/y", "config.ru",
                "Api/Program.cs", "lib/util.ts")) {
            ProjectLayout.conventionalEntry(path, f);
        }
        assertThat(f.entryPoints()).extracting(EntryPoint::path, EntryPoint::kind, EntryPoint::detail)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("manage.py", "conventional", "Django manage.py"),
                        org.assertj.core.groups.Tuple.tuple("src/shop/__main__.py", "conventional", "python -m shop"),
                        org.assertj.core.groups.Tuple.tuple("__main__.py", "conventional", null),
                        org.assertj.core.groups.Tuple.tuple("app.py", "conventional", null),
                        org.assertj.core.groups.Tuple.tuple("src/index.ts", "conventional", null),
                        org.assertj.core.groups.Tuple.tuple("crates/cli/src/main.rs", "conventional", "Rust binary"),
                        org.assertj.core.groups.Tuple.tuple("src/bin/tool.rs", "conventional", "Rust binary"),
                        org.assertj.core.groups.Tuple.tuple("bin/console", "bin", null),
                        org.assertj.core.groups.Tuple.tuple("config.ru", "conventional", "Rack"),
                        org.assertj.core.groups.Tuple.tuple("Api/Program.cs", "conventional", ".NET"));
    }
}
