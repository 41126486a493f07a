package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hooks against a database another process holds locked: the events go to the spool within the hooks'
 * budget (the hooks answer nothing, exit 0), and once the lock is gone one replay leaves the database exactly as
 * if the hooks had written live — same rows, same times, same memories and jobs.
 */
class HookSpoolTest {

    private static final String[] SESSION = { "SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4",
            "PostToolUse-5", "PostToolUse-6", "Stop-2", "SessionEnd-2" };
    private static final Duration TOOL_BUDGET = Duration.ofMillis(150);
    private static final Duration TURN_BUDGET = Duration.ofMillis(300);

    /** What the hooks leave in the database, compared between the live and the spooled run (ids aside). */
    private static final Map<String, String> TABLES = new LinkedHashMap<>();

    static {
        TABLES.put("sessions",
                "SELECT id || '|' || project || '|' || status || '|' || started_at || '|' || COALESCE(ended_at, '')"
                        + " || '|' || last_activity_at FROM sessions ORDER BY id");
        TABLES.put("prompts", "SELECT prompt || '|' || created_at FROM user_prompts ORDER BY created_at, id");
        TABLES.put("observations",
                "SELECT tool_name || '|' || COALESCE(command, '') || '|' || files_read || '|' || files_modified"
                        + " || '|' || COALESCE(tool_use_id, '') || '|' || created_at FROM observations ORDER BY created_at, id");
        TABLES.put("summaries", "SELECT session_id || '|' || COALESCE(request, '') || '|' || COALESCE(decisions, '') || '|'"
                + " || COALESCE(files_modified, '') || '|' || updated_at FROM summaries ORDER BY session_id");
        TABLES.put("memories", "SELECT kind || '|' || content FROM memories ORDER BY id");
        TABLES.put("jobs", "SELECT kind || '|' || COALESCE(dedupe_key, '') FROM jobs ORDER BY id");
    }

    @TempDir
    Path dir;

    private static Map<String, List<String>> contents(TestDb t) throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var e : TABLES.entrySet()) {
            out.put(e.getKey(), t.rows(e.getValue()));
        }
        return out;
    }

    /** Another process's write lock (WAL: readers still read), as `sqlite3 memory.db 'BEGIN EXCLUSIVE'` holds it. */
    private static Connection lock(TestDb t) throws Exception {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
        try (Statement st = c.createStatement()) {
            st.execute("BEGIN EXCLUSIVE");
        }
        return c;
    }

    private static void unlock(Connection c) throws Exception {
        try (Statement st = c.createStatement()) {
            st.execute("ROLLBACK");
        }
        c.close();
    }

    @Test
    void aSessionSpooledUnderALockReplaysToExactlyWhatItWouldHaveWrittenLive() throws Exception {
        Map<String, List<String>> live;
        Path spooled = Files.createDirectories(dir.resolve("spooled"));
        try (TestDb t = TestDb.in(Files.createDirectories(dir.resolve("live")))) {
            new HookRig(t.db, dir.resolve("live/eagle-mem.log"), TOOL_BUDGET, TURN_BUDGET).runClaude(SESSION);
            live = contents(t);
        }
        assertThat(live.get("observations")).hasSize(4);
        assertThat(live.get("memories")).isNotEmpty();

        try (TestDb t = TestDb.in(spooled)) {
            HookRig rig = new HookRig(t.db, spooled.resolve("eagle-mem.log"), TOOL_BUDGET, TURN_BUDGET);
            t.db.open();
            Connection lock = lock(t);
            List<String> answers;
            try {
                answers = rig.runClaude(SESSION);
            } finally {
                unlock(lock);
            }
            assertThat(answers).as("fail-open: no injection while the database cannot be written").allMatch(String::isEmpty);
            assertThat(rig.spool.pendingLines()).isEqualTo(SESSION.length);
            assertThat(t.rows("SELECT count(*) FROM observations")).containsExactly("0");
            String log = Files.readString(spooled.resolve("eagle-mem.log"));
            assertThat(log.lines().filter(l -> l.contains("spooled to " + rig.spool.events())).count()).isEqualTo(SESSION.length);

            Spool.Replay r = rig.intake.replay(null);

            assertThat(r).isEqualTo(new Spool.Replay(SESSION.length, 0, 0, null, false));
            assertThat(contents(t)).isEqualTo(live);
            assertThat(t.rows("SELECT count(*) FROM applied_events WHERE via = 'spool'"))
                    .containsExactly(String.valueOf(SESSION.length));
            assertThat(rig.spool.pending()).isFalse();
            assertThat(Files.readString(spooled.resolve("eagle-mem.log"))).contains("spool: replayed " + SESSION.length
                    + " event(s), 0 already applied, 0 failed; spool empty");
        }
    }

    @Test
    void theFirstHookAfterTheLockReplaysTheOlderEventsBeforeItsOwn() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"), TOOL_BUDGET, TURN_BUDGET);
            t.db.open();
            Connection lock = lock(t);
            try {
                rig.runClaude("SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3");
            } finally {
                unlock(lock);
            }
            rig.runClaude("PostToolUse-4");

            assertThat(rig.spool.pending()).isFalse();
            assertThat(t.rows("SELECT via FROM applied_events ORDER BY event_at")).containsExactly("spool", "spool", "spool",
                    "hook");
            assertThat(t.rows("SELECT tool_use_id FROM observations ORDER BY id")).hasSize(2)
                    .containsExactlyElementsOf(t.rows("SELECT tool_use_id FROM observations ORDER BY created_at"));
        }
    }

    @Test
    void aDeliveryRepeatedByTheShimIsStoredOnceAndStillAnswered() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.runClaude("SessionStart-2");
            List<String> first = rig.runClaude("UserPromptSubmit-2", "PostToolUse-5");
            List<String> again = rig.runClaude("UserPromptSubmit-2", "PostToolUse-5");

            assertThat(again).isEqualTo(first);
            assertThat(t.rows("SELECT count(*) FROM user_prompts")).containsExactly("1");
            assertThat(t.rows("SELECT count(*) FROM observations")).containsExactly("1");
            assertThat(t.rows("SELECT count(*) FROM applied_events")).containsExactly("3");
        }
    }
}
