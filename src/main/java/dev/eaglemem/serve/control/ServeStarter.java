package dev.eaglemem.serve.control;

import java.io.File;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.platform.PrivateFiles;

/**
 * Starts serve in the background from a hook that ran the slow way (at SessionStart, or mid-session after
 * serve died), so the session's next hooks take the fast path. Many sessions starting at once must not start many servers: a marker
 * file created exclusively lets one hook in per 30 s, and serve's own lock settles any race that is left.
 * Never throws and never waits for serve: the hook's answer matters more.
 */
@ApplicationScoped
public class ServeStarter {

    public static final String DISABLE_VARIABLE = "EAGLE_MEM_SERVE_AUTOSTART";
    static final Duration START_WINDOW = Duration.ofSeconds(30);

    private final EagleEnv env;
    private final DataDir dataDir;
    private final Settings settings;
    private final LogFile log;
    private final Clock clock;

    public ServeStarter(EagleEnv env, DataDir dataDir, Settings settings, LogFile log, Clock clock) {
        this.env = env;
        this.dataDir = dataDir;
        this.settings = settings;
        this.log = log;
        this.clock = clock;
    }

    /** Starts serve unless it is disabled, running, or being started; true when this call started it. */
    public boolean startIfNeeded() {
        try {
            if (env.get(DISABLE_VARIABLE).filter(v -> v.equals("0") || v.equalsIgnoreCase("false")).isPresent()
                    || !settings.serveAutostart()) {
                return false;
            }
            Optional<Path> launcher = launcher();
            ServeFiles files = ServeFiles.of(dataDir.checkSafe());
            if (launcher.isEmpty() || answers(files.socket()) || !claimStart(files) || ServeControl.lockHeld(files)) {
                return false;
            }
            spawn(launcher.get(), files);
            return true;
        } catch (IOException | RuntimeException e) {
            log.warn("serve autostart failed: " + e.getMessage());
            return false;
        }
    }

    /** The eagle-mem this process runs as: the JVM launcher the script named, else the native executable. */
    private static Optional<Path> launcher() {
        String appDir = System.getProperty("eagle.app.dir");
        if (appDir != null) {
            Path script = Path.of(appDir, "eagle-mem");
            return Files.isExecutable(script) ? Optional.of(script) : Optional.empty();
        }
        return ProcessHandle.current().info().command().map(Path::of)
                .filter(p -> p.getFileName().toString().startsWith("eagle-mem"));
    }

    /** A connect is enough: a live serve accepts at once, a stale socket file refuses. */
    static boolean answers(Path socket) {
        if (!Files.exists(socket)) {
            return false;
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** True for the one caller that may start serve now; a marker older than the window is a failed start. */
    private boolean claimStart(ServeFiles files) throws IOException {
        try {
            Files.createFile(files.starting(), PosixFilePermissions.asFileAttribute(PrivateFiles.FILE));
            return true;
        } catch (FileAlreadyExistsException e) {
            FileTime created = Files.getLastModifiedTime(files.starting());
            if (Duration.between(created.toInstant(), clock.instant()).compareTo(START_WINDOW) < 0) {
                return false;
            }
            Files.setLastModifiedTime(files.starting(), FileTime.from(clock.instant()));
            return true;
        }
    }

    private void spawn(Path launcher, ServeFiles files) throws IOException {
        // serve's output log: made owner-only here, and a symbolic link at its name is refused, never appended through
        PrivateFiles.openAppend(files.log()).close();
        List<String> command = new ArrayList<>();
        // a new session: serve must outlive the agent's hook process group and terminal (no SIGHUP, no group kill)
        Optional<String> setsid = onPath("setsid");
        if (setsid.isPresent()) {
            command.add(setsid.get());
        } else {
            onPath("nohup").ifPresent(command::add);
        }
        command.addAll(List.of(launcher.toString(), "serve", "--if-not-running"));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()))
                .redirectErrorStream(true)
                .directory(dataDir.root().toFile());
        // the agent's markers describe the hook, not serve; requests bring their own (HookRequestEnv)
        HookRequestEnv.FORWARDED.forEach(builder.environment()::remove);
        Process process = builder.start();
        log.info("serve autostart: started pid " + process.pid() + " (" + launcher + ")");
    }

    private Optional<String> onPath(String program) {
        for (String dir : env.get("PATH").orElse("/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }
}
