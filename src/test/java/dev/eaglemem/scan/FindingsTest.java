package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Framework;
import org.junit.jupiter.api.Test;

/**
 * The order findings come out in: the report and the overview list them as given here, so the most telling comes
 * first and the order never depends on which reader thread finished first.
 */
class FindingsTest {

    @Test
    void theNameComesFromTheTopMostManifestAndTheFirstOneThereWins() {
        Findings f = new Findings();
        f.name("apps/web/package.json", "web");
        f.name("package.json", "  shop  ");
        f.name("Cargo.toml", "other");
        f.name("go.mod", " ");
        f.name("pom.xml", null);

        assertThat(f.name()).isEqualTo("shop");
        assertThat(new Findings().name()).isNull();
    }

    @Test
    void frameworksShallowestFirstThenByTheirReadersRankThenInTheOrderFound() {
        Findings f = new Findings();
        f.framework("React", "web/package.json", 0);
        f.framework("Express", "package.json", 5);
        f.framework("Next.js", "package.json", 1);
        f.framework("Fastify", "package.json", 5);
        f.framework("Vitest", "web/package.json", 9);
        f.framework("React", "package.json", 2);
        f.framework("Next.js", "web/package.json", 0);

        assertThat(f.frameworks()).as("a framework found twice is listed once, at its shallowest manifest")
                .containsExactly(new Framework("Next.js", "package.json"), new Framework("React", "package.json"),
                        new Framework("Express", "package.json"), new Framework("Fastify", "package.json"),
                        new Framework("Vitest", "web/package.json"));
    }

    @Test
    void entryPointsByKindThenDepthThenPathAndEachOnce() {
        Findings f = new Findings();
        f.entry("scripts/deploy.sh", "script", null);
        f.entry("src/main.rs", "main", null);
        f.entry("Procfile", "procfile", "web: node server.js");
        f.entry("b/cli.js", "bin", "b");
        f.entry("a/x/cli.js", "bin", "a");
        f.entry("z.js", "bin", "z");
        f.entry("Dockerfile", "container", "CMD node server.js");
        f.entry("src/main.rs", "main", null);
        f.entry("src/main.rs", "main", "#[tokio::main]");

        assertThat(f.entryPoints()).containsExactly(new EntryPoint("z.js", "bin", "z"),
                new EntryPoint("b/cli.js", "bin", "b"), new EntryPoint("a/x/cli.js", "bin", "a"),
                new EntryPoint("src/main.rs", "main", null), new EntryPoint("src/main.rs", "main", "#[tokio::main]"),
                new EntryPoint("Dockerfile", "container", "CMD node server.js"),
                new EntryPoint("Procfile", "procfile", "web: node server.js"),
                new EntryPoint("scripts/deploy.sh", "script", null));
        assertThat(Findings.ENTRY_KINDS).containsExactly("bin", "main", "start", "container", "procfile",
                "conventional", "script");
    }

    @Test
    void anEntryPointOfAnUnknownKindIsAProgrammingError() {
        assertThatThrownBy(() -> new Findings().entry("x", "daemon", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown entry point kind daemon");
    }

    @Test
    void dependenciesShallowestFirstThenByManifestPath() {
        Findings f = new Findings();
        f.dependencies("services/api/go.mod", "go", 3, null);
        f.dependencies("web/package.json", "npm", 4, 2);
        f.dependencies("pom.xml", "maven", 1, 0);
        f.dependencies("app/pom.xml", "maven", 5, 1);
        f.dependencies("Cargo.toml", "cargo", 2, 1);

        assertThat(f.dependencies()).extracting(Dependencies::manifest).containsExactly("Cargo.toml", "pom.xml",
                "app/pom.xml", "web/package.json", "services/api/go.mod");
    }

    @Test
    void addingEachFilesFindingsGivesTheSameResultWhicheverFinishedFirst() {
        Findings root = new Findings();
        root.name("package.json", "shop");
        root.framework("Express", "package.json", 3);
        root.testFramework("Jest");
        root.entry("server.js", "main", null);
        root.warn("package.json", "bad");
        Findings web = new Findings();
        web.name("web/package.json", "web");
        web.framework("React", "web/package.json", 0);
        web.framework("Express", "web/package.json", 0);
        web.testFramework("Vitest");
        web.testFramework("Jest");
        web.entry("web/main.js", "main", null);
        web.workspace("npm", "web/package.json", List.of("packages/*"), "package.json");
        web.warn("web/package.json", "worse");

        for (List<Findings> order : List.of(List.of(root, web), List.of(web, root))) {
            Findings all = new Findings();
            order.forEach(all::addAll);
            assertThat(all.name()).isEqualTo("shop");
            assertThat(all.frameworks()).containsExactly(new Framework("Express", "package.json"),
                    new Framework("React", "web/package.json"));
            assertThat(all.entryPoints()).extracting(EntryPoint::path).containsExactly("server.js", "web/main.js");
            assertThat(all.workspaces()).containsExactly(
                    new Findings.Declared("npm", "web/package.json", "web", List.of("packages/*"), "package.json"));
        }
        Findings inPathOrder = new Findings();
        inPathOrder.addAll(root);
        inPathOrder.addAll(web);
        assertThat(inPathOrder.testFrameworks()).containsExactly("Jest", "Vitest");
        assertThat(inPathOrder.warnings()).containsExactly("package.json: bad", "web/package.json: worse");
    }

    @Test
    void depthCountsSlashes() {
        assertThat(Findings.depth("package.json")).isZero();
        assertThat(Findings.depth("a/b/c/pom.xml")).isEqualTo(3);
    }
}
