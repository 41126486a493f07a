package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: every event kind's follow-up work, through the hook runner, in a real git repository — recorded live, and
 * recorded from the spool after the database was locked. SessionStart used to record its event and stop there: the
 * code index and the project scan the README promises were queued only when a SessionStart came back from the spool.
 */
class HookFollowUpsTest {

    private static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");
    private static final Duration TOOL_BUDGET = Duration.ofMillis(150);
    private static final Duration TURN_BUDGET = Duration.ofMillis(300);
    private static final String SESSION = "07aba3bf-ce7d-4033-9fd6-5ee109d2528c";

    @TempDir
    Path dir;

    /** A HOME holding the captured payloads' repository (~/work/shop-api) as a real git repository. */
    private Path home() throws Exception {
        Path home = dir.resolve("home");
        Path repo = Files.createDirectories(home.resolve("work/shop-api"));
        Process git = new ProcessBuilder("git", "init", "-q", repo.toString()).redirectErrorStream(true).start();
        assertThat(git.waitFor()).isZero();
        return home;
    }

    private static HookRig rig(TestDb t, Path home, Path data) {
        HookRig rig = new HookRig(t.db, data.resolve("eagle-mem.log"), TOOL_BUDGET, TURN_BUDGET);
        rig.vars.put("HOME", home.toString());
        rig.vars.put("GIT_CEILING_DIRECTORIES", home.getParent().toString());
        return rig;
    }

    /** Runs one captured payload with its /home/dev paths moved to {@code home}. */
    private static HookRig.Output run(HookRig rig, Path home, String fixture) throws Exception {
        rig.clock.advance(Duration.ofSeconds(10));
        String payload = Files.readString(CLAUDE.resolve(fixture + ".json")).replace("/home/dev", home.toString());
        HookRig.Output o = rig.run(fixture.replaceFirst("-\\d+$", ""), payload.getBytes(StandardCharsets.UTF_8));
        assertThat(o.exit()).isZero();
        return o;
    }

    private static List<String> jobs(TestDb t) throws Exception {
        return t.rows("SELECT kind FROM jobs ORDER BY id");
    }

    @Test
    void eachEventKindRunsItsFollowUpsWhenRecordedLive() throws Exception {
        Path home = home();
        Path data = Files.createDirectories(dir.resolve("live"));
        try (TestDb t = TestDb.in(data)) {
            HookRig rig = rig(t, home, data);

            run(rig, home, "SessionStart-2");
            assertThat(jobs(t))
                    .as("a session in a repository with no code index and no overview, and the agents' notes to mirror")
                    .containsExactly("index", "scan", "note-sync");

            run(rig, home, "UserPromptSubmit-2");
            run(rig, home, "PostToolUse-3");
            assertThat(jobs(t)).as("a prompt, and an edit in a project whose index has not run yet, queue nothing")
                    .containsExactly("index", "scan", "note-sync");

            run(rig, home, "Stop-2");
            assertThat(jobs(t)).containsExactly("index", "scan", "note-sync", "enrich-summary");
            // issue 25: the decision is linked to the file the session modified, so the recall before its next edit finds it
            assertThat(t.rows("SELECT kind || '|' || content || '|' || files FROM memories"))
                    .containsExactly("decision|keep API key in env.|[\"src/app.py\"]");

            run(rig, home, "SessionEnd-2");
            assertThat(jobs(t)).containsExactly("index", "scan", "note-sync", "enrich-summary", "prune");

            run(rig, home, "SessionStart-2");
            assertThat(jobs(t)).as("a second start finds the index, scan and note sync already queued (one pending run each)")
                    .containsExactly("index", "scan", "note-sync", "enrich-summary", "prune");
            assertThat(t.rows("SELECT dedupe_key FROM jobs WHERE kind = 'index'")).singleElement().asString()
                    .contains("work/shop-api");
        }
    }

    @Test
    void theSpoolsReplayRunsTheSameFollowUpsAsALiveEvent() throws Exception {
        Path home = home();
        Path data = Files.createDirectories(dir.resolve("spooled"));
        try (TestDb t = TestDb.in(data)) {
            HookRig rig = rig(t, home, data);
            t.db.open();
            Connection lock = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
            try (Statement st = lock.createStatement()) {
                st.execute("BEGIN EXCLUSIVE");
            }
            try {
                for (String f : List.of("SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "Stop-2", "SessionEnd-2")) {
                    run(rig, home, f);
                }
            } finally {
                try (Statement st = lock.createStatement()) {
                    st.execute("ROLLBACK");
                }
                lock.close();
            }
            assertThat(rig.spool.pendingLines()).isEqualTo(5);
            assertThat(jobs(t)).isEmpty();

            rig.intake.replay(null);

            assertThat(jobs(t)).containsExactly("index", "scan", "note-sync", "enrich-summary", "prune");
            assertThat(t.rows("SELECT count(*) FROM sessions WHERE id = '" + SESSION + "'")).containsExactly("1");
        }
    }

}
