package dev.eaglemem.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.eaglemem.TestServices;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.Spool;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.HookHandlers;
import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.serve.control.ServeFiles;
import dev.eaglemem.serve.control.ServeLock;
import dev.eaglemem.serve.control.SocketClient;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.TaskMirroring;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real serve in this JVM on a temp data directory: lock, pid, token and an owner-only socket that
 * answers hooks; refused while another process holds the lock; and its runtime files gone once it stops.
 * It stops the way it does in production when nothing is left to do: idle (the companion reports busy
 * until the test is done, so the stop never races the test's own requests).
 */
class ServeDaemonTest {

    private static final Path PAYLOAD = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330/SessionStart-1.json");

    private Path tmp;
    private DataDir dataDir;
    private TestDb t;
    private LogFile log;
    private ServeDaemon daemon;

    @BeforeEach
    void wire() throws IOException {
        // unix socket paths are limited to ~100 bytes: a short directory under /tmp
        tmp = Files.createTempDirectory(Path.of("/tmp"), "emd");
        dataDir = new DataDir(tmp.resolve("data"), tmp.resolve("data/config.toml"));
        Clock clock = Clock.systemUTC();
        log = new LogFile(dataDir.logFile(), clock);
        // the data directory is made by the daemon itself (ensureExists); the db file only lives there
        t = TestDb.in(dataDir.root());
        EagleEnv env = new EagleEnv(Map.of("HOME", "/home/dev"), Path.of("/home/dev"), Path.of("/"));
        TestServices services = TestServices.on(t.db, clock);
        MemoryService memories = services.memories();
        CaptureService capture = services.capture();
        RecallService recall = services.recall();
        HookHandlers handlers = new HookHandlers(capture, services.intake(new Spool(dataDir.root().resolve("spool")), log),
                recall, services.guards(tmp), new ProjectSwitch(dataDir.root()), new TaskMirroring(services.tasks(), log));
        HookRunner hooks = new HookRunner(env, () -> log, () -> handlers);
        daemon = new ServeDaemon(env, dataDir, hooks, t.db, log, clock);
    }

    @AfterEach
    void clean() throws IOException {
        t.close();
        try (Stream<Path> files = Files.walk(tmp)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static ServeDaemon.Options options(boolean quietIfRunning) {
        return new ServeDaemon.Options(0, null, false, Duration.ofMillis(1), quietIfRunning);
    }

    /** Background work as serve's companion: busy until {@link #done()}, then serve may leave as idle. */
    private static final class Companion implements ServeDaemon.Companion {
        final AtomicBoolean busy = new AtomicBoolean(true);
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public void start() {
            started.incrementAndGet();
        }

        @Override
        public boolean busy() {
            return busy.get();
        }

        void done() {
            busy.set(false);
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    @Test
    void aServeListensOnAnOwnerOnlySocketAnswersHooksAndCleansUpWhenItStops() throws Exception {
        ServeFiles files = ServeFiles.of(dataDir);
        Companion companion = new Companion();
        CompletableFuture<ServeDaemon.Running> up = new CompletableFuture<>();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(
                () -> daemon.run(options(false), 0, router -> router.get("/probe").handler(ctx -> ctx.response().end("ok")),
                        companion, up::complete));
        try {
            ServeDaemon.Running running = up.get(60, TimeUnit.SECONDS);
            ServeState state = running.state();
            assertThat(state.pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(state.socket()).isEqualTo(files.socket());
            assertThat(state.host()).isEqualTo("127.0.0.1");
            assertThat(state.tcpPort()).isPositive();
            assertThat(state.tcpProblem()).isNull();
            assertThat(companion.started).hasValue(1);

            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.root()))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.socket()))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.token()))).isEqualTo("rw-------");
            assertThat(files.recordedPid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(files.lock()).exists();

            // a hook, on the socket, as the shim sends it
            SocketClient.Response hook = SocketClient.request(files.socket(), "POST", "/hook/SessionStart",
                    Map.of("X-Eagle-Cwd", "/home/dev/work/shop-api", "X-Eagle-Env-GIT_CEILING_DIRECTORIES", "/home"),
                    Files.readAllBytes(PAYLOAD), Duration.ofSeconds(30)).orElseThrow();
            assertThat(hook.status()).isEqualTo(200);
            assertThat(hook.body()).startsWith("{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\"")
                    .contains("no memory yet for work/shop-api").endsWith("\n");
            assertThat(running.server().hookRequests()).isEqualTo(1);

            // the API routes are behind the token on TCP, open on the socket
            assertThat(SocketClient.request(files.socket(), "GET", "/probe", null, Duration.ofSeconds(30)).orElseThrow()
                    .body()).isEqualTo("ok");
            HttpResponse<String> anonymous = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + state.tcpPort() + "/probe")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).isEqualTo(401);
            HttpResponse<String> withToken = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + state.tcpPort() + "/probe")).header("X-Eagle-Token",
                            files.loadOrCreateToken())
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(withToken.statusCode()).isEqualTo(200);
        } finally {
            companion.done();
        }
        assertThat(exit.get(60, TimeUnit.SECONDS)).isZero();
        assertThat(companion.closed).hasValue(1);
        assertThat(files.socket()).as("socket removed on exit").doesNotExist();
        assertThat(files.pid()).as("pid file removed on exit").doesNotExist();
        assertThat(files.token()).as("the token outlives serve").exists();
        assertThat(files.lock()).as("the lock file stays; the lock itself is released").exists();
        try (ServeLock free = ServeLock.tryAcquire(files).orElseThrow(() -> new AssertionError("lock still held"))) {
            assertThat(free).isNotNull();
        }
        assertThat(Files.readString(dataDir.logFile())).contains("serve started: pid " + ProcessHandle.current().pid())
                .contains("serve exited: idle");
    }

    @Test
    void theAutostartMarkerIsClearedOnceServeListens() throws Exception {
        ServeFiles files = ServeFiles.of(dataDir.ensureExists());
        Files.writeString(files.starting(), "");
        Companion companion = new Companion();
        CompletableFuture<ServeDaemon.Running> up = new CompletableFuture<>();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> daemon.run(options(false), 0, router -> {
        }, companion, up::complete));
        try {
            up.get(60, TimeUnit.SECONDS);
            assertThat(files.starting()).doesNotExist();
        } finally {
            companion.done();
        }
        assertThat(exit.get(60, TimeUnit.SECONDS)).isZero();
    }

    @Test
    void anotherProcessHoldingTheLockRefusesASecondServe() throws Exception {
        ServeFiles files = ServeFiles.of(dataDir.ensureExists());
        Process holder = holdLock(files.lock());
        try {
            files.writePid(holder.pid());
            Companion companion = new Companion();
            assertThatThrownBy(() -> daemon.run(options(false), 0, router -> {
            }, companion, running -> {
                throw new AssertionError("a second serve must not start");
            })).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
                assertThat(e.errorCode()).isEqualTo("serve_running");
                assertThat(e.getMessage()).contains(dataDir.root().toString()).contains("(pid " + holder.pid() + ")");
                assertThat(e.fix()).contains("eagle-mem serve --status").contains("eagle-mem serve --stop");
            });
            // autostart: quietly done, nothing of the running serve's touched
            assertThat(daemon.run(options(true), 0, router -> {
            }, companion, running -> {
                throw new AssertionError("a second serve must not start");
            })).isZero();
            assertThat(companion.started).hasValue(0);
            assertThat(files.recordedPid()).isEqualTo(holder.pid());
            assertThat(files.socket()).doesNotExist();
        } finally {
            holder.getOutputStream().close();
            holder.waitFor(60, TimeUnit.SECONDS);
        }
        try (ServeLock free = ServeLock.tryAcquire(files).orElseThrow(() -> new AssertionError("lock still held"))) {
            assertThat(free).as("released with the other process").isNotNull();
        }
    }

    @Test
    void aNonLoopbackBindIsRefusedBeforeAnythingIsCreated() {
        ServeDaemon.Options remote = new ServeDaemon.Options(0, "0.0.0.0", false, Duration.ZERO, false);
        assertThatThrownBy(() -> daemon.run(remote, 0, router -> {
        }, new Companion(), running -> {
        })).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(e.getMessage()).contains("--bind 0.0.0.0");
            assertThat(e.fix()).contains("--allow-remote");
        });
        assertThat(dataDir.root()).doesNotExist();
    }

    @Test
    void aDataDirectoryTooDeepForAUnixSocketIsRefusedBeforeTheLock() throws IOException {
        Path deep = tmp.resolve("d".repeat(60)).resolve("e".repeat(40));
        DataDir tooDeep = new DataDir(deep, deep.resolve("config.toml"));
        ServeDaemon far = new ServeDaemon(new EagleEnv(Map.of(), tmp, tmp), tooDeep,
                new HookRunner(new EagleEnv(Map.of(), tmp, tmp), () -> log, () -> null), t.db, log, Clock.systemUTC());
        assertThatThrownBy(() -> far.run(options(false), 0, router -> {
        }, new Companion(), running -> {
        })).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.errorCode()).isEqualTo("socket_path_too_long"));
        assertThat(ServeFiles.of(tooDeep).lock()).doesNotExist();
    }

    /** A separate JVM that takes serve.lock the way ServeLock does (an fcntl lock) and holds it until stdin closes. */
    private Process holdLock(Path lock) throws IOException {
        Path source = tmp.resolve("LockHolder.java");
        Files.writeString(source, """
                import java.nio.channels.FileChannel;
                import java.nio.channels.FileLock;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;

                public class LockHolder {
                    public static void main(String[] args) throws Exception {
                        try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE); FileLock held = channel.lock()) {
                            System.out.println("locked");
                            System.out.flush();
                            System.in.read();
                        }
                    }
                }
                """);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, source.toString(), lock.toString()))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = CompletableFuture.supplyAsync(() -> {
            try {
                return out.readLine();
            } catch (IOException e) {
                return null;
            }
        }).completeOnTimeout(null, 120, TimeUnit.SECONDS).join();
        if (!"locked".equals(line)) {
            p.destroyForcibly();
            throw new AssertionError("the lock holder did not start: " + line);
        }
        return p;
    }
}
