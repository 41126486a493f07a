package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Folder;
import dev.eaglemem.scan.ScanReport.Framework;
import dev.eaglemem.scan.ScanReport.Language;
import dev.eaglemem.scan.ScanReport.LanguageKind;
import dev.eaglemem.scan.ScanReport.Skipped;
import dev.eaglemem.scan.ScanReport.Tests;
import dev.eaglemem.scan.ScanReport.Workspace;
import org.junit.jupiter.api.Test;

/**
 * The overview's exact wording and line order on reports built by hand: SessionStart shows its first 600 characters,
 * so what comes first is a contract, not a detail.
 */
class OverviewTextTest {

    private static final Language JAVA = new Language("Java", LanguageKind.PROGRAMMING, 8, 900);
    private static final Language HTML = new Language("HTML", LanguageKind.MARKUP, 2, 100);
    private static final Language YAML = new Language("YAML", LanguageKind.DATA, 1, 40);

    /** A report with only what a test sets; everything else empty. */
    private record Report(String name, int files, int topLevelFiles, List<Language> languages,
            List<Framework> frameworks, List<Folder> structure, List<EntryPoint> entryPoints, Tests tests,
            List<ConfigFile> config, List<Dependencies> dependencies, List<Workspace> workspaces) {

        static Report of(String name) {
            return new Report(name, 1, 0, List.of(JAVA), List.of(), List.of(), List.of(), new Tests(0, List.of(), List.of()),
                    List.of(), List.of(), List.of());
        }

        Report files(int files, int topLevel) {
            return new Report(name, files, topLevel, languages, frameworks, structure, entryPoints, tests, config,
                    dependencies, workspaces);
        }

        Report languages(Language... l) {
            return new Report(name, files, topLevelFiles, List.of(l), frameworks, structure, entryPoints, tests, config,
                    dependencies, workspaces);
        }

        Report frameworks(List<Framework> f) {
            return new Report(name, files, topLevelFiles, languages, f, structure, entryPoints, tests, config,
                    dependencies, workspaces);
        }

        Report structure(Folder... s) {
            return new Report(name, files, topLevelFiles, languages, frameworks, List.of(s), entryPoints, tests, config,
                    dependencies, workspaces);
        }

        Report entryPoints(List<EntryPoint> e) {
            return new Report(name, files, topLevelFiles, languages, frameworks, structure, e, tests, config,
                    dependencies, workspaces);
        }

        Report tests(Tests t) {
            return new Report(name, files, topLevelFiles, languages, frameworks, structure, entryPoints, t, config,
                    dependencies, workspaces);
        }

        Report config(ConfigFile... c) {
            return new Report(name, files, topLevelFiles, languages, frameworks, structure, entryPoints, tests,
                    List.of(c), dependencies, workspaces);
        }

        Report dependencies(Dependencies... d) {
            return new Report(name, files, topLevelFiles, languages, frameworks, structure, entryPoints, tests, config,
                    List.of(d), workspaces);
        }

        Report workspaces(Workspace... w) {
            return new Report(name, files, topLevelFiles, languages, frameworks, structure, entryPoints, tests, config,
                    dependencies, List.of(w));
        }

        String render() {
            long lines = languages.stream().mapToLong(Language::lines).sum();
            return OverviewText.render(new ScanReport(Path.of("/tmp", "p"), true, null, name, files, topLevelFiles, lines,
                    new Skipped(0, 0, 0, 0), languages, frameworks, structure, entryPoints, tests, config, dependencies,
                    workspaces, List.of(), 5));
        }
    }

    @Test
    void everySectionInItsPlaceWithTheMostTellingFirst() {
        String text = Report.of("shop").files(12, 2).languages(JAVA, HTML, YAML)
                .frameworks(List.of(new Framework("Quarkus", "pom.xml")))
                .structure(new Folder("src", 9), new Folder("docs", 1))
                .entryPoints(List.of(new EntryPoint("src/main/java/App.java", "main", null),
                        new EntryPoint("Dockerfile", "container", "CMD java -jar app.jar")))
                .tests(new Tests(3, List.of("src/test"), List.of("JUnit 5")))
                .config(new ConfigFile(".github/workflows/ci.yml", "ci", "GitHub Actions"),
                        new ConfigFile("Dockerfile", "container", "Docker"),
                        new ConfigFile(".github/workflows/release.yml", "ci", "GitHub Actions"))
                .dependencies(new Dependencies("pom.xml", "maven", 4, 2))
                .render();

        assertThat(text).as("data languages (YAML) are not code; a container config comes before CI").isEqualTo("""
                shop: Java project using Quarkus (12 files, ~1k lines of code: Java 90%, HTML 10%).
                Entry points: src/main/java/App.java (main), Dockerfile (CMD java -jar app.jar).
                Tests: 3 files in src/test; JUnit 5.
                Structure: src/ (9 files), docs/ (1); 2 files at the top.
                Dependencies: pom.xml 4 + 2 dev.
                Config: Docker, GitHub Actions (2).""");
    }

