package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * F5 and the file items of F11 of the reliability probe, through the packaged launcher and the real shim: files other
 * local users can touch. "Another local user" is uid 65534, played with {@code setpriv} (or a {@code chown} by root);
 * the tests that need it skip, saying why, when the suite does not run as root or setpriv is missing.
 */
class DataDirPermissionsIT {

    private static final int OTHER_UID = 65534;
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");
    private static final String PLANTED_TOKEN = "1".repeat(64);

    private final Cli cli = new Cli();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    // ---- helpers ----

    private static boolean root() throws IOException, InterruptedException {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes()).strip();
        id.waitFor();
        return uid.equals("0");
    }

    private static void assumeAnotherUserCanBePlayed() throws Exception {
        assumeTrue(root(), "another local user (uid " + OTHER_UID + ") can only be played when the tests run as root");
        assumeTrue(Files.isExecutable(SETPRIV), "setpriv is missing: cannot run a command as uid " + OTHER_UID);
    }

    /** A command of the launcher's, run by sh with umask 000: the most permissive a user can have. */
    private Cli.Result underUmask000(String stdin, String... args) {
        List<String> command = new ArrayList<>(List.of("-c", "umask 000; exec \"$0\" \"$@\"", Cli.LAUNCHER.toString()));
        command.addAll(List.of(args));
        return cli.runProgram(Path.of("/bin/sh"), stdin, command.toArray(String[]::new));
    }

    /** Runs {@code script} with sh as uid 65534. */
    private Cli.Result asOtherUser(String script) {
        return cli.runProgram(SETPRIV, null, "--reuid=" + OTHER_UID, "--regid=" + OTHER_UID, "--clear-groups", "sh", "-c",
                script);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private String payload(String event, String extra) {
        return "{\"session_id\":\"perm-1\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"" + event + "\"" + extra + "}";
    }

    private String postToolUse(int n) {
        return payload("PostToolUse", ",\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_p" + n + "\",\"tool_input\":{\"command\":"
                + "\"ls src/" + n + "\"},\"tool_response\":{\"stdout\":\"ok\",\"stderr\":\"\"}");
    }

    /** Every path under {@code root} (root included) with its mode: {@code rwx------ d}, {@code rw------- f}, … */
    private static Map<Path, String> modes(Path root) throws IOException {
        Map<Path, String> out = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.toList()) {
                String kind = Files.isSymbolicLink(p) ? "l" : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "d"
                        : Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? "f" : "s";
                out.put(p,
                        PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS)) + " " + kind);
            }
        }
        return out;
    }

    /** Directories 700, files 600 or 700 (executables), sockets 600, no symbolic link: nothing for another user. */
    private static void assertOwnerOnly(Path root) throws IOException {
        Map<Path, String> modes = modes(root);
        assertThat(modes).as("modes under %s", root).allSatisfy((path, mode) -> assertThat(mode).as(path.toString())
                .isIn("rwx------ d", "rw------- f", "rwx------ f", "rw------- s"));
    }

    private int status(String token, int port) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                    .header("X-Eagle-Token", token).timeout(Duration.ofSeconds(5)).GET().build();
            return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode();
        } catch (IOException e) {
            return -1; // nothing listens
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private void awaitRunning(ServeDataDir data) throws InterruptedException {
        for (int i = 0; i < 160; i++) {
            if (cli.run("serve", "--status").exit() == 0) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; eagle-mem.log: " + data.log());
    }

    /** serve, which must refuse to run: it exits non-zero within a minute (an accepting serve would keep running). */
    private void assertServeRefuses(String name, int port) throws Exception {
        Process serve = cli.start(name, "serve", "--port", Integer.toString(port));
        try {
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).as("serve exits instead of serving").isTrue();
            assertThat(serve.exitValue()).isNotZero();
            assertThat(Files.readString(cli.workspace.resolve(name + ".out"))).contains("fix:");
        } finally {
            serve.destroyForcibly();
        }
    }

    // ---- (a) umask 000 and a pre-existing 755 data directory ----

    @Test
    void installUnderUmask000IntoA755DirectoryLeavesNothingAnotherUserCanTouch() throws Exception {
        Path data = cli.home.resolve(".eagle-mem");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
        Files.createDirectories(data);
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
        // a settings file of the user's: install keeps its original in backups/
        Files.createDirectories(cli.home.resolve(".claude"));
        Files.writeString(cli.home.resolve(".claude/settings.json"), "{\n    \"model\": \"opus\"\n}\n");

        underUmask000(null, "install", "--agent", "claude-code").ok();
        underUmask000(postToolUse(1), "hook", "PostToolUse", "--agent", "claude-code").ok();
        Path hook = data.resolve("runtime/eagle-mem-hook");
        assertThat(Files.readString(cli.home.resolve(".claude/settings.json"))).contains(hook.toString());

        assertOwnerOnly(data);
        assertThat(modes(data)).containsKeys(data.resolve("runtime"), data.resolve("backups"), data.resolve("install.json"),
                data.resolve("memory.db"), data.resolve("eagle-mem.log"), hook, data.resolve("runtime/eagle-mem"));
        assertThat(Files.readString(data.resolve("eagle-mem.log"))).contains(data + " 755->700");

        // the probe's attack: another user swaps the hook script the agents run
        assumeAnotherUserCanBePlayed();
        String original = Files.readString(hook);
        Path pwned = cli.workspace.resolve("pwned");
        Cli.Result attack = asOtherUser(
                "mv " + hook + " " + hook + ".orig; printf '#!/bin/sh\\nid > " + pwned + "\\n' > " + hook);
        assertThat(attack.exit()).as("the attack fails: %s", attack.err()).isNotZero();
        cli.bashShim(hook, postToolUse(2), "PostToolUse", "--agent", "claude-code").ok();
        assertThat(pwned).doesNotExist();
        assertThat(hook).hasContent(original);
    }

    @Test
    void serveAutostartedUnderUmask000KeepsEveryFileOwnerOnly() throws Exception {
        try (ServeDataDir data = new ServeDataDir(cli, "emperm")) {
            Files.createDirectories(data.path());
            Files.setPosixFilePermissions(data.path(), PosixFilePermissions.fromString("rwxr-xr-x"));
            cli.run("config", "set", "serve.port", Integer.toString(freePort())).ok();
            cli.env.remove("EAGLE_MEM_SERVE_AUTOSTART");

            assertThat(underUmask000(payload("SessionStart", ",\"source\":\"startup\""), "hook", "SessionStart",
                    "--agent", "claude-code").ok().err()).isEmpty();
            awaitRunning(data);
            cli.shim(postToolUse(1), "PostToolUse", "--agent", "claude-code").ok();

            assertOwnerOnly(data.path());
            assertThat(modes(data.path())).containsKeys(data.path().resolve("serve.log"), data.path().resolve("serve.pid"),
                    data.path().resolve("serve.port"), data.path().resolve("serve.token"), data.path().resolve("serve.sock"),
                    data.path().resolve("serve.lock"), data.db(), data.path().resolve("memory.db-wal"),
                    data.path().resolve("memory.db-shm"));
        }
    }

    // ---- (b) a data directory that belongs to another user ----

    @Test
    void aDataDirectoryOfAnotherUserIsRefusedAndItsPlantedTokenNeverAuthenticates() throws Exception {
        assumeAnotherUserCanBePlayed();
        try (ServeDataDir data = new ServeDataDir(cli, "emforeign")) {
            Path dir = Files.createDirectories(data.path());
            Path token = Files.writeString(dir.resolve("serve.token"), PLANTED_TOKEN + "\n");
            for (Path p : List.of(dir, token)) {
                Files.setAttribute(p, "unix:uid", OTHER_UID);
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
            int port = freePort();

            Cli.Result status = cli.run("status");
            assertThat(status.exit()).isNotZero();
            assertThat(status.err()).contains(dir.toString()).contains("uid " + OTHER_UID)
                    .contains("fix: if it is yours: sudo chown -R root " + dir).contains("export EAGLE_MEM_DIR=");

            for (String event : List.of("SessionStart", "PostToolUse")) {
                String body = event.equals("SessionStart") ? payload(event, ",\"source\":\"startup\"") : postToolUse(1);
                Cli.Result binary = cli.runWithInput(body, "hook", event, "--agent", "claude-code");
                assertThat(binary.exit()).isZero();
                assertThat(binary.out()).as(event + " via the binary").isEmpty();
                Cli.Result shim = cli.shim(body, event, "--agent", "claude-code");
                assertThat(shim.exit()).isZero();
                assertThat(shim.out()).as(event + " via the shim").isEmpty();
            }

            Cli.Result doctor = cli.run("doctor");
            assertThat(doctor.exit()).isEqualTo(1);
            assertThat(doctor.out()).contains("FAIL  data_dir").contains(dir + " is owned by").contains("uid " + OTHER_UID)
                    .contains("fix: if it is yours: sudo chown -R root " + dir);

            assertServeRefuses("serve-foreign", port);
            assertThat(status(PLANTED_TOKEN, port)).as("the planted token opens nothing").isNotEqualTo(200);
            try (Stream<Path> left = Files.list(dir)) {
                assertThat(left.map(p -> p.getFileName().toString())).as("nothing written into their directory")
                        .containsExactly("serve.token");
            }
            assertThat(token).hasContent(PLANTED_TOKEN);
        }
    }

    /**
     * The shim reads serve.port, serve.pid, serve.token and serve.sock itself, before any Java runs: planted by another
     * user in a directory of theirs, they would receive the payload and the token and answer for us. The shim talks to
     * neither listener, and the binary it falls back to refuses the directory.
     */
    @Test
    void theShimSendsNothingToAServePlantedInAnotherUsersDirectory() throws Exception {
        assumeAnotherUserCanBePlayed();
        try (ServeDataDir data = new ServeDataDir(cli, "emplant");
                ServerSocket tcp = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                java.nio.channels.ServerSocketChannel unix = java.nio.channels.ServerSocketChannel
                        .open(java.net.StandardProtocolFamily.UNIX)) {
            Path dir = Files.createDirectories(data.path());
            unix.bind(java.net.UnixDomainSocketAddress.of(dir.resolve("serve.sock")));
            unix.configureBlocking(false);
            tcp.setSoTimeout(1);
            List<Path> planted = List.of(Files.writeString(dir.resolve("serve.token"), PLANTED_TOKEN + "\n"),
                    Files.writeString(dir.resolve("serve.port"), "127.0.0.1 " + tcp.getLocalPort() + "\n"),
                    Files.writeString(dir.resolve("serve.pid"), ProcessHandle.current().pid() + "\n"), dir.resolve("serve.sock"),
                    dir);
            for (Path p : planted) {
                Files.setAttribute(p, "unix:uid", OTHER_UID, LinkOption.NOFOLLOW_LINKS);
            }
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));

            Cli.Result viaBash = cli.bashShim(Cli.SHIM, postToolUse(7), "PostToolUse", "--agent", "claude-code");
            Cli.Result viaSh = cli.shim(postToolUse(8), "PostToolUse", "--agent", "claude-code");
            for (Cli.Result r : List.of(viaBash, viaSh)) {
                assertThat(r.exit()).isZero();
                assertThat(r.out()).isEmpty();
            }
            try {
                tcp.accept().close();
                throw new AssertionError("the shim connected to the planted port");
            } catch (java.net.SocketTimeoutException expected) {
                // nobody came
            }
            assertThat(unix.accept()).as("the shim connected to the planted socket").isNull();
        }
    }

    // ---- (c) symbolic links planted in our own data directory ----

    @Test
    void symbolicLinksPlantedInOurOwnDirectoryAreNeverFollowed() throws Exception {
        try (ServeDataDir data = new ServeDataDir(cli, "emlinks")) {
            cli.run("status").ok();
            Path outside = Files.createDirectories(data.path().resolveSibling("outside"));
            Map<String, Path> targets = new TreeMap<>();
            for (String name : List.of("eagle-mem.log", "serve.pid", "serve.token")) {
                Path target = Files.writeString(outside.resolve(name),
                        name.equals("serve.token") ? PLANTED_TOKEN + "\n" : name + "\n");
                Files.deleteIfExists(data.path().resolve(name));
                Files.createSymbolicLink(data.path().resolve(name), target);
                targets.put(name, target);
            }

            Cli.Result status = cli.run("status");
            assertThat(status.exit()).isNotZero();
            assertThat(status.err()).contains("is a symbolic link").contains("fix: rm ");
            cli.runWithInput(postToolUse(1), "hook", "PostToolUse", "--agent", "claude-code").ok();
            assertThat(cli.shim(postToolUse(2), "PostToolUse", "--agent", "claude-code").ok().out()).isEmpty();
            Cli.Result doctor = cli.run("doctor");
            assertThat(doctor.exit()).isEqualTo(1);
            targets.keySet().forEach(name -> assertThat(doctor.out())
                    .contains(data.path().resolve(name) + " is a symbolic link (to " + targets.get(name) + ")"));
            assertServeRefuses("serve-links", freePort());

            targets.forEach((name, target) -> assertThat(target).as(name)
                    .hasContent(name.equals("serve.token") ? PLANTED_TOKEN : name));

            // the fix doctor gave: remove the links; eagle-mem makes its own files again
            for (String name : targets.keySet()) {
                Files.delete(data.path().resolve(name));
            }
            cli.run("status").ok();
            int port = freePort();
            Process serve = cli.start("serve-after", "serve", "--port", Integer.toString(port));
            try {
                awaitRunning(data);
                Path token = data.path().resolve("serve.token");
                assertThat(Files.isSymbolicLink(token)).isFalse();
                assertThat(Files.readString(token).strip()).isNotEqualTo(PLANTED_TOKEN);
                assertThat(status(PLANTED_TOKEN, port)).isEqualTo(401);
            } finally {
                cli.run("serve", "--stop");
                serve.destroyForcibly();
            }
            targets.forEach((name, target) -> assertThat(target).as(name)
                    .hasContent(name.equals("serve.token") ? PLANTED_TOKEN : name));
        }
    }

    // ---- (d) a weak serve.token ----

    @Test
    void aWeakReadableTokenIsReplacedWhenServeStarts() throws Exception {
        try (ServeDataDir data = new ServeDataDir(cli, "emtoken")) {
            cli.run("status").ok();
            Path token = Files.writeString(data.path().resolve("serve.token"), "a\n");
            Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
            Cli.Result doctor = cli.run("doctor");
            assertThat(doctor.out()).contains("FAIL  serve_token").contains("mode 644")
                    .contains("fix: eagle-mem serve --stop; rm " + token);

            int port = freePort();
            Process serve = cli.start("serve-token", "serve", "--port", Integer.toString(port));
            try {
                awaitRunning(data);
                assertThat(status("a", port)).isEqualTo(401);
                String fresh = Files.readString(token).strip();
                assertThat(fresh).matches("[0-9a-f]{64}");
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(token))).isEqualTo("rw-------");
                assertThat(status(fresh, port)).isEqualTo(200);
                assertThat(data.log()).contains("serve: replaced " + token);
            } finally {
                cli.run("serve", "--stop");
                serve.destroyForcibly();
            }
        }
    }

    // ---- (e) files SQLite re-creates ----

    @Test
    void aDeletedDatabaseComesBackOwnerOnlyWithItsWalAndShm() throws Exception {
        try (ServeDataDir data = new ServeDataDir(cli, "emdb")) {
            cli.run("status").ok();
            for (String suffix : List.of("", "-wal", "-shm")) {
                Files.deleteIfExists(data.path().resolve("memory.db" + suffix));
            }
            underUmask000(null, "status").ok();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data.db()))).isEqualTo("rw-------");

            // what SQLite itself leaves when it re-creates the file under a process that still had it open
            Files.setPosixFilePermissions(data.db(), PosixFilePermissions.fromString("rw-r--r--"));
            List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", "umask 000; exec \"$0\" \"$@\"",
                    Cli.LAUNCHER.toString(), "serve", "--port", Integer.toString(freePort())));
            ProcessBuilder pb = new ProcessBuilder(command).directory(cli.repo.toFile()).redirectErrorStream(true)
                    .redirectOutput(cli.workspace.resolve("serve-db.out").toFile());
            pb.environment().clear();
            pb.environment().putAll(cli.env);
            Process serve = pb.start();
            try {
                awaitRunning(data);
                cli.shim(postToolUse(1), "PostToolUse", "--agent", "claude-code").ok();
                for (String name : List.of("memory.db", "memory.db-wal", "memory.db-shm")) {
                    Path file = data.path().resolve(name);
                    assertThat(file).as(name).exists();
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).as(name)
                            .isEqualTo("rw-------");
                }
            } finally {
                cli.run("serve", "--stop");
                serve.destroyForcibly();
            }
        }
    }
}
