package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.eaglemem.TestServices;
import dev.eaglemem.capture.CaptureService.Origin;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.AppliedEventStore.Via;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spool on a real directory and a real database: durable appends, ordered exactly-once replays, crashes. */
class SpoolTest {

    private static final String SID = "s-spool";

    @TempDir
    Path dir;

    private TestDb t;
    private CaptureService capture;
    private Spool spool;
    private final List<String> warnings = new ArrayList<>();
    private final Origin origin = new Origin(SID, "claude-code", "code/shop", Path.of("/home/dev/code/shop"),
            Path.of("/home/dev/code/shop"), "opus");

    @BeforeEach
    void wire() {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
        capture = TestServices.on(t.db, clock).capture();
        spool = new Spool(dir.resolve("spool"));
    }

    @AfterEach
    void close() {
        t.close();
    }

    private CaptureEvent tool(int n) {
        CaptureEvent.ToolUsed e = capture.toolUse("tool-" + n, origin, new ToolUse("Bash", true, "ls src/" + n, List.of(),
                List.of(), 0, 10L, 1, "toolu_" + n));
        // each event its own time, as hooks a moment apart would give them
        return new CaptureEvent.ToolUsed(e.id(), e.at().plusSeconds(n), e.origin(), e.use(), e.category());
    }

    private CaptureEvent prompt(int n, String text) {
        CaptureEvent.PromptSubmitted e = capture.prompt("prompt-" + n, origin, text);
        return new CaptureEvent.PromptSubmitted(e.id(), e.at().plusSeconds(n), e.origin(), e.text());
    }

    private boolean apply(CaptureEvent e) {
        return capture.record(e, Via.SPOOL).fresh();
    }

    private List<String> rows(String sql) {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                Statement st = c.createStatement();
                var rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private List<String> commands() {
        return rows("SELECT command FROM observations ORDER BY id");
    }

    @Test
    void anAppendIsOneOwnerOnlyLinePerEventAndEveryKindComesBackAsItWent() throws Exception {
        List<CaptureEvent> events = List.of(capture.sessionStart("e1", origin, "startup"), prompt(2, "fix the cart"),
                tool(3), capture.turnEnd("e4", origin, "Done. Decision: cents.", null),
                capture.turnEnd("e5", origin, null, "auto"),
                capture.sessionEnd("e6", new Origin(SID, "codex", null, null, Path.of("/tmp/x"), null)));
        events.forEach(spool::append);

        assertThat(Files.getPosixFilePermissions(spool.dir())).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(Files.getPosixFilePermissions(spool.events())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        List<String> lines = Files.readAllLines(spool.events());
        assertThat(lines).hasSize(events.size());
        assertThat(lines.stream().map(SpoolCodec::decode).toList()).containsExactlyElementsOf(events);
        assertThat(spool.pending()).isTrue();
        assertThat(spool.pendingLines()).isEqualTo(events.size());
    }

    @Test
    void aSecretIsRedactedBeforeTheEventExistsSoTheSpoolNeverHoldsIt() throws Exception {
        spool.append(capture.prompt("p", origin, "use key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA please"));
        spool.append(capture.toolUse("t", origin, new ToolUse("Bash", true,
                "curl -H 'Authorization: Bearer ghp_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' x", List.of(), List.of(), 0, 1L, 1,
                "t")));
        String text = Files.readString(spool.events());
        assertThat(text).doesNotContain("sk-ant-api03-AAAA").doesNotContain("ghp_AAAA");
    }

    @Test
    void aReplayAppliesEveryEventInOrderOnceAndEmptiesTheSpool() {
        for (int i = 1; i <= 20; i++) {
            spool.append(tool(i));
        }
        Spool.Replay r = spool.replay(this::apply, null, warnings::add);

        assertThat(r).isEqualTo(new Spool.Replay(20, 0, 0, null, false));
        assertThat(commands()).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 20)
                .mapToObj(i -> "ls src/" + i).toList());
        assertThat(rows("SELECT count(*) FROM applied_events WHERE via = 'spool'")).containsExactly("20");
        assertThat(spool.pending()).isFalse();
        assertThat(spool.events()).doesNotExist();
        assertThat(spool.replaying()).doesNotExist();
        assertThat(spool.replay(this::apply, null, warnings::add).total()).isZero();
        assertThat(warnings).isEmpty();
    }

    @Test
    void anEventTheDatabaseAlreadyHasIsNotAppliedAgain() {
        CaptureEvent live = prompt(1, "continue");
        assertThat(capture.record(live, Via.HOOK).fresh()).isTrue();
        spool.append(live); // e.g. serve answered too late and the shim's fallback spooled the same delivery
        spool.append(prompt(2, "continue")); // the same words in a later turn: another event

        Spool.Replay r = spool.replay(this::apply, null, warnings::add);

        assertThat(r.applied()).isEqualTo(1);
        assertThat(r.duplicates()).isEqualTo(1);
        assertThat(rows("SELECT prompt FROM user_prompts ORDER BY created_at")).containsExactly("continue", "continue");
        assertThat(rows("SELECT via FROM applied_events ORDER BY event_at")).containsExactly("hook", "spool");
    }

    /** A replay that dies half way (here: an Error out of the applier) leaves its file; the next finishes it. */
    @Test
    void aReplayKilledHalfWayIsFinishedByTheNextWithNothingLostOrDoubled() {
        for (int i = 1; i <= 10; i++) {
            spool.append(tool(i));
        }
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> spool.replay(e -> {
            if (calls.incrementAndGet() == 5) {
                throw new OutOfMemoryError("killed mid-replay");
            }
            return apply(e);
        }, null, warnings::add)).isInstanceOf(OutOfMemoryError.class);
        assertThat(commands()).hasSize(4);
        assertThat(spool.replaying()).exists();
        // events that came while the replay was down queue behind the half-replayed ones
        spool.append(tool(11));

