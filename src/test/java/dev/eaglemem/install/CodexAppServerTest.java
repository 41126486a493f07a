package dev.eaglemem.install;

import static dev.eaglemem.install.Fixtures.BIN;
import static dev.eaglemem.install.Fixtures.OURS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against the real Codex CLI (0.169.0 when written). Set EAGLE_CODEX_JS (or -Deagle.codex.js) to its
 * {@code bin/codex.js}; by default the project's {@code .e2e-tools} install is used.
 */
class CodexAppServerTest {

    private static final Path CODEX_JS = Path.of(System.getProperty("eagle.codex.js",
            System.getenv().getOrDefault("EAGLE_CODEX_JS", ".e2e-tools/node_modules/@openai/codex/bin/codex.js")));

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static List<HookRegistration> twoHooks() {
        return List.of(
                new HookRegistration("SessionStart", "startup|resume", BIN + " hook session-start", 20, false,
                        "eagle-mem: recalling"),
                new HookRegistration("PreToolUse", "Bash", BIN + " hook pre-tool-use", 10, false, null));
    }

    @Test
    void hooksWeWriteAreListedUntrustedUntilConfigTomlHoldsTheirHash() throws Exception {
        assumeTrue(Files.isRegularFile(CODEX_JS), "skipping: no Codex CLI at " + CODEX_JS.toAbsolutePath()
                + " (npm install --prefix .e2e-tools @openai/codex@0.169.0, or set EAGLE_CODEX_JS)");
        Path codexHome = Files.createDirectories(dir.resolve("home \"q\"/.codex"));
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Path hooksJson = codexHome.resolve("hooks.json");
        Path configToml = codexHome.resolve("config.toml");
        String userConfig = "# mine\nmodel = \"gpt-5.5\"\n";
        Files.writeString(configToml, userConfig);
        Files.writeString(hooksJson, new CodexHooksFile(hooksJson).add("", twoHooks(), OURS));
        CodexAppServer server = new CodexAppServer(List.of("node", CODEX_JS.toAbsolutePath().toString(), "app-server"),
                Map.of("HOME", codexHome.getParent().toString(), "CODEX_HOME", codexHome.toString()), repo);

        HookListing first = server.listHooks();
        assertThat(first.warnings()).isEmpty();
        assertThat(first.errors()).isEmpty();
        List<HookState> ours = first.hooks().stream().filter(h -> h.command() != null && OURS.test(h.command())).toList();
        assertThat(ours).extracting(HookState::key).containsExactlyInAnyOrder(
                hooksJson + ":session_start:0:0", hooksJson + ":pre_tool_use:0:0");
        HookState session = ours.stream().filter(h -> h.eventName().equals("sessionStart")).findFirst().orElseThrow();
        assertThat(session).extracting(HookState::source, HookState::sourcePath, HookState::trustStatus,
                HookState::matcher, HookState::timeoutSec, HookState::statusMessage, HookState::enabled, HookState::managed)
                .containsExactly("user", hooksJson.toString(), "untrusted", "startup|resume", 20L, "eagle-mem: recalling",
                        true, false);
        assertThat(ours).allMatch(HookState::needsTrust).allMatch(h -> h.currentHash().matches("sha256:[0-9a-f]{64}"));

        Map<String, String> hashes = new LinkedHashMap<>();
        ours.forEach(h -> hashes.put(h.key(), h.currentHash()));
        CodexConfig config = new CodexConfig(configToml);
        Files.writeString(configToml, config.trust(userConfig, hashes));
        assertThat(server.listHooks().hooks()).filteredOn(h -> hashes.containsKey(h.key()))
                .hasSize(2).allMatch(h -> h.trustStatus().equals("trusted"));

        // a new timeout changes the handler's hash: Codex asks for trust again
        List<HookRegistration> changed = List.of(twoHooks().get(0),
                new HookRegistration("PreToolUse", "Bash", BIN + " hook pre-tool-use", 15, false, null));
        Files.writeString(hooksJson, new CodexHooksFile(hooksJson).add(Files.readString(hooksJson), changed, OURS));
        assertThat(server.listHooks().hooks()).filteredOn(h -> hashes.containsKey(h.key()))
                .extracting(HookState::trustStatus).containsExactlyInAnyOrder("trusted", "modified");

        Files.writeString(configToml, config.untrust(Files.readString(configToml), hashes::containsKey));
        assertThat(Files.readString(configToml)).isEqualTo(userConfig);
        assertThat(server.listHooks().hooks()).filteredOn(h -> hashes.containsKey(h.key())).allMatch(HookState::needsTrust);
        assertNoProcessLeftIn(repo);
    }

