package dev.eaglemem.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server from Debian's packages, started for one test class in a temp directory on a free loopback
 * port (initdb + pg_ctl; password authentication, so the tests exercise PGPASSWORD and pgpass like users do). As root,
 * the server runs as the {@code postgres} user the package created (initdb refuses root). Missing binaries skip the
 * test, or fail it when {@code EAGLE_E2E_REQUIRED} is set (.ci/run installs the package).
 */
final class PgServer implements AutoCloseable {

    static final String ADMIN = "admin";
    static final String PASSWORD = "team-secret-pw";
    static final String DATABASE = "eagle";
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgres;

    private PgServer(Path bin, Path dir, int port, boolean asPostgres) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** PostgreSQL's bin directory: the newest under /usr/lib/postgresql, else pg_config's, else skip or fail. */
    static Path binaries() {
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                Optional<Path> newest = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                        .max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString()
                                .replaceAll("\\D", "0"))));
                if (newest.isPresent()) {
                    return newest.get();
                }
            } catch (IOException e) {
                // fall through to the skip
            }
        }
        Optional<Path> onPath = AgentTools.findOnPath("initdb");
        if (onPath.isPresent()) {
            return onPath.get().toAbsolutePath().getParent(); // Homebrew and other layouts put it on PATH
        }
        String problem = "PostgreSQL's initdb is not installed (looked in /usr/lib/postgresql/*/bin and on PATH);"
                + " apt-get install postgresql";
        if (AgentTools.required()) {
            Assertions.fail("Team-mode tests need a PostgreSQL server and " + AgentTools.REQUIRED_ENV + " is set: " + problem);
        }
        Assumptions.abort("Skipping team-mode test: " + problem);
        return null;
    }

    static PgServer start() {
        Path bin = binaries();
        try {
            Path dir = Files.createTempDirectory("eagle-pg");
            boolean root = "root".equals(System.getProperty("user.name"));
            Files.writeString(dir.resolve("pw"), PASSWORD, StandardCharsets.UTF_8);
            if (root) {
                run(List.of("chown", "-R", "postgres", dir.toString()), dir);
            }
            PgServer pg = new PgServer(bin, dir, freePort(), root);
            pg.pg(List.of(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", ADMIN, "--pwfile="
                    + dir.resolve("pw"), "-A", "scram-sha-256", "-E", "UTF8", "--no-sync"));
            pg.startServer();
            pg.execute("postgres", "CREATE DATABASE " + DATABASE);
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The URL a user would give {@code team connect} (the password comes from PGPASSWORD). */
    String url() {
        return "postgresql://" + ADMIN + "@127.0.0.1:" + port + "/" + DATABASE;
    }

    int port() {
        return port;
    }

    void startServer() {
        pg(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-o", "-p " + port + " -k " + dir
                + " -c listen_addresses=127.0.0.1 -c fsync=off", "-l", dir.resolve("log").toString(), "-w", "-t", "60",
                "start"));
    }

    /** Stops the server at once (as a crash or a pulled cable would: open connections just break). */
    void stopServer() {
        pg(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate", "-w", "stop"));
    }

    long count(String sql) {
        List<String> rows = query(sql);
        return rows.isEmpty() ? 0 : Long.parseLong(rows.getFirst());
    }

    /** The first column of every row. */
    List<String> query(String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE, ADMIN, PASSWORD);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (rs.next()) {
                out.add(rs.getString(1));
            }
            return out;
        } catch (SQLException e) {
            throw new AssertionError("query on the test PostgreSQL failed: " + sql, e);
        }
    }

    void execute(String database, String sql) {
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + database, ADMIN, PASSWORD);
                Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new AssertionError("statement on the test PostgreSQL failed: " + sql, e);
        }
    }

    private void pg(List<String> command) {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        run(full, dir);
    }

    private static void run(List<String> command, Path cwd) {
        AgentProcess.Outcome o = AgentProcess.run(command, cwd, Map.of("PATH", System.getenv().getOrDefault("PATH",
                "/usr/bin:/bin"), "LANG", "C.UTF-8"), TIMEOUT, () -> "");
        if (o.exitCode() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed: " + o.describe());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        try {
            stopServer();
        } catch (AssertionError e) {
            // already stopped
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
