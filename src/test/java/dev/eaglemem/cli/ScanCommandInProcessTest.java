package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eagle-mem scan} through the real command line in process (see {@link CommandsInProcessTest}): the project is
 * {@value IsolatedEnv#PROJECT} (EAGLE_MEM_PROJECT), the scanned tree a Go service written by the test.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class ScanCommandInProcessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path service;

    @BeforeEach
    void isolate() throws IOException {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
        service = Files.createDirectories(dir.resolve("service"));
        Files.writeString(service.resolve("go.mod"), "module example.com/orders\n\nrequire github.com/gin-gonic/gin v1.10.0\n");
        Files.createDirectories(service.resolve("cmd/orders"));
        Files.writeString(service.resolve("cmd/orders/main.go"), "package main\n\nfunc main() {\n}\n");
        Files.writeString(service.resolve("Dockerfile"), "FROM golang:1.22\nCMD [\"/orders\"]\n");
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
    }

    private static LaunchResult exits(LaunchResult r, int code) {
        assertThat(r.exitCode()).as("exit code; stderr: %s; stdout: %s", r.getErrorOutput(), r.getOutput()).isEqualTo(code);
        return r;
    }

    private static JsonNode json(LaunchResult r) {
        assertThat(r.getOutputStream()).as("one JSON line on stdout; stderr: %s", r.getErrorOutput()).hasSize(1);
        try {
            return JSON.readTree(r.getOutput());
        } catch (IOException e) {
            throw new AssertionError("stdout is not JSON: " + r.getOutput(), e);
        }
    }

    @Test
    void scanJsonStoresTheOverviewAndPrintsTheReport(QuarkusMainLauncher launcher) throws IOException {
        JsonNode scan = json(exits(launcher.launch("scan", service.toString(), "--json"), 0));

        assertThat(scan.get("project").asText()).isEqualTo(IsolatedEnv.PROJECT);
        assertThat(scan.get("root").asText()).isEqualTo(service.toRealPath().toString());
        assertThat(scan.get("stored").asBoolean()).isTrue();
        assertThat(scan.get("reason").asText()).isEqualTo("no_overview");
        assertThat(scan.get("previous_source").isNull()).isTrue();
        assertThat(scan.get("kept_overview").isNull()).isTrue();
        JsonNode report = scan.get("report");
        assertThat(report.get("git").asBoolean()).isFalse();
        assertThat(report.get("fallback_reason").asText()).isEqualTo("not a git repository");
        assertThat(report.get("files").asInt()).isEqualTo(3);
        assertThat(report.get("frameworks").get(0).get("name").asText()).isEqualTo("Gin");
        assertThat(report.get("entry_points").get(0).get("path").asText()).isEqualTo("cmd/orders/main.go");
        assertThat(report.get("entry_points").get(1).get("detail").asText()).isEqualTo("CMD [\"/orders\"]");
        assertThat(report.get("dependencies").get(0).get("dev").isNull()).isTrue();
        assertThat(report.get("languages").get(0).get("kind").asText()).isEqualTo("programming");
        assertThat(report.has("took_ms")).isTrue();

        JsonNode shown = json(exits(launcher.launch("overview", "show", "--json"), 0));
        assertThat(shown.get("overview").asText()).isEqualTo(scan.get("overview").asText()).startsWith("example.com/orders: Go"
                + " project using Gin (3 files");

        JsonNode again = json(exits(launcher.launch("scan", service.toString(), "--json"), 0));
        assertThat(again.get("reason").asText()).isEqualTo("replaced_scan");
        assertThat(again.get("previous_source").asText()).isEqualTo("scan");
    }

    @Test
    void aPersonsOverviewIsKeptWithTheCommandThatReplacesItAndForceReplacesIt(QuarkusMainLauncher launcher) {
        exits(launcher.launch("overview", "set", "Orders service, written by a person."), 0);

        LaunchResult kept = exits(launcher.launch("scan", service.toString()), 0);
        assertThat(kept.getOutput()).startsWith("example.com/orders: Go project using Gin")
                .contains("Not stored: kept the overview a person wrote for code/shop (\"Orders service, written by a"
                        + " person.\"). Replace it: eagle-mem scan --force " + service);
        assertThat(exits(launcher.launch("overview", "show"), 0).getOutput()).isEqualTo("Orders service, written by a person.");
        JsonNode keptJson = json(exits(launcher.launch("scan", service.toString(), "--json"), 0));
        assertThat(keptJson.get("stored").asBoolean()).isFalse();
        assertThat(keptJson.get("reason").asText()).isEqualTo("kept_manual");
        assertThat(keptJson.get("kept_overview").asText()).isEqualTo("Orders service, written by a person.");

        JsonNode forced = json(exits(launcher.launch("scan", "--force", service.toString(), "--json"), 0));
        assertThat(forced.get("stored").asBoolean()).isTrue();
        assertThat(forced.get("reason").asText()).isEqualTo("forced");
        assertThat(forced.get("previous_source").asText()).isEqualTo("manual");
        assertThat(exits(launcher.launch("overview", "show"), 0).getOutput()).startsWith("example.com/orders: Go project");
    }

    @Test
    void withoutADirectoryTheWorkingDirectoryIsScannedAndSaysWhatItStored(QuarkusMainLauncher launcher) {
        LaunchResult r = exits(launcher.launch("scan"), 0);
        assertThat(r.getOutput()).startsWith("shop: project (0 files, no source code recognised).")
                .contains("Scanned 0 files in " + dir.resolve("home/code/shop") + " (")
                .contains("not a git repository, so a directory walk without .gitignore")
                .endsWith("Stored as the overview of code/shop.");
    }

    @Test
    void aMissingDirectoryOrAFileIsAnErrorWithAFix(QuarkusMainLauncher launcher) {
        LaunchResult missing = exits(launcher.launch("scan", dir.resolve("nope").toString()), 3);
        assertThat(missing.getErrorStream()).containsExactly("eagle-mem: no directory " + dir.resolve("nope"),
                "  fix: eagle-mem scan PATH   (a project directory that exists)");
        JsonNode error = json(exits(launcher.launch("scan", dir.resolve("nope").toString(), "--json"), 3)).get("error");
        assertThat(error.get("code").asText()).isEqualTo("not_found");

        LaunchResult file = exits(launcher.launch("scan", service.resolve("go.mod").toString()), 2);
        assertThat(file.getErrorStream()).containsExactly(
                "eagle-mem: " + service.resolve("go.mod") + " is a file, not a directory",
                "  fix: eagle-mem scan " + service);
        assertThat(exits(launcher.launch("overview", "show", "--json"), 0).getOutput()).contains("\"overview\":null");
    }
}
