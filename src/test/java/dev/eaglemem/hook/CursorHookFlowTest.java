package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Cursor session, from payloads written from Cursor's hook docs (untested against the real CLI), through the whole
 * hook stack: it is stored as Cursor's, its decision comes back at the next start in Cursor's format, and the same
 * events run from Claude Code's settings file (Cursor's third-party hooks) are answered in Cursor's format and stored
 * once.
 */
class CursorHookFlowTest {

    private static final Path CURSOR = Path.of("src/test/resources/agent-payloads/cursor-docs-2026-12");

    /** Claude Code's event names, which Cursor maps its own to when it runs Claude's hooks. */
    private static final Map<String, String> CLAUDE_NAMES = Map.of("sessionStart", "SessionStart", "beforeSubmitPrompt",
            "UserPromptSubmit", "preToolUse", "PreToolUse", "postToolUse", "PostToolUse", "stop", "Stop", "sessionEnd",
            "SessionEnd", "preCompact", "PreCompact", "afterAgentResponse", "Stop");

    @TempDir
    Path dir;

    /** Runs the payloads as the hooks registered for {@code agent} would; returns their answers, one per line. */
    private String replay(HookRig rig, String agent, boolean claudeNames, String... fixtures) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String f : fixtures) {
            rig.clock.advance(Duration.ofSeconds(10));
            String event = f.replaceFirst("-\\d+$", "");
            HookRig.Output o = rig.run(claudeNames ? CLAUDE_NAMES.get(event) : event, agent,
                    Files.readAllBytes(CURSOR.resolve(f + ".json")));
            assertThat(o.exit()).isZero();
            assertThat(o.stdout().lines().count()).as(f).isLessThanOrEqualTo(1);
            out.append(o.stdout());
        }
        return out.toString();
    }

    @Test
    void aCursorSessionIsStoredAsCursorsAndItsDecisionIsRecalledInCursorsFormat() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String first = replay(rig, "cursor", false, "sessionStart-1", "beforeSubmitPrompt-1", "preToolUse-1",
                    "postToolUse-1", "preToolUse-3", "postToolUse-2", "afterAgentResponse-1", "sessionEnd-1");
            assertThat(first).startsWith("{\"additional_context\":\"").contains("no memory yet for work/shop-api")
                    .doesNotContain("hookSpecificOutput");

            assertThat(t.rows("SELECT DISTINCT agent FROM sessions")).containsExactly("cursor");
            assertThat(t.rows("SELECT prompt FROM user_prompts")).containsExactly("please fix the release guardrail bug");
            assertThat(t.rows("SELECT tool_name || ' ' || COALESCE(command, '') || ' ' || files_modified FROM observations"
                    + " ORDER BY id")).containsExactly("Bash echo hi > a.txt && cat a.txt []", "Write  [\"src/app.py\"]");
            assertThat(t.rows("SELECT decisions FROM summaries"))
                    .containsExactly("app.py logs through the logging module, never print().");

            String next = rig.run("sessionStart", "cursor", Files.readString(CURSOR.resolve("sessionStart-1.json"))
                    .replace("3f6c2a9e-8d41-4b7a-9c35-2e1f0d7b6a54", "5d0b7c2e-1a93-4f68-b2e4-9c7a3f1d8e60").getBytes())
                    .stdout();
            assertThat(next).startsWith("{\"additional_context\":")
                    .contains("app.py logs through the logging module, never print().");
        }
        assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
    }

    @Test
    void cursorRunningClaudeCodesHooksIsAnsweredInCursorsFormatAndStoredOnce() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String[] session = { "sessionStart-1", "beforeSubmitPrompt-1", "postToolUse-1", "postToolUse-2",
                    "afterAgentResponse-1" };
            String own = replay(rig, "cursor", false, session);
            // the same deliveries through ~/.claude/settings.json: Claude's event names, --agent claude-code
            String viaClaude = replay(rig, "claude-code", true, session);

            assertThat(own).startsWith("{\"additional_context\":");
            assertThat(viaClaude).startsWith("{\"additional_context\":").doesNotContain("hookSpecificOutput");
            assertThat(t.rows("SELECT DISTINCT agent FROM sessions")).containsExactly("cursor");
            assertThat(t.rows("SELECT count(*) FROM observations")).containsExactly("2");
            assertThat(t.rows("SELECT count(*) FROM user_prompts")).containsExactly("1");
        }
    }
}
