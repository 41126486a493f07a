package dev.eaglemem.install;

import static dev.eaglemem.install.Fixtures.ALLOW;
import static dev.eaglemem.install.Fixtures.BIN;
import static dev.eaglemem.install.Fixtures.OLD_BIN;
import static dev.eaglemem.install.Fixtures.OURS;
import static dev.eaglemem.install.Fixtures.claudeHooks;
import static dev.eaglemem.install.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ClaudeSettingsTest {

    private static final Path FILE = Path.of("/home/dev/.claude/settings.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ClaudeSettings settings = new ClaudeSettings(FILE);

    private String add(String text) {
        return settings.add(text, claudeHooks(BIN), ALLOW, OURS);
    }

    @ParameterizedTest
    @ValueSource(strings = { "typical", "four-space", "compact", "empty-containers", "stale" })
    void addProducesTheGoldenFile(String name) {
        assertThat(add(read("claude/" + name + ".json"))).isEqualTo(read("claude/" + name + ".added.json"));
    }

    @ParameterizedTest
    @ValueSource(strings = { "typical", "four-space", "compact", "empty-containers" })
    void uninstallRestoresTheOriginalBytes(String name) {
        String original = read("claude/" + name + ".json");
        String installed = add(original);
        assertThat(installed).isNotEqualTo(original);
        assertThat(settings.remove(installed, original, OURS, ALLOW)).isSameAs(original);
    }

    @ParameterizedTest
    @ValueSource(strings = { "typical", "four-space", "compact", "empty-containers", "stale" })
    void addingTwiceIsAddingOnce(String name) {
        String once = add(read("claude/" + name + ".json"));
        assertThat(add(once)).isSameAs(once);
        assertThat(settings.drift(once, claudeHooks(BIN), OURS)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = { "typical", "four-space", "compact" })
    void theUsersHandlersKeepTheirEventGroupAndPosition(String name) throws Exception {
        String original = read("claude/" + name + ".json");
        assertThat(userHandlers(add(original))).isEqualTo(userHandlers(original)).isNotEmpty();
    }

    @Test
    void anInstalledFileInTheUsersOwnFormattingIsLeftByteForByte() throws Exception {
        String installed = add(read("claude/typical.json"));
        String fourSpace = JSON.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("    ", "\n")))
                .writeValueAsString(JSON.readTree(installed));
        assertThat(add(fourSpace)).isSameAs(fourSpace);
    }

    @Test
    void editsTheUserMadeAfterInstallSurviveUninstall() throws Exception {
        String original = read("claude/typical.json");
        ObjectNode edited = (ObjectNode) JSON.readTree(add(original));
        edited.put("model", "sonnet");
        ((ArrayNode) edited.get("hooks").get("PostToolUse")).addObject().put("matcher", "Edit")
                .putArray("hooks").addObject().put("type", "command").put("command", "make fmt");
        ((ArrayNode) edited.get("permissions").get("allow")).add("Bash(make:*)");

        String uninstalled = settings.remove(JsonText.print(edited), original, OURS, ALLOW);

        ObjectNode expected = (ObjectNode) JSON.readTree(original);
        expected.put("model", "sonnet");
        ((ObjectNode) expected.get("hooks")).putArray("PostToolUse").addObject().put("matcher", "Edit")
                .putArray("hooks").addObject().put("type", "command").put("command", "make fmt");
        ((ArrayNode) expected.get("permissions").get("allow")).add("Bash(make:*)");
        assertThat(JSON.readTree(uninstalled)).isEqualTo(expected);
        assertThat(uninstalled).doesNotContain(BIN, "mcp__eagle-mem__search").endsWith("}\n");
    }

    @Test
    void aMovedBinaryReplacesTheOldHandlersInPlace() throws Exception {
        String moved = add(read("claude/stale.json"));
        assertThat(moved).doesNotContain(OLD_BIN);
        JsonNode preToolUse = JSON.readTree(moved).get("hooks").get("PreToolUse");
        assertThat(preToolUse).hasSize(2);
        assertThat(preToolUse.get(0).get("hooks").get(0).get("command").asText())
                .isEqualTo("python3 ~/.claude/hooks/block-rm-rf.py");
        assertThat(preToolUse.get(1).get("hooks").get(0).get("timeout").asInt()).isEqualTo(10);
        assertThat(JSON.readTree(moved).get("hooks").has("Notification")).as("an event we no longer register").isFalse();
    }

    @Test
    void aMissingOrEmptyFileStartsFromAnEmptyObjectAndUninstallEmptiesItAgain() throws Exception {
        for (String empty : new String[] { null, "", "  \n" }) {
            String installed = add(empty);
            assertThat(JSON.readTree(installed).properties()).extracting(e -> e.getKey())
                    .containsExactly("hooks", "permissions");
            assertThat(settings.remove(installed, "", OURS, ALLOW)).as("\"\" = the file did not exist").isEmpty();
            assertThat(settings.remove(installed, null, OURS, ALLOW)).isEqualTo("{}\n");
        }
        assertThat(settings.add("", List.of(), List.of(), OURS)).isEmpty();
    }

    @Test
    void aUserHandlerPutIntoOurGroupKeepsTheGroupOnUninstall() throws Exception {
        ObjectNode installed = (ObjectNode) JSON.readTree(add("{}"));
        ((ArrayNode) installed.get("hooks").get("Stop").get(0).get("hooks")).addObject().put("type", "command")
                .put("command", "say done");
        JsonNode after = JSON.readTree(settings.remove(JsonText.print(installed), "{}", OURS, ALLOW));
        assertThat(after.get("hooks").get("Stop")).hasSize(1);
        assertThat(after.get("hooks").get("Stop").get(0).get("hooks").get(0).get("command").asText()).isEqualTo("say done");
        assertThat(after.get("hooks").properties()).hasSize(1);
        assertThat(after.has("permissions")).isFalse();
    }

    @Test
    void withoutASnapshotUninstallPrunesOnlyWhatItEmptied() throws Exception {
        String original = read("claude/empty-containers.json");
        JsonNode after = JSON.readTree(settings.remove(add(original), null, OURS, ALLOW));
        assertThat(after.toString()).isEqualTo("{\"env\":{}}");
        JsonNode typical = JSON.readTree(settings.remove(add(read("claude/typical.json")), null, OURS, ALLOW));
        assertThat(typical).isEqualTo(JSON.readTree(read("claude/typical.json")));
    }

    @Test
    void aNewMatcherOrTimeoutUpdatesOurGroupInPlaceAndKeepsKeysTheUserAdded() throws Exception {
        ObjectNode installed = (ObjectNode) JSON.readTree(add(read("claude/typical.json")));
        ObjectNode ours = (ObjectNode) installed.get("hooks").get("PreToolUse").get(1).get("hooks").get(0);
        ours.put("shell", "bash");
        List<HookRegistration> next = new ArrayList<>(claudeHooks(BIN));
        next.set(2, new HookRegistration("PreToolUse", "Bash", BIN + " hook pre-tool-use", 15, false, "guarding"));

        JsonNode updated = JSON.readTree(settings.add(JsonText.print(installed), next, ALLOW, OURS));
        JsonNode group = updated.get("hooks").get("PreToolUse").get(1);
        assertThat(group.get("matcher").asText()).isEqualTo("Bash");
        assertThat(group.get("hooks").get(0).toString()).isEqualTo("{\"type\":\"command\",\"command\":\"" + BIN
                + " hook pre-tool-use\",\"timeout\":15,\"shell\":\"bash\",\"statusMessage\":\"guarding\"}");
        assertThat(updated.get("hooks").get("PreToolUse")).hasSize(2);
    }

    @Test
    void ourRulesInAnotherFormAreReplacedAndUninstallRecognisesEitherForm() throws Exception {
        String original = "{\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(make:*)\"\n    ]\n  }\n}\n";
        List<String> bare = Registrations.claudeAllowRules("eagle-mem");
        List<String> full = Registrations.claudeAllowRules("/home/dev/.local/bin/eagle-mem");
        String byName = settings.add(original, claudeHooks(BIN), bare, Registrations::isOurAllowRule, original, OURS);
        String byPath = settings.add(byName, claudeHooks(BIN), full, Registrations::isOurAllowRule, original, OURS);
        assertThat(JSON.readTree(byPath).get("permissions").get("allow")).extracting(JsonNode::asText)
                .containsExactlyElementsOf(concat(List.of("Bash(make:*)"), full));
        assertThat(settings.add(byPath, claudeHooks(BIN), full, Registrations::isOurAllowRule, original, OURS))
                .as("idempotent").isSameAs(byPath);
        String none = settings.add(byPath, claudeHooks(BIN), List.of(), Registrations::isOurAllowRule, original, OURS);
        assertThat(JSON.readTree(none).get("permissions").get("allow")).extracting(JsonNode::asText)
                .containsExactly("Bash(make:*)");
        assertThat(settings.remove(byPath, original, OURS, Registrations::isOurAllowRule)).isEqualTo(original);
        assertThat(settings.remove(byName, original, OURS, Registrations::isOurAllowRule)).isEqualTo(original);
    }

    @Test
    void aRuleOfOursTheUserHadBeforeInstallIsNotTakenOut() throws Exception {
        String original = "{\"permissions\": {\"allow\": [\"Bash(eagle-mem search:*)\"]}}";
        String none = settings.add(original, List.of(), List.of(), Registrations::isOurAllowRule, original, OURS);
        assertThat(none).isSameAs(original);
        String unknown = settings.add(original, List.of(), List.of(), Registrations::isOurAllowRule, null, OURS);
        assertThat(unknown).as("no before-install text: nothing is taken out").isSameAs(original);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    @Test
    void aRuleTheUserAlreadyHadStaysAfterUninstall() throws Exception {
        String original = read("claude/compact.json");
        String edited = add(original).replace("\"model\": \"sonnet\"", "\"model\": \"opus\"");
        JsonNode after = JSON.readTree(settings.remove(edited, original, OURS, ALLOW));
        assertThat(after.get("permissions").get("allow").toString()).isEqualTo("[\"mcp__eagle-mem__search\"]");
        assertThat(after.get("model").asText()).isEqualTo("opus");
    }

    @Test
    void driftNamesMissingDifferentDuplicateAndLeftoverHandlers() {
        assertThat(settings.drift(read("claude/typical.json"), claudeHooks(BIN), OURS)).hasSize(5)
                .allMatch(line -> line.endsWith("is not registered"))
                .contains("PreToolUse (matcher \"Bash|Read|Edit|Write\"): \"" + BIN + " hook pre-tool-use\" is not registered");
        assertThat(settings.drift(read("claude/stale.json"), claudeHooks(BIN), OURS)).containsExactly(
                "SessionStart: \"" + OLD_BIN + " hook session-start\" differs from what eagle-mem registers: command \""
                        + OLD_BIN + " hook session-start\" (expected \"" + BIN + " hook session-start\")",
                "UserPromptSubmit: \"" + BIN + " hook user-prompt-submit\" is not registered",
                "PreToolUse (matcher \"Bash|Read|Edit|Write\"): \"" + OLD_BIN + " hook pre-tool-use\" differs from what "
                        + "eagle-mem registers: command \"" + OLD_BIN + " hook pre-tool-use\" (expected \"" + BIN
                        + " hook pre-tool-use\"), timeout 5 (expected 10)",
                "PostToolUse: \"" + BIN + " hook post-tool-use\" is not registered",
                "Stop: \"" + BIN + " hook stop\" is not registered",
                "PreToolUse (matcher \"Bash|Read|Edit|Write\"): \"" + OLD_BIN + " hook pre-tool-use\" is an eagle-mem hook "
                        + "that is no longer registered",
                "Notification: \"" + OLD_BIN + " hook notification\" is an eagle-mem hook that is no longer registered");
        String doubled = add("{}").replace("\"Stop\": [", "\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \""
                + BIN + " hook stop\", \"timeout\": 30, \"async\": true}]},");
        assertThat(settings.drift(doubled, claudeHooks(BIN), OURS))
                .containsExactly("Stop: \"" + BIN + " hook stop\" is registered more than once");
        assertThat(settings.drift("{\"disableAllHooks\": true}", List.of(), OURS))
                .containsExactly("disableAllHooks is true: Claude Code runs no hooks at all, eagle-mem's included");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "{\"hooks\": {\"Stop\": [],}}                     | settings.json line 1, column 23: Unexpected character ('}'",
            "[]                                               | the top level must be a JSON object, found an array",
            "{\"hooks\": []}                                  | \"hooks\" must be an object, found an array",
            "{\"hooks\": {\"Stop\": {}}}                      | hooks.Stop must be an array of matcher groups, found an object",
            "{\"hooks\": {\"Stop\": [\"x\"]}}                 | hooks.Stop[0] must be an object, found the string \"x\"",
            "{\"hooks\": {\"Stop\": [{\"hooks\": {}}]}}       | hooks.Stop[0].hooks must be an array, found an object",
            "{\"hooks\": {\"Stop\": [{\"hooks\": [1]}]}}      | hooks.Stop[0].hooks[0] must be an object, found the number 1",
            "{\"hooks\": null}                                | \"hooks\" must be an object, found null",
            "{\"permissions\": {\"allow\": \"Bash\"}}         | permissions.allow must be an array, found the string \"Bash\"",
            "{\"permissions\": true}                          | \"permissions\" must be an object, found true",
            "{\"model\": \"a\", \"model\": \"b\"}             | Duplicate field 'model'",
            "// a comment\\n{}                                | malformed JSON in /home/dev/.claude/settings.json line 1",
            "{} {}                                            | line 1, column 4: more text after the end of the JSON value",
    })
    void malformedSettingsAreRefusedNamingTheFileAndTheProblem(String text, String problem) {
        String json = text.strip().replace("\\n", "\n");
        assertThatThrownBy(() -> add(json)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(e.getMessage()).contains(FILE.toString()).contains(problem);
            assertThat(e.fix())
                    .isEqualTo("fix the file (jq . " + FILE + " shows what it parses as), then rerun eagle-mem install");
        });
        assertThatThrownBy(() -> settings.remove(json, null, OURS, ALLOW)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.fix()).endsWith("rerun eagle-mem uninstall"));
    }

    @Test
    void aPathWithSpacesIsQuotedInTheFix() {
        ClaudeSettings odd = new ClaudeSettings(Path.of("/home/dev/My Settings/settings.json"));
        assertThatThrownBy(() -> odd.add("{", List.of(), List.of(), OURS)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.fix()).contains("jq . '/home/dev/My Settings/settings.json'"));
    }

    /** (event, group index, handler) for every handler that is not ours, in file order. */
    private static List<String> userHandlers(String text) throws Exception {
        List<String> out = new ArrayList<>();
        JsonNode hooks = JSON.readTree(text).path("hooks");
        hooks.properties().forEach(event -> {
            for (int g = 0; g < event.getValue().size(); g++) {
                for (JsonNode handler : event.getValue().get(g).path("hooks")) {
                    if (!OURS.test(handler.path("command").asText())) {
                        out.add(event.getKey() + "[" + g + "] " + handler);
                    }
                }
            }
        });
        return out;
    }
}