        Spool.Replay r = spool.replay(this::apply, null, warnings::add);

        assertThat(r.applied()).isEqualTo(7);
        assertThat(r.duplicates()).isEqualTo(4);
        assertThat(commands()).containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, 11)
                .mapToObj(i -> "ls src/" + i).toList());
        assertThat(spool.pending()).isFalse();
    }

    @Test
    void aLockedDatabaseStopsTheReplayAndKeepsEveryEventForTheNext() throws Exception {
        for (int i = 1; i <= 3; i++) {
            spool.append(tool(i));
        }
        t.db.open();
        try (Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                Statement st = blocker.createStatement()) {
            st.execute("BEGIN EXCLUSIVE");
            Spool.Replay stopped = t.db.within(Duration.ofMillis(300), () -> spool.replay(this::apply, null, warnings::add));
            assertThat(stopped.applied()).isZero();
            assertThat(stopped.stopped()).contains("locked");
            st.execute("ROLLBACK");
        }
        assertThat(spool.pending()).isTrue();
        assertThat(spool.replay(this::apply, null, warnings::add).applied()).isEqualTo(3);
        assertThat(commands()).hasSize(3);
    }

    @Test
    void theBudgetStopsAReplayBetweenEvents() {
        for (int i = 1; i <= 3; i++) {
            spool.append(tool(i));
        }
        Spool.Replay r = spool.replay(this::apply, Duration.ZERO, warnings::add);
        assertThat(r.stopped()).isEqualTo("out of time");
        assertThat(r.applied()).isZero();
        assertThat(spool.pendingLines()).isEqualTo(3);
    }

    @Test
    void linesThatCanNeverBeAppliedMoveToFailedAndTheRestGoesOn() throws Exception {
        spool.append(tool(1));
        Files.writeString(spool.events(), "{\"v\":1,\"kind\":\"mystery\",\"id\":\"x\",\"at\":\"2026-11-22T10:00:00Z\","
                + "\"origin\":{\"session_id\":\"s\",\"agent\":\"a\",\"cwd\":\"/\"}}\n", StandardOpenOption.APPEND);
        spool.append(tool(2));
        // a writer that died mid-line: the torn tail is not an event
        Files.writeString(spool.events(), "{\"v\":1,\"kind\":\"tool_us", StandardOpenOption.APPEND);

        Spool.Replay r = spool.replay(this::apply, null, warnings::add);

        assertThat(r.applied()).isEqualTo(2);
        assertThat(r.failed()).isEqualTo(2);
        assertThat(commands()).containsExactly("ls src/1", "ls src/2");
        assertThat(spool.pending()).isFalse();
        assertThat(spool.failedLines()).isEqualTo(2);
        assertThat(warnings).anyMatch(w -> w.contains("unknown event kind 'mystery'")).anyMatch(w -> w.contains("torn"));

        assertThat(spool.retryFailed()).isEqualTo(2);
        assertThat(spool.failed()).doesNotExist();
        assertThat(spool.pendingLines()).isEqualTo(2);
    }

    @Test
    void aFailureOtherThanAnUnavailableDatabaseFailsThatLineOnly() {
        spool.append(tool(1));
        spool.append(tool(2));
        Spool.Replay r = spool.replay(e -> {
            if (e.id().equals("tool-1")) {
                throw new IllegalStateException("a bug");
            }
            return apply(e);
        }, null, warnings::add);
        assertThat(r.failed()).isEqualTo(1);
        assertThat(r.applied()).isEqualTo(1);
        assertThat(commands()).containsExactly("ls src/2");
        assertThat(warnings).singleElement().asString().contains("event tool-1 refused: a bug");
    }

    @Test
    void concurrentAppendersNeverInterleaveLines() throws Exception {
        int threads = 8;
        int each = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        // long lines: a torn write would show
                        spool.append(capture.prompt("w" + writer + "-" + i, origin, ("writer " + writer + " line " + i + " ")
                                .repeat(200)));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> lines = Files.readAllLines(spool.events(), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(threads * each);
        assertThat(lines.stream().map(SpoolCodec::decode).map(CaptureEvent::id).distinct().count()).isEqualTo(threads * each);
    }

    @Test
    void aSecondReplayerDoesNotWaitItReportsBusy() throws Exception {
        spool.append(tool(1));
        spool.append(tool(2));
        List<Spool.Replay> other = new ArrayList<>();
        spool.replay(e -> {
            if (other.isEmpty()) {
                // another thread of this process (serve's drain while a hook replays) finds the replay taken
                Thread thread = Thread.ofPlatform().start(() -> other.add(spool.replay(this::apply, null, warnings::add)));
                try {
                    thread.join();
                } catch (InterruptedException ex) {
                    throw new IllegalStateException(ex);
                }
            }
            return apply(e);
        }, null, warnings::add);
        assertThat(other).singleElement().extracting(Spool.Replay::busy).isEqualTo(true);
        assertThat(commands()).hasSize(2);
        assertThat(spool.pending()).isFalse();
    }

    @Test
    void anUnwritableSpoolSaysSoAndHowToFixIt() throws Exception {
        Files.writeString(spool.dir(), "a file where the spool directory should be");
        assertThatThrownBy(() -> spool.append(tool(1))).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("spool_unwritable");
            assertThat(e.getMessage()).contains(spool.events().toString());
            assertThat(e.fix()).contains("chmod 700 " + spool.dir());
        });
    }
}
