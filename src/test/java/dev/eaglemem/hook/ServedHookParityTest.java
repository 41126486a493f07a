package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.serve.ServeServer;
import dev.eaglemem.serve.control.SocketClient;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * serve answers {@code POST /hook/{Event}} with exactly the bytes {@code eagle-mem hook {Event}} prints: every
 * captured payload, in order, goes through the direct runner on one database and through a real serve (unix
 * socket, the headers the shim sends) on an identical copy; the outputs and the resulting databases' rows match.
 */
class ServedHookParityTest {

    private static final Path FIXTURES = Path.of("src/test/resources/agent-payloads");

    private Path dir;
    private TestDb directDb;
    private TestDb servedDb;
    private ServeServer server;
    private Path socket;

    @BeforeEach
    void start() throws IOException {
        // unix socket paths are limited to ~100 bytes: keep the directory short
        dir = Files.createTempDirectory(Path.of("/tmp"), "emp");
        Files.createDirectories(dir.resolve("direct"));
        Files.createDirectories(dir.resolve("served"));
        try (TestDb t = TestDb.in(dir.resolve("direct"))) {
            new HookRig(t.db, dir.resolve("direct/seed.log")).seed();
        }
        Files.copy(dir.resolve("direct/memory.db"), dir.resolve("served/memory.db"));
        directDb = TestDb.in(dir.resolve("direct"));
        servedDb = TestDb.in(dir.resolve("served"));
        HookRig served = new HookRig(servedDb.db, dir.resolve("served/eagle-mem.log"));
        socket = dir.resolve("s.sock");
        // serve's own environment is not the hook's: another cwd, no git ceiling — the request must bring them
        EagleEnv serveEnv = new EagleEnv(Map.of("HOME", "/home/dev", "CLAUDECODE", "1"), Path.of("/home/dev"), Path.of("/"));
        server = ServeServer.start(new ServeServer.Options(socket, "127.0.0.1", 0, false, "t0ken"), served.runner(),
                serveEnv, router -> {
                });
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        directDb.close();
        servedDb.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void everyFixtureGivesByteIdenticalOutputAndTheSameStoredRows() throws IOException {
        HookRig direct = new HookRig(directDb.db, dir.resolve("direct/eagle-mem.log"));
        List<Path> fixtures = fixtures();
        assertThat(fixtures).hasSizeGreaterThan(30);
        int answered = 0;
        for (Path fixture : fixtures) {
            String event = fixture.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            byte[] payload = Files.readAllBytes(fixture);
            HookRig.Output expected = direct.run(event, payload);
            SocketClient.Response actual = post(event, payload);
            assertThat(actual.status()).as(fixture.toString()).isEqualTo(200);
            assertThat(actual.bytes()).as(fixture.toString())
                    .isEqualTo(expected.stdout().getBytes(StandardCharsets.UTF_8));
            answered += expected.stdout().isEmpty() ? 0 : 1;
        }
        assertThat(answered).as("some fixtures produce output, so the comparison means something").isGreaterThan(3);
        for (String table : List.of("sessions", "observations", "summaries", "memories", "user_prompts",
                "recall_events")) {
            assertThat(rows(servedDb, table)).as(table).isEqualTo(rows(directDb, table));
        }
    }

    @Test
    void malformedInputIsAnsweredWithNothingJustLikeTheCli() {
        HookRig direct = new HookRig(directDb.db, dir.resolve("direct/eagle-mem.log"));
        Map<String, byte[]> corpus = new LinkedHashMap<>();
        corpus.put("empty", new byte[0]);
        corpus.put("not json", "{ nope".getBytes(StandardCharsets.UTF_8));
        corpus.put("array", "[1,2]".getBytes(StandardCharsets.UTF_8));
        corpus.put("wrong types", "{\"session_id\":42,\"cwd\":[]}".getBytes(StandardCharsets.UTF_8));
        for (var e : corpus.entrySet()) {
            for (String event : List.of("SessionStart", "PostToolUse", "Bogus")) {
                assertThat(post(event, e.getValue()).bytes()).as(e.getKey() + " " + event)
                        .isEqualTo(direct.run(event, e.getValue()).stdout().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private SocketClient.Response post(String event, byte[] payload) {
        Map<String, String> headers = Map.of("X-Eagle-Cwd", "/home/dev/work/shop-api", "X-Eagle-Env-GIT_CEILING_DIRECTORIES",
                "/home");
        return SocketClient.request(socket, "POST", "/hook/" + event, headers, payload, Duration.ofSeconds(20))
                .orElseThrow(() -> new AssertionError("serve did not answer " + event));
    }

    /** A table's rows, without wall-clock columns (some default to SQLite's now, not the rig's clock). */
    private static List<String> rows(TestDb t, String table) {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + table + " ORDER BY 1")) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    if (!rs.getMetaData().getColumnName(i).endsWith("_at")) {
                        row.append(rs.getString(i)).append('|');
                    }
                }
                out.add(row.toString());
            }
        } catch (SQLException e) {
            throw new AssertionError(table, e);
        }
        return out;
    }

    private static List<Path> fixtures() throws IOException {
        try (Stream<Path> files = Files.walk(FIXTURES)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }
}