    @Test
    void trustTheUserGaveLaterHooksSurvivesTheShiftWhenOursAreRemoved() throws Exception {
        assumeTrue(Files.isRegularFile(CODEX_JS), "skipping: no Codex CLI at " + CODEX_JS.toAbsolutePath());
        Path codexHome = Files.createDirectories(dir.resolve("home/.codex"));
        Path hooksJson = codexHome.resolve("hooks.json");
        Path configToml = codexHome.resolve("config.toml");
        CodexHooksFile hooksFile = new CodexHooksFile(hooksJson);
        CodexConfig config = new CodexConfig(configToml);
        ObjectNode tree = (ObjectNode) JSON.readTree(hooksFile.add("", twoHooks(), OURS));
        ObjectNode events = (ObjectNode) tree.get("hooks");
        ((ArrayNode) events.get("PreToolUse")).addObject().putArray("hooks").addObject().put("type", "command")
                .put("command", "echo mine");
        for (String event : List.of("UserPromptSubmit", "PostToolUse", "PreCompact", "SubagentStop")) {
            events.putArray(event).addObject().putArray("hooks").addObject().put("type", "command").put("command", "true");
        }
        String installed = JsonText.print(tree);
        Files.writeString(hooksJson, installed);
        CodexAppServer server = new CodexAppServer(List.of("node", CODEX_JS.toAbsolutePath().toString(), "app-server"),
                Map.of("HOME", codexHome.getParent().toString(), "CODEX_HOME", codexHome.toString()), dir);
        List<HookState> before = server.listHooks().hooks();
        assertThat(before).extracting(HookState::key).containsExactlyInAnyOrder(hooksJson + ":session_start:0:0",
                hooksJson + ":pre_tool_use:0:0", hooksJson + ":pre_tool_use:1:0", hooksJson + ":user_prompt_submit:0:0",
                hooksJson + ":post_tool_use:0:0", hooksJson + ":pre_compact:0:0", hooksJson + ":subagent_stop:0:0");
        Map<String, String> all = new LinkedHashMap<>();
        before.forEach(h -> all.put(h.key(), h.currentHash()));
        Files.writeString(configToml, config.trust("", all)); // the user chose "Trust all and continue"

        String uninstalled = hooksFile.remove(installed, null, OURS);
        Map<String, String> moved = hooksFile.movedTrustKeys(installed, uninstalled, before.getFirst().sourcePath(), OURS);
        List<String> ourKeys = before.stream().filter(h -> OURS.test(h.command())).map(HookState::key).toList();
        String untrusted = config.untrust(Files.readString(configToml), ourKeys::contains);
        Map<String, String> hashes = config.trustedHashes(untrusted);
        Map<String, String> carried = new LinkedHashMap<>();
        moved.forEach((from, to) -> carried.put(to, hashes.get(from)));
        Files.writeString(hooksJson, uninstalled);
        Files.writeString(configToml, config.trust(untrusted, carried));

        assertThat(moved).containsExactly(Map.entry(hooksJson + ":pre_tool_use:1:0", hooksJson + ":pre_tool_use:0:0"));
        assertThat(server.listHooks().hooks()).hasSize(5).allMatch(h -> h.trustStatus().equals("trusted"));
    }

    @Test
    void aBrokenHooksFileShowsUpAsAWarning() throws Exception {
        assumeTrue(Files.isRegularFile(CODEX_JS), "skipping: no Codex CLI at " + CODEX_JS.toAbsolutePath());
        Path codexHome = Files.createDirectories(dir.resolve("home/.codex"));
        Files.writeString(codexHome.resolve("hooks.json"), "{\"hooks\": {}, \"extra\": 1}");
        HookListing listing = new CodexAppServer(List.of("node", CODEX_JS.toAbsolutePath().toString(), "app-server"),
                Map.of("HOME", codexHome.getParent().toString(), "CODEX_HOME", codexHome.toString()), dir).listHooks();
        assertThat(listing.hooks()).isEmpty();
        assertThat(listing.warnings()).singleElement().asString().contains("failed to parse hooks config", "extra");
    }

    @Test
    void aMissingBinaryIsAClearFailure() {
        CodexAppServer server = new CodexAppServer(List.of(dir.resolve("no-codex").toString(), "app-server"), Map.of(), dir);
        assertThatThrownBy(server::listHooks).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("codex_unavailable");
            assertThat(e.getMessage()).startsWith("cannot start " + dir.resolve("no-codex") + " app-server in " + dir);
            assertThat(e.fix()).isEqualTo("check that codex runs: " + dir.resolve("no-codex") + " --version");
        });
    }

    @Test
    void aServerThatExitsEarlyReportsItsExitCodeAndStderr() {
        CodexAppServer server = new CodexAppServer(List.of("sh", "-c", "echo 'config.toml: bad' >&2; exit 3"), Map.of(), dir);
        assertThatThrownBy(server::listHooks).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("codex_app_server_failed");
            assertThat(e.getMessage()).contains("exit code 3").contains("config.toml: bad");
        });
    }

    @Test
    void aSilentServerTimesOutAndIsKilled() throws Exception {
        Path marker = dir.resolve("pid");
        CodexAppServer server = new CodexAppServer(List.of("sh", "-c", "echo $$ > '" + marker + "'; exec sleep 60"),
                Map.of(), dir, Duration.ofSeconds(1));
        long start = System.nanoTime();
        assertThatThrownBy(server::listHooks).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("codex_app_server_timeout");
            assertThat(e.getMessage()).contains("did not answer initialize within 1 s");
        });
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
        long pid = Long.parseLong(Files.readString(marker).strip());
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void aJsonRpcErrorIsReported() {
        String script = "read line; echo '{\"id\":1,\"error\":{\"code\":-32601,\"message\":\"method not found\"}}'; sleep 5";
        CodexAppServer server = new CodexAppServer(List.of("sh", "-c", script), Map.of(), dir);
        assertThatThrownBy(server::listHooks).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("codex_app_server_error");
            assertThat(e.getMessage()).isEqualTo("codex app-server rejected initialize: method not found");
        });
    }

    /** The npm launcher runs the native binary as a child; neither may outlive the call. */
    private static void assertNoProcessLeftIn(Path cwd) throws Exception {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return;
        }
        Path real = cwd.toRealPath();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        List<String> left;
        do {
            try (Stream<Path> entries = Files.list(proc)) {
                left = entries.filter(p -> p.getFileName().toString().matches("\\d+"))
                        .filter(p -> real.equals(cwdOf(p))).map(p -> p.getFileName().toString()).toList();
            }
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        assertThat(left).as("processes still running in " + cwd).isEmpty();
    }

    private static Path cwdOf(Path procEntry) {
        try {
            return Files.readSymbolicLink(procEntry.resolve("cwd"));
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
