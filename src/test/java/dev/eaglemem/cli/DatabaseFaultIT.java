package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The database going away under the packaged launcher, the real shim and a real serve (its own TCP port): memory.db
 * deleted, replaced by an older copy, read-only then fixed (as a non-root user), held in exclusive locking mode with
 * serve down, on a full disk. Every hook exits 0 with a clean stdout, and at the end every event is stored exactly
 * once — and /health, doctor and SessionStart say what happened while it lasts.
 */
class DatabaseFaultIT {

    private static final int NOBODY = 65534;

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final Path data;
    private final List<Process> started = new ArrayList<>();
    private Path mounted;
    private boolean asNobody;
    /** The slowest hook of the test, for the report line each test prints. */
    private long worstHookMs;

    DatabaseFaultIT() throws IOException {
        dir = new ServeDataDir(cli, "emdbf");
        data = dir.path();
        Files.createDirectories(data);
    }

    @AfterEach
    void clean() throws Exception {
        if (asNobody) {
            asNobody(cli.LAUNCHER, "serve", "--stop");
        }
        cli.run("serve", "--stop");
        for (Process p : started) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (mounted != null) {
            new ProcessBuilder("umount", "-l", mounted.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
        dir.close();
    }

    // ---- (a) deleted ----

    @Test
    void memoryDbDeletedUnderServeLosesNothingAndIsReportedUntilHandled() throws Exception {
        startServe();
        assertThat(hook(SpoolRig.payload(cli, "s-del", "SessionStart", ",\"source\":\"startup\""), "SessionStart").out())
                .doesNotContain("eagle-mem:");
        List<String> before = tools("s-del", "del-before", 5);
        Files.delete(dir.db());
        List<String> after = tools("s-del", "del-after", 8);

        JsonNode health = health();
        assertThat(health.path("status").asText()).as("health: %s", health).isEqualTo("degraded");
        assertThat(health.path("db_problem").path("kind").asText()).isEqualTo("database_deleted");
        assertThat(health.path("db_problem").path("summary").asText()).contains("memory.db was deleted");
        JsonNode kept = check(doctor(), "db_replaced").orElseThrow(() -> new AssertionError("doctor: " + doctor()));
        assertThat(kept.path("status").asText()).isEqualTo("warn");
        assertThat(kept.path("detail").asText()).contains("was deleted");
        Path copy = Path.of(health.path("db_kept_copies").get(0).asText());
        assertThat(kept.path("fix").asText()).contains("rm " + copy).contains("mv " + copy + " " + dir.db());
        String notice = hook(SpoolRig.payload(cli, "s-del-2", "SessionStart", ",\"source\":\"startup\""), "SessionStart").out();
        assertThat(notice).as("the next SessionStart says it").contains("eagle-mem: memory.db was deleted while in use")
                .contains("run eagle-mem doctor");

        Files.delete(copy); // the user keeps the new database: handled
        assertThat(health().path("status").asText()).isEqualTo("ok");
        cli.run("serve", "--stop").ok();
        assertThat(Files.getPosixFilePermissions(dir.db()))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertOnce(dir.db(), "s-del", after);
        assertThat(SpoolRig.integrity(dir.db())).isEqualTo("ok");
        assertThat(before).isNotEmpty();
    }

    // ---- (b) replaced by an older, different copy ----

    @Test
    void memoryDbReplacedByAnOlderCopyUnderServeDropsNoEvent() throws Exception {
        startServe();
        List<String> first = tools("s-rep", "rep-first", 10);
        Path older = data.getParent().resolve("older.db");
        sqlite3(dir.db(), ".backup '" + older + "'");
        List<String> second = tools("s-rep", "rep-second", 10);
        // as the reference probe did: cp, then mv over the live file
        Files.copy(older, data.resolve("m.new"));
        Files.move(data.resolve("m.new"), dir.db(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        List<String> third = tools("s-rep", "rep-third", 10);

        JsonNode health = health();
        assertThat(health.path("status").asText()).as("health: %s", health).isEqualTo("degraded");
        assertThat(health.path("db_problem").path("kind").asText()).isEqualTo("database_replaced");
        assertThat(check(doctor(), "db_replaced")).isPresent();

        // whatever state the file is in, the documented fix: stop serve, repair (a no-op when the file is whole),
        // and the spool — if anything had to wait — replays into it
        cli.run("serve", "--stop").ok();
        Cli.Result repair = cli.run("repair", "--yes");
        assertThat(repair.exit()).as("repair: %s %s", repair.out(), repair.err()).isIn(0, 1);
        cli.run("spool", "replay").ok();
        assertThat(cli.run("spool", "status", "--json").ok().json().path("failed").asLong()).isZero();

        assertThat(SpoolRig.integrity(dir.db())).isEqualTo("ok");
        List<String> current = new ArrayList<>(first);
        current.addAll(third);
        assertOnce(dir.db(), "s-rep", current);
        Path copy = Path.of(health.path("db_kept_copies").get(0).asText());
        List<String> replaced = new ArrayList<>(first);
        replaced.addAll(second);
        assertOnce(copy, "s-rep", replaced);
    }

    // ---- (c) read-only, then fixed ----

    @Test
    void aReadOnlyDatabaseFixedWhileServeRunsRecoversWithoutARestart() throws Exception {
        asNobody = canRunAsNobody();
        Assumptions.assumeTrue(asNobody, "needs setpriv and root to run serve as uid 65534 (root ignores a 0400 mode)");
        int port = freePort();
        // a first serve creates and migrates the database as the user, then leaves
        asNobody(cli.LAUNCHER, "status").ok();
        setMode(dir.db(), "r--------");
        Process serve = startAsNobody("serve", "--port", Integer.toString(port));
        awaitServe(() -> cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "serve", "--status")));
        List<String> readOnly = tools("s-ro", "ro-during", 6);
        assertThat(Files.exists(Path.of(dir.db() + "-shm")) ? mode(Path.of(dir.db() + "-shm")) : "none")
                .as("SQLite made -shm as read-only as the database").isIn("r--------", "none");
        assertThat(cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "spool", "status", "--json"))
                .json().path("pending").asLong()).as("the events wait in the spool").isEqualTo(readOnly.size());
        JsonNode doctorRo = cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "doctor", "--json")).json();
        JsonNode writable = check(doctorRo, "writable").orElseThrow(() -> new AssertionError("doctor: " + doctorRo));
        assertThat(writable.path("status").asText()).as("doctor must not say ok: %s", doctorRo).isEqualTo("fail");
        assertThat(doctorRo.path("overall").asText()).isEqualTo("fail");

        // the fix doctor names, run as the user
        String fix = writable.path("fix").asText();
        Cli.Result fixed = cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(Path.of("/bin/sh"), "-c", fix));
        assertThat(fixed.exit()).as("the fix %s: %s", fix, fixed.err()).isZero();
        List<String> afterFix = tools("s-ro", "ro-after", 6);
        awaitSpoolEmpty(
                () -> cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "spool", "status", "--json")));
        assertThat(serve.isAlive()).as("the same serve, not restarted").isTrue();
        Cli.Result replay = cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "spool", "replay"));
        assertThat(replay.exit()).as("spool replay works once fixed: %s", replay.err()).isZero();
        JsonNode doctorOk = cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "doctor", "--json")).json();
        assertThat(check(doctorOk, "writable").orElseThrow().path("status").asText()).isEqualTo("ok");
        assertThat(check(doctorOk, "spool").orElseThrow().path("status").asText()).isEqualTo("ok");

        asNobody(cli.LAUNCHER, "serve", "--stop").ok();
        List<String> all = new ArrayList<>(readOnly);
        all.addAll(afterFix);
        assertOnce(dir.db(), "s-ro", all);
    }

    // ---- (d) exclusive locking mode, serve down ----

    @Test
    void jvmHooksUnderAnExclusiveLockingModeLockStayInTheirBudgetAndSpool() throws Exception {
        cli.run("status").ok(); // creates and migrates the database
        List<String> sent = new ArrayList<>();
        long worstMs = 0;
        Process holder = new ProcessBuilder("sqlite3", dir.db().toString()).redirectErrorStream(true)
                .redirectOutput(data.getParent().resolve("sqlite3.out").toFile()).start();
        started.add(holder);
        try (var in = holder.getOutputStream()) {
            in.write("PRAGMA locking_mode=EXCLUSIVE;\nBEGIN EXCLUSIVE;\nCOMMIT;\nSELECT 'held';\n".getBytes());
            in.flush();
            awaitFile(data.getParent().resolve("sqlite3.out"), "held");
            String[][] events = { { "SessionStart", SpoolRig.payload(cli, "s-ex", "SessionStart", ",\"source\":\"startup\"") },
                    { "UserPromptSubmit", SpoolRig.prompt(cli, "s-ex", "ex-1") },
                    { "PostToolUse", SpoolRig.toolCall(cli, "s-ex", "ex-1") },
                    { "PostToolUse", SpoolRig.toolCall(cli, "s-ex", "ex-2") } };
            for (String[] e : events) {
                long t0 = System.nanoTime();
                Cli.Result r = cli.runWithInput(e[1], "hook", e[0], "--agent", "claude-code").ok();
                long ms = (System.nanoTime() - t0) / 1_000_000;
                worstMs = Math.max(worstMs, ms);
                assertThat(r.out()).as("fail-open").isEmpty();
                assertThat(ms).as("%s under the lock (was ~20 s)", e[0]).isLessThan(6_000);
            }
            sent.addAll(List.of("tool-ex-1", "tool-ex-2"));
            long t0 = System.nanoTime();
            Cli.Result status = cli.run("status");
            long statusMs = (System.nanoTime() - t0) / 1_000_000;
            assertThat(status.exit()).isNotZero();
            assertThat(status.err()).contains("locked");
            assertThat(cli.run("spool", "status", "--json").ok().json().path("pending").asLong()).isEqualTo(events.length);
            System.out.printf("DatabaseFaultIT: under locking_mode=EXCLUSIVE the worst JVM hook took %d ms, status %d ms%n",
                    worstMs, statusMs);
            in.write(".quit\n".getBytes());
        }
        holder.waitFor(30, TimeUnit.SECONDS);
        cli.run("spool", "replay").ok();
        assertOnce(dir.db(), "s-ex", sent);
        assertThat(SpoolRig.rows(dir.db(), "SELECT count(*) FROM user_prompts WHERE session_id = 's-ex'")).containsExactly("1");
    }

    // ---- (e) disk full ----

    @Test
    void aFullDiskIsNamedWithTheFixAndEventsAreStoredOnceSpaceFrees() throws Exception {
        Path mount = data;
        Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", mount.toString())
                .redirectErrorStream(true).start();
        boolean ok = m.waitFor(30, TimeUnit.SECONDS) && m.exitValue() == 0;
        Assumptions.assumeTrue(ok, "cannot mount a tmpfs here: " + new String(m.getInputStream().readAllBytes()));
        mounted = mount;
        startServe();
        List<String> sent = new ArrayList<>(tools("s-full", "full-before", 3));
        Path fill = data.resolve("fill");
        new ProcessBuilder("dd", "if=/dev/zero", "of=" + fill, "bs=64k").redirectErrorStream(true).start().waitFor(60,
                TimeUnit.SECONDS);

        // prompts with new text grow the write-ahead log: the disk refuses them
        List<String> prompts = new ArrayList<>();
        JsonNode health = null;
        for (int i = 0; i < 40 && (health == null || !health.path("status").asText().equals("degraded")); i++) {
            String n = "full-" + i;
            prompts.add(n);
            String big = SpoolRig.payload(cli, "s-full", "UserPromptSubmit",
                    ",\"prompt_id\":\"prompt-" + n + "\",\"prompt\":\"please do prompt-"
                            + n + " now " + words(i, 2000) + "\"");
            assertThat(hook(big, "UserPromptSubmit").out()).doesNotContain("eagle-mem: ");
            health = health();
        }
        assertThat(health.path("status").asText()).as("health: %s", health).isEqualTo("degraded");
        assertThat(health.path("db_problem").path("kind").asText()).isEqualTo("disk_full");
        assertThat(health.path("db_problem").path("fix").asText()).contains("df -h " + data);
        JsonNode doctor = doctor();
        JsonNode disk = check(doctor, "disk").orElseThrow();
        assertThat(disk.path("status").asText()).isEqualTo("fail");
        assertThat(disk.path("fix").asText()).contains("df -h " + data);
        assertThat(check(doctor, "serve_db")).isPresent();
        // more events while the disk stays full: spooled if the spool can still take them, else held by serve
        sent.addAll(tools("s-full", "full-during", 5));
        long held = health().path("events_held_in_memory").asLong();
        System.out.printf("DatabaseFaultIT: disk full: %d event(s) held in serve's memory%n", held);

        Files.delete(fill);
        sent.addAll(tools("s-full", "full-after", 3));
        awaitSpoolEmpty(() -> cli.run("spool", "status", "--json"));
        for (int i = 0; i < 60 && health().path("events_held_in_memory").asInt() > 0; i++) {
            SpoolRig.sleep(500);
        }
        awaitSpoolEmpty(() -> cli.run("spool", "status", "--json"));
        assertThat(health().path("status").asText()).isEqualTo("ok");
        cli.run("serve", "--stop").ok();
        assertOnce(dir.db(), "s-full", sent);
        Map<String, Integer> stored = SpoolRig.counts(dir.db(), "SELECT prompt FROM user_prompts WHERE session_id = 's-full'");
        assertThat(stored).as("every prompt sent while the disk was full, once").hasSize(prompts.size());
        System.out.printf("DatabaseFaultIT: %d prompts sent while the disk was full, %d stored once%n", prompts.size(),
                stored.size());
        assertThat(stored.values()).containsOnly(1);
    }

    // ---- helpers ----

    private static String words(int seed, int n) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append("w").append(seed).append('x').append(i).append(i % 12 == 11 ? ". " : " ");
        }
        return out.toString().strip();
    }

    private void startServe() throws Exception {
        Process serve = cli.start("serve", "serve", "--port", Integer.toString(freePort()));
        started.add(serve);
        awaitServe();
    }

    private void awaitServe() throws InterruptedException {
        awaitServe(() -> cli.run("serve", "--status"));
    }

    /**
     * @param status how to ask: as the data directory's owner (eagle-mem refuses to act on a directory another user
     *        owns, so root asking about uid 65534's serve is told no)
     */
    private void awaitServe(java.util.function.Supplier<Cli.Result> status) throws InterruptedException {
        for (int i = 0; i < 240; i++) {
            if (Files.exists(data.resolve("serve.port")) && status.get().exit() == 0) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; log: " + dir.log());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** A hook through the shim run by bash (its /dev/tcp route to serve, else the binary): exit 0, one line at most. */
    private Cli.Result hook(String payload, String event) {
        long t0 = System.nanoTime();
        // as the other user, through a pipe of its own: bash reads the payload by opening /dev/stdin, which a pipe
        // this (root) process created does not allow another user
        Cli.Result r = (asNobody ? cli.runProgram(Path.of("/usr/bin/setpriv"), payload, nobody(Path.of("/bin/sh"), "-c",
                "cat | /bin/bash " + Cli.SHIM + " " + event + " --agent claude-code"))
                : cli.bashShim(Cli.SHIM, payload, event, "--agent", "claude-code")).ok();
        worstHookMs = Math.max(worstHookMs, (System.nanoTime() - t0) / 1_000_000);
        assertThat(r.err()).as("stderr of %s", event).isEmpty();
        assertThat(r.out().lines().count()).as("stdout of %s: %s", event, r.out()).isLessThanOrEqualTo(1);
        return r;
    }

    private List<String> tools(String session, String prefix, int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = prefix + "-" + i;
            assertThat(hook(SpoolRig.toolCall(cli, session, id), "PostToolUse").out()).isEmpty();
            ids.add("tool-" + id);
        }
        return ids;
    }

    private JsonNode health() {
        Cli.Result status = asNobody
                ? cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(cli.LAUNCHER, "serve", "--status", "--json"))
                : cli.run("serve", "--status", "--json");
        return status.ok().json().path("health");
    }

    private JsonNode doctor() {
        return cli.run("doctor", "--json").json();
    }

    private static Optional<JsonNode> check(JsonNode doctor, String name) {
        for (JsonNode c : doctor.path("checks")) {
            if (c.path("name").asText().equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Every tool call sent in the session is in {@code db} exactly once, and nothing else of it is. */
    private void assertOnce(Path db, String session, List<String> sent) {
        Map<String, Integer> stored = SpoolRig.counts(db,
                "SELECT tool_use_id FROM observations WHERE session_id = '" + session + "'");
        assertThat(stored.keySet()).as("no event lost in %s; log: %s", db.getFileName(), dir.log())
                .containsExactlyInAnyOrderElementsOf(sent);
        assertThat(stored.values()).as("no event twice").containsOnly(1);
        System.out.printf("DatabaseFaultIT: %s in %s: %d sent, %d stored, 0 lost, 0 twice, worst hook %d ms%n", session,
                db.getFileName(), sent.size(), stored.size(), worstHookMs);
    }

    private void awaitSpoolEmpty(java.util.function.Supplier<Cli.Result> status) {
        long pending = -1;
        for (int i = 0; i < 120 && pending != 0; i++) {
            pending = status.get().ok().json().path("pending").asLong();
            if (pending != 0) {
                SpoolRig.sleep(500);
            }
        }
        assertThat(pending).as("the spool drained; log: %s", dir.log()).isZero();
    }

    private static void sqlite3(Path db, String command) throws Exception {
        Process p = new ProcessBuilder("sqlite3", db.toString(), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("sqlite3 %s: %s", command, out).isZero();
    }

    private static void awaitFile(Path file, String text) throws Exception {
        Predicate<Path> has = f -> {
            try {
                return Files.exists(f) && Files.readString(f).contains(text);
            } catch (IOException e) {
                return false;
            }
        };
        for (int i = 0; i < 200 && !has.test(file); i++) {
            Thread.sleep(50);
        }
        assertThat(has.test(file)).as("%s says %s", file, text).isTrue();
    }

    private static void setMode(Path file, String mode) throws IOException {
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString(mode));
    }

    private static String mode(Path file) throws IOException {
        return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }

    // ---- a second, unprivileged user: root ignores file modes ----

    private boolean canRunAsNobody() throws Exception {
        if (!System.getProperty("user.name").equals("root") || !Files.isExecutable(Path.of("/usr/bin/setpriv"))) {
            return false;
        }
        for (Path p : List.of(cli.workspace, data.getParent())) {
            Process chown = new ProcessBuilder("chown", "-R", NOBODY + ":" + NOBODY, p.toString()).inheritIO().start();
            if (chown.waitFor() != 0) {
                return false;
            }
        }
        return cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(Path.of("/bin/true"))).exit() == 0;
    }

    private static String[] nobody(Path program, String... args) {
        List<String> out = new ArrayList<>(
                List.of("--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", program.toString()));
        out.addAll(List.of(args));
        return out.toArray(String[]::new);
    }

    private Cli.Result asNobody(Path program, String... args) {
        return cli.runProgram(Path.of("/usr/bin/setpriv"), null, nobody(program, args));
    }

    private Process startAsNobody(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/setpriv"));
        command.addAll(List.of(nobody(cli.LAUNCHER, args)));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cli.cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(data.getParent().resolve("serve-nobody.out").toFile());
        pb.environment().clear();
        pb.environment().putAll(cli.env);
        Process p = pb.start();
        started.add(p);
        return p;
    }
}
