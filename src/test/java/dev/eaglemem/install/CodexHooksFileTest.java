package dev.eaglemem.install;

import static dev.eaglemem.install.Fixtures.BIN;
import static dev.eaglemem.install.Fixtures.OLD_BIN;
import static dev.eaglemem.install.Fixtures.OURS;
import static dev.eaglemem.install.Fixtures.codexHooks;
import static dev.eaglemem.install.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;

class CodexHooksFileTest {

    private static final Path FILE = Path.of("/home/dev/.codex/hooks.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final CodexHooksFile hooks = new CodexHooksFile(FILE);

    @Test
    void addAppendsOurGroupsAfterTheUsersAndUninstallRestoresTheBytes() {
        String original = read("codex/user-hooks.json");
        String installed = hooks.add(original, codexHooks(BIN), OURS);
        assertThat(installed).isEqualTo(read("codex/user-hooks.added.json"));
        assertThat(hooks.add(installed, codexHooks(BIN), OURS)).isSameAs(installed);
        assertThat(hooks.remove(installed, original, OURS)).isSameAs(original);
        assertThat(hooks.drift(installed, codexHooks(BIN), OURS)).isEmpty();
    }

    @Test
    void handlersCarryStatusMessageButNeverAsync() throws Exception {
        List<HookRegistration> async = List.of(new HookRegistration("Stop", null, BIN + " hook stop", 30, true, "saving"));
        JsonNode handler = JSON.readTree(hooks.add("", async, OURS)).get("hooks").get("Stop").get(0).get("hooks").get(0);
        assertThat(handler.toString()).isEqualTo(
                "{\"type\":\"command\",\"command\":\"" + BIN + " hook stop\",\"timeout\":30,\"statusMessage\":\"saving\"}");
    }

    @Test
    void aMovedBinaryKeepsItsGroupIndexSoOnlyItsHashChanges() throws Exception {
        String installedAtOldPath = hooks.add(read("codex/user-hooks.json"), codexHooks(OLD_BIN), OURS);
        String moved = hooks.add(installedAtOldPath, codexHooks(BIN), OURS);
        assertThat(moved).isEqualTo(read("codex/user-hooks.added.json"));
    }

    @Test
    void uninstallWithoutASnapshotLeavesTheUsersFileAndDropsWhatWeEmptied() throws Exception {
        String installed = hooks.add("", codexHooks(BIN), OURS);
        assertThat(hooks.remove(installed, "", OURS)).as("the file did not exist: delete it").isEmpty();
        assertThat(hooks.remove(installed, null, OURS)).isEqualTo("{}\n");
        String userEdited = installed.replace("\"Stop\": [",
                "\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"make lint\"}]},");
        assertThat(JSON.readTree(hooks.remove(userEdited, "", OURS)).toString())
                .isEqualTo("{\"hooks\":{\"Stop\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"make lint\"}]}]}}");
    }

    @Test
    void removingOurHandlersReportsTheTrustKeysOfUserHandlersThatMoved() {
        String installed = """
                {"hooks": {
                  "Stop": [
                    {"hooks": [{"type": "http", "url": "http://localhost:9/stop"}]},
                    {"hooks": [{"type": "command", "command": "%1$s hook stop", "timeout": 30}]},
                    {"hooks": [{"type": "command", "command": "echo added after ours"}]}
                  ],
                  "PreToolUse": [
                    {"matcher": "Bash", "hooks": [
                      {"type": "command", "command": "%1$s hook pre-tool-use", "timeout": 10},
                      {"type": "command", "command": "echo shares our group"}]}
                  ]}}
                """.formatted(BIN);
        String uninstalled = hooks.remove(installed, null, OURS);
        assertThat(hooks.movedTrustKeys(installed, uninstalled, FILE.toString(), OURS)).containsExactly(
                Map.entry(FILE + ":stop:2:0", FILE + ":stop:1:0"),
                Map.entry(FILE + ":pre_tool_use:0:1", FILE + ":pre_tool_use:0:0"));
        assertThat(hooks.movedTrustKeys(installed, installed, FILE.toString(), OURS)).isEmpty();
        assertThat(CodexHooksFile.snakeCase("UserPromptSubmit")).isEqualTo("user_prompt_submit");
    }

    @Test
    void topLevelKeysCodexRejectsAreRefusedBeforeAnythingIsAdded() {
        assertThatThrownBy(() -> hooks.add("{\"hooks\": {}, \"version\": 1}", codexHooks(BIN), OURS))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).isEqualTo(FILE + ": unknown top-level key \"version\"; Codex accepts only "
                            + "\"hooks\" and \"description\" there and ignores the whole file otherwise");
                    assertThat(e.fix()).isEqualTo("fix the file (jq . " + FILE
                            + " shows what it parses as), then rerun eagle-mem install");
                });
        assertThatThrownBy(() -> hooks.add("{\"hooks\": {\"Stop\": {}}}", codexHooks(BIN), OURS))
                .isInstanceOf(EagleException.class).hasMessageContaining("hooks.Stop must be an array");
        assertThatThrownBy(() -> hooks.drift("{\"hooks\": ", codexHooks(BIN), OURS))
                .isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.fix()).endsWith("rerun eagle-mem doctor"));
    }

    @Test
    void driftReportsAMissingStatusMessageAndAnUnexpectedMatcher() {
        String installed = hooks.add("", codexHooks(BIN), OURS)
                .replace(",\n            \"statusMessage\": \"eagle-mem: recalling\"", "")
                .replace("\"matcher\": \"Bash\"", "\"matcher\": \"*\"");
        assertThat(hooks.drift(installed, codexHooks(BIN), OURS)).containsExactly(
                "SessionStart (matcher \"startup|resume\"): \"" + BIN + " hook session-start\" differs from what eagle-mem"
                        + " registers: statusMessage absent (expected \"eagle-mem: recalling\")",
                "PreToolUse (matcher \"*\"): \"" + BIN + " hook pre-tool-use\" differs from what eagle-mem registers: "
                        + "matcher \"*\" (expected \"Bash\")");
    }
}
