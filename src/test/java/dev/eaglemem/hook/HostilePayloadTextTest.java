package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.Clip;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile text in real hook payloads, through the runner and the handlers into a real database (issue 23: F3, F11):
 * a NUL inside any text field is stored as U+2400 with the text after it, and a prompt of megabytes is stored once,
 * cut with Clip's marker.
 */
class HostilePayloadTextTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SID = "hostile-text-1";
    private static final String CWD = "/home/dev/work/shop-api";

    @TempDir
    Path dir;

    private static byte[] payload(Map<String, Object> fields) throws Exception {
        return JSON.writeValueAsBytes(fields);
    }

    @Test
    void aNulInAnyPayloadTextIsStoredAsTheSymbolForNullWithTheTextAfterIt() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            run(rig, "SessionStart", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "SessionStart",
                    "source", "startup", "model", "opus\u0000-4"));
            run(rig, "UserPromptSubmit", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "UserPromptSubmit",
                    "prompt_id", "p-nul", "prompt", "please fix \u0000 the release guardrail bug"));
            run(rig, "PostToolUse", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "PostToolUse",
                    "tool_name", "Bash", "tool_input", Map.of("command", "echo a\u0000b && ls"),
                    "tool_response", Map.of("stdout", "x\u0000y"), "tool_use_id", "toolu_nul\u00001"));
            run(rig, "Stop", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "Stop",
                    "last_assistant_message", "Done \u0000 now.\nDecision: keep \u0000 money in cents."));

            String stored = "please fix \u2400 the release guardrail bug";
            assertThat(t.rows("SELECT prompt FROM user_prompts")).containsExactly(stored);
            // SQLite's own functions see all of it (length() used to stop at the NUL: 11)
            assertThat(t.rows("SELECT length(prompt) FROM user_prompts")).containsExactly(String.valueOf(stored.length()));
            assertThat(t.rows("SELECT command || ' ' || tool_use_id FROM observations WHERE command IS NOT NULL"))
                    .containsExactly("echo a\u2400b && ls toolu_nul\u24001");
            assertThat(t.rows("SELECT message FROM turn_messages")).singleElement().asString().contains("Done \u2400 now.");
            assertThat(t.rows("SELECT content FROM memories")).singleElement().asString().contains("keep \u2400 money in cents");
            assertThat(t.rows("SELECT model FROM sessions")).containsExactly("opus\u2400-4");
            assertThat(textsHoldingNul(t)).isEmpty();
        }
    }

    @Test
    void aPromptOfMegabytesOfPlainWordsIsStoredOnceCutWithTheMarker() throws Exception {
        StringBuilder prompt = new StringBuilder("HOSTILE");
        for (int i = 0; prompt.length() < 3_000_000; i++) {
            prompt.append(" word").append(i);
        }
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            HookRig.Output out = run(rig, "UserPromptSubmit", Map.of("session_id", SID, "cwd", CWD,
                    "hook_event_name", "UserPromptSubmit", "prompt_id", "p-big", "prompt", prompt.toString()));
            assertThat(out.stdout().lines().count()).isLessThanOrEqualTo(1);
            List<String> stored = t.rows("SELECT prompt FROM user_prompts");
            assertThat(stored).singleElement().asString().startsWith(prompt.substring(0, 1_000))
                    .endsWith(Clip.MARKER_START + (prompt.length() - 256 * 1024) + Clip.MARKER_END);
            Path log = dir.resolve("eagle-mem.log");
            assertThat(java.nio.file.Files.exists(log) ? java.nio.file.Files.readString(log) : "").doesNotContain("failed");
        }
    }

    @Test
    void aCommandOrFinalMessageOfMegabytesIsReadOnlyAsFarAsItIsStored() throws Exception {
        StringBuilder words = new StringBuilder();
        for (int i = 0; words.length() < 3_000_000; i++) {
            words.append(" word").append(i);
        }
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            run(rig, "PostToolUse", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "PostToolUse",
                    "tool_name", "Bash", "tool_input",
                    Map.of("command", "GITHUB_TOKEN=ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5 echo"
                            + words),
                    "tool_response", Map.of("stdout", "ok"), "tool_use_id", "toolu_big"));
            run(rig, "Stop", Map.of("session_id", SID, "cwd", CWD, "hook_event_name", "Stop",
                    "last_assistant_message", "Decision: keep money in integer cents.\n\nLog:" + words));
            assertThat(t.rows("SELECT category || ' ' || length(command) || ' ' || substr(command, 1, 33) FROM observations"
                    + " WHERE tool_name = 'Bash'")).containsExactly("files 500 GITHUB_TOKEN=[REDACTED] echo word");
            assertThat(t.rows("SELECT length(message) FROM turn_messages")).containsExactly("4000");
            assertThat(t.rows("SELECT content FROM memories")).singleElement().asString().contains("integer cents");
            Path log = dir.resolve("eagle-mem.log");
            assertThat(java.nio.file.Files.exists(log) ? java.nio.file.Files.readString(log) : "").doesNotContain("failed");
        }
    }

    private static HookRig.Output run(HookRig rig, String event, Map<String, Object> fields) throws Exception {
        rig.clock.advance(Duration.ofSeconds(10));
        HookRig.Output out = rig.run(event, payload(fields));
        assertThat(out.exit()).isZero();
        return out;
    }

    /** "table.column" of every stored text that still holds a NUL, in every table but the index's own. */
    private static List<String> textsHoldingNul(TestDb t) throws Exception {
        List<String> found = new ArrayList<>();
        for (String table : t.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                + " AND name NOT LIKE '%fts%' AND sql NOT LIKE 'CREATE VIRTUAL%'")) {
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM \"" + table + "\"")) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= columns; i++) {
                        if (rs.getObject(i) instanceof String s && s.indexOf('\u0000') >= 0) {
                            found.add(table + "." + rs.getMetaData().getColumnName(i));
                        }
                    }
                }
            }
        }
        return found;
    }
}
