package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.sqlite.util.OSInfo;

/**
 * What the spool's process tests share: hook payloads with unique ids, another process holding the database's
 * write lock through the sqlite3 CLI, and the database's contents read straight from the file.
 */
final class SpoolRig {

    private SpoolRig() {
    }

    static String payload(Cli cli, String session, String event, String extra) {
        return "{\"session_id\":\"" + session + "\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"" + event + "\"" + extra
                + "}";
    }

    /** A tool call whose tool_use_id and command are {@code tool-<n>}. */
    static String toolCall(Cli cli, String session, String n) {
        return payload(cli, session, "PostToolUse", ",\"tool_name\":\"Bash\",\"tool_use_id\":\"tool-" + n + "\",\"tool_input\":"
                + "{\"command\":\"echo tool-" + n + "\"},\"tool_response\":{\"stdout\":\"tool-" + n + "\",\"stderr\":\"\"}");
    }

    /** A prompt whose prompt_id and text are {@code prompt-<n>}. */
    static String prompt(Cli cli, String session, String n) {
        return payload(cli, session, "UserPromptSubmit", ",\"prompt_id\":\"prompt-" + n + "\",\"prompt\":\"please do prompt-" + n
                + " now\"");
    }

    /** Rows of the first column, read by a connection of the test's own (a separate process would see the same). */
    static List<String> rows(Path db, String sql) {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new AssertionError("cannot read " + db + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** How often each value occurs: every sent event must map to exactly 1. */
    static Map<String, Integer> counts(Path db, String sql) {
        Map<String, Integer> out = new HashMap<>();
        rows(db, sql).forEach(v -> out.merge(v, 1, Integer::sum));
        return out;
    }

    static String integrity(Path db) {
        return String.join("\n", rows(db, "PRAGMA integrity_check"));
    }

    /** True while some other connection holds the write lock (probed with a zero busy timeout). */
    static boolean writeLocked(Path db) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout = 0");
            st.execute("BEGIN IMMEDIATE");
            st.execute("ROLLBACK");
            return false;
        } catch (SQLException e) {
            if (e.getMessage().contains("locked") || e.getMessage().contains("busy")) {
                return true;
            }
            throw new AssertionError(e);
        }
    }

    /** The sqlite3 CLI in a transaction that holds the database's write lock until {@link #close}. */
    static final class Sqlite3Lock implements AutoCloseable {

        private final Process process;
        private final OutputStream stdin;

        private Sqlite3Lock(Process process) {
            this.process = process;
            this.stdin = process.getOutputStream();
        }

        static Sqlite3Lock hold(Path db) {
            Sqlite3Lock lock = tryHold(db);
            assertThat(lock).as("sqlite3 holds the write lock").isNotNull();
            return lock;
        }

        /**
         * {@link #hold}, or null (its sqlite3 gone) when the lock was not taken within the wait: in SpoolKillIT serve is
         * killed and restarted fifty times, and a restart's WAL recovery and spool replay can keep sqlite3 out longer.
         */
        static Sqlite3Lock tryHold(Path db) {
            Path held = db.resolveSibling("sqlite3-lock.held");
            try {
                Files.deleteIfExists(held);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Process p;
            try {
                // -bail: a BEGIN that times out ends sqlite3 instead of running the marker below
                p = new ProcessBuilder("sqlite3", "-bail", db.toString()).redirectErrorStream(true)
                        .redirectOutput(db.resolveSibling("sqlite3-lock.out").toFile()).start();
            } catch (IOException e) {
                throw new AssertionError("the sqlite3 CLI is needed for this test (Debian package sqlite3): " + e.getMessage(),
                        e);
            }
            Sqlite3Lock lock = new Sqlite3Lock(p);
            // waits (up to 30 s: a serve replaying the spool or running a job on a loaded 2-core CI machine can keep the
            // lock busy for seconds) for serve's own writes, then keeps the lock as long as its stdin stays open. sqlite3
            // itself says when it holds it (a marker file made after BEGIN succeeded): probing the lock from here could
            // mistake serve's own write for sqlite3's
            lock.send(".timeout 30000\nBEGIN EXCLUSIVE;\n.shell touch '" + held + "'\n");
            for (int i = 0; i < 700 && !Files.exists(held) && p.isAlive(); i++) {
                sleep(50);
            }
            if (!Files.exists(held) || !p.isAlive()) {
                lock.close();
                return null;
            }
            return lock;
        }

        private void send(String sql) {
            try {
                stdin.write(sql.getBytes(StandardCharsets.UTF_8));
                stdin.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                send("ROLLBACK;\n.quit\n");
                stdin.close();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * sqlite-jdbc's native library, copied out of its jar once: a process under a file-size limit could not
     * extract it itself, and the limit is meant for the database's files.
     */
    static Path sqliteLibrary(Path dir) {
        String resource = "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/libsqlitejdbc.so";
        Path target = dir.resolve("libsqlitejdbc.so");
        try (InputStream in = org.sqlite.JDBC.class.getResourceAsStream(resource)) {
            assertThat(in).as("sqlite-jdbc ships %s", resource).isNotNull();
            Files.createDirectories(dir);
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
