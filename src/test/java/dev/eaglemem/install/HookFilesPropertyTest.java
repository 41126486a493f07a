package dev.eaglemem.install;

import static dev.eaglemem.install.Fixtures.ALLOW;
import static dev.eaglemem.install.Fixtures.BIN;
import static dev.eaglemem.install.Fixtures.OLD_BIN;
import static dev.eaglemem.install.Fixtures.OURS;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** Install then uninstall, over a few hundred generated files: the user's file comes back byte for byte. */
class HookFilesPropertyTest {

    private static final int RUNS = 400;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ClaudeSettings claude = new ClaudeSettings(Path.of("/home/dev/.claude/settings.json"));
    private final CodexHooksFile codex = new CodexHooksFile(Path.of("/home/dev/.codex/hooks.json"));

    @Test
    void claudeUninstallRestoresEveryGeneratedFile() throws Exception {
        for (long seed = 0; seed < RUNS; seed++) {
            SettingsTrees trees = new SettingsTrees(seed, false);
            String original = trees.format(trees.claude());
            List<HookRegistration> hooks = someOf(Fixtures.claudeHooks(BIN), seed);
            List<String> allow = seed % 3 == 0 ? List.of() : ALLOW;
            String installed = claude.add(original, hooks, allow, OURS);
            String because = "seed " + seed + ", file:\n" + original;

            assertThat(claude.remove(installed, original, OURS, allow)).as(because).isEqualTo(original);
            assertThat(claude.add(installed, hooks, allow, OURS)).as(because).isEqualTo(installed);
            assertThat(claude.drift(installed, hooks, OURS)).as(because).isEmpty();
            assertThat(userHandlers(installed)).as(because).isEqualTo(userHandlers(original));
            String pruned = claude.remove(installed, null, OURS, allow);
            assertThat(userHandlers(pruned)).as(because).isEqualTo(userHandlers(original));
            assertThat(pruned).as(because).doesNotContain(BIN);
        }
    }

    @Test
    void codexUninstallRestoresEveryGeneratedFile() throws Exception {
        for (long seed = 0; seed < RUNS; seed++) {
            SettingsTrees trees = new SettingsTrees(seed, false);
            String original = trees.format(trees.codex());
            List<HookRegistration> hooks = someOf(Fixtures.codexHooks(BIN), seed);
            String installed = codex.add(original, hooks, OURS);
            String because = "seed " + seed + ", file:\n" + original;

            assertThat(codex.remove(installed, original, OURS)).as(because).isEqualTo(original);
            assertThat(codex.add(installed, hooks, OURS)).as(because).isEqualTo(installed);
            assertThat(userHandlers(installed)).as(because).isEqualTo(userHandlers(original));
            assertThat(JSON.readTree(installed).findValues("async")).as("Codex gets no async: " + because)
                    .hasSameSizeAs(JSON.readTree(original.isBlank() ? "{}" : original).findValues("async"));
        }
    }

    @Test
    void staleHandlersAnywhereAreReplacedNotDuplicated() throws Exception {
        for (long seed = 0; seed < RUNS; seed++) {
            SettingsTrees trees = new SettingsTrees(seed, false);
            ObjectNode tree = trees.claude();
            sprinkleStaleHandlers(tree, new Random(seed));
            String original = trees.format(tree);
            String installed = claude.add(original, Fixtures.claudeHooks(BIN), ALLOW, OURS);
            String because = "seed " + seed + ", file:\n" + original;

            assertThat(installed).as(because).doesNotContain(OLD_BIN);
            assertThat(claude.drift(installed, Fixtures.claudeHooks(BIN), OURS)).as(because).isEmpty();
            assertThat(claude.add(installed, Fixtures.claudeHooks(BIN), ALLOW, OURS)).as(because).isEqualTo(installed);
            assertThat(userHandlers(installed)).as(because).isEqualTo(userHandlers(original));
        }
    }

    /** A varying, non-empty subset, so events we once registered and no longer do are covered too. */
    private static List<HookRegistration> someOf(List<HookRegistration> all, long seed) {
        Random random = new Random(~seed);
        List<HookRegistration> some = new ArrayList<>();
        for (HookRegistration hook : all) {
            if (random.nextInt(4) > 0) {
                some.add(hook);
            }
        }
        return some.isEmpty() ? all : some;
    }

    /** Old-path handlers of ours, alone in a group or next to the user's, on random events. */
    private static void sprinkleStaleHandlers(ObjectNode tree, Random random) {
        ObjectNode hooks = tree.get("hooks") instanceof ObjectNode h ? h : tree.putObject("hooks");
        for (int i = random.nextInt(4); i >= 0; i--) {
            String event = List.of("SessionStart", "PreToolUse", "Stop", "Notification").get(random.nextInt(4));
            ArrayNode groups = hooks.get(event) instanceof ArrayNode a ? a : hooks.putArray(event);
            ObjectNode stale = JSON.createObjectNode().put("type", "command")
                    .put("command", OLD_BIN + " hook " + event.toLowerCase()).put("timeout", 5);
            if (!groups.isEmpty() && groups.get(0).get("hooks") instanceof ArrayNode mixed && !mixed.isEmpty()
                    && random.nextBoolean()) {
                mixed.add(stale);
            } else {
                groups.addObject().putArray("hooks").add(stale);
            }
        }
    }

    /** (event, group index, handler) for each handler that is not ours; group indices are Codex's trust keys. */
    static List<String> userHandlers(String text) throws Exception {
        List<String> out = new ArrayList<>();
        JsonNode root = text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
        root.path("hooks").properties().forEach(event -> {
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