    @Test
    void aMonorepoNamesItsWorkspaceToolsAndSortedMembersRightAfterTheSummary() {
        String text = Report.of("mono").files(30, 1).workspaces(
                new Workspace("npm", "package.json", List.of("apps/*", "packages/*"), List.of("packages/ui", "apps/web")),
                new Workspace("turbo", "turbo.json", List.of(), List.of("apps/web")),
                new Workspace("pnpm", "pnpm-workspace.yaml", List.of("tools/*"), List.of()))
                .structure(new Folder("apps", 20))
                .render();

        assertThat(text.lines().toList()).containsExactly(
                "mono: Java monorepo (30 files, ~900 lines of code: Java 100%).",
                "Workspaces (npm + turbo + pnpm): apps/web, packages/ui.",
                "Tests: none found.",
                "Structure: apps/ (20 files); 1 file at the top.");
        assertThat(Report.of("mono").workspaces(
                new Workspace("go.work", "go.work", List.of("./svc", "./lib"), List.of())).render())
                .as("without members found, the declared patterns in their order")
                .contains("\nWorkspaces (go.work): ./svc, ./lib.\n");
    }

    @Test
    void aBuildLanguageIsNeverWhatTheProjectIsWhileItHasAnother() {
        Language docker = new Language("Dockerfile", LanguageKind.PROGRAMMING, 1, 3000);
        Language go = new Language("Go", LanguageKind.PROGRAMMING, 4, 1000);

        assertThat(Report.of("svc").languages(docker, go).render())
                .startsWith("svc: Go project (1 file, ~4k lines of code: Dockerfile 75%, Go 25%).");
        assertThat(Report.of("img").languages(docker).render()).startsWith("img: Dockerfile project (");
        assertThat(Report.of("docs").files(3, 3).languages(YAML).render())
                .isEqualTo("docs: project (3 files, no source code recognised).\nTests: none found.");
    }

    @Test
    void longListsShowTheirFirstItemsAndHowManyMore() {
        List<Framework> frameworks = IntStream.range(0, 10).mapToObj(i -> new Framework("F" + i, "package.json"))
                .toList();
        Language[] languages = IntStream.range(0, 6)
                .mapToObj(i -> new Language("L" + i, LanguageKind.PROGRAMMING, 1, 100)).toArray(Language[]::new);
        ConfigFile[] config = IntStream.range(0, 14).mapToObj(i -> new ConfigFile("c" + i, "lint", "T" + i))
                .toArray(ConfigFile[]::new);

        String text = Report.of("many").frameworks(frameworks).languages(languages).config(config).render();

        assertThat(text).startsWith("many: L0 project using F0, F1, F2, F3, F4, F5, F6, F7 (+2 more) (1 file, ~600"
                + " lines of code: L0 17%, L1 17%, L2 17%, L3 17%).")
                .endsWith("\nConfig: T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11 (+2 more).");
    }

    @Test
    void listsShrinkUntilTheWholeFitsAndTheRestIsCounted() {
        List<EntryPoint> entries = IntStream.range(0, 20)
                .mapToObj(i -> new EntryPoint("scripts/%02d-%s.sh".formatted(i, "a".repeat(180)), "script", null))
                .toList();

        String text = Report.of("tools").entryPoints(entries).render();

        List<String> firstSix = entries.subList(0, 6).stream().map(EntryPoint::path).toList();
        assertThat(text.length()).isLessThanOrEqualTo(OverviewText.MAX_CHARS);
        assertThat(text.lines().toList().get(1))
                .as("eight entries are too long for %s characters, six fit", OverviewText.MAX_CHARS)
                .isEqualTo("Entry points: " + String.join(", ", firstSix) + " (+14 more).");
    }

    @Test
    void whatStillDoesNotFitIsCutAtAWord() {
        // the leading x puts no space at the last position that fits, so a cut there would split a word
        String text = Report.of("x" + "word ".repeat(400).strip()).render();

        assertThat(text.length()).isLessThan(OverviewText.MAX_CHARS);
        assertThat(text).startsWith("xword word ").endsWith(" word…");
    }

    @Test
    void entryDetailsAreShortenedAndOnlyAMainWithoutOneSaysMain() {
        List<EntryPoint> entries = new ArrayList<>();
        entries.add(new EntryPoint("cmd/api/main.go", "main", null));
        entries.add(new EntryPoint("run.sh", "script", null));
        entries.add(new EntryPoint("Procfile", "procfile", "x".repeat(100)));

        assertThat(Report.of("e").entryPoints(entries).render()).contains("\nEntry points: cmd/api/main.go (main), run.sh,"
                + " Procfile (" + "x".repeat(59) + "…).\n");
    }

    @Test
    void theFirstFolderSaysFilesOrFileByItsCount() {
        assertThat(Report.of("a").files(3, 2).structure(new Folder("src", 1)).render())
                .endsWith("\nStructure: src/ (1 file); 2 files at the top.");
        assertThat(Report.of("b").structure(new Folder("src", 2), new Folder("lib", 1)).render())
                .endsWith("\nStructure: src/ (2 files), lib/ (1).");
    }

    @Test
    void countsAreSingularForOneAndZeroDevDependenciesAreNotMentioned() {
        String text = Report.of("one").files(1, 1)
                .tests(new Tests(1, List.of(), List.of()))
                .dependencies(new Dependencies("go.mod", "go", 3, null), new Dependencies("package.json", "npm", 2, 0))
                .render();

        assertThat(text).isEqualTo("""
                one: Java project (1 file, ~900 lines of code: Java 100%).
                Tests: 1 file.
                Dependencies: go.mod 3, package.json 2.""");
    }
}
