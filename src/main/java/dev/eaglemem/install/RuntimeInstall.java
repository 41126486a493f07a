package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * Copies the running eagle-mem into {@code $EAGLE_MEM_DIR/runtime} so that hooks keep working when
 * the checkout or download it was installed from moves or disappears, and links it as
 * {@code ~/.local/bin/eagle-mem}. The JVM build's AOT cache is trained again at the new path (a cache
 * only works for the class path it was trained with).
 */
final class RuntimeInstall {

    static final String APP_DIR_PROPERTY = "eagle.app.dir";
    private static final String LAUNCHER = "eagle-mem";
    private static final String REMOVED_MARKER = ".uninstalled";
    private static final String NATIVE_DIR = "native";
    /** A training run takes seconds; past this it is killed (with the JVM it started) and install warns. */
    private static final Duration AOT_TRAIN_TIMEOUT = Duration.ofSeconds(180);

    private RuntimeInstall() {
    }

    /** Where this process's runtime is: the JVM app directory the launcher names, else the native executable. */
    static Path source() {
        String appDir = System.getProperty(APP_DIR_PROPERTY);
        if (appDir != null && Files.isRegularFile(Path.of(appDir, LAUNCHER))) {
            return Path.of(appDir).toAbsolutePath().normalize();
        }
        Optional<String> command = ProcessHandle.current().info().command();
        if (command.isPresent() && !Path.of(command.get()).getFileName().toString().startsWith("java")) {
            return Path.of(command.get()).toAbsolutePath().normalize();
        }
        throw EagleException.failure("runtime_unknown", "cannot tell which eagle-mem runtime to install",
                "run install through the launcher: target/eagle-mem install", null);
    }

    /** The binary hooks should call once the runtime at {@code target} is in place. */
    static Path binary(Path target) {
        return target.resolve(LAUNCHER);
    }

    /** True when {@code target} already is the running runtime (a reinstall from the installed copy). */
    static boolean isSame(Path source, Path target) {
        Path runtime = Files.isDirectory(source) ? source : source.getParent();
        try {
            return Files.exists(target) && Files.isSameFile(runtime, target);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * True when the target already holds the same files as the source (same relative paths, sizes and
     * modification times; copies keep the times), so a second install leaves the runtime alone.
     */
    static boolean sameContent(Path source, Path target) {
        if (!Files.isDirectory(target)) {
            return false;
        }
        Path from = Files.isDirectory(source) ? source : source.getParent();
        try {
            return fingerprint(from, Files.isDirectory(source) ? null : source.getFileName().toString())
                    .equals(fingerprint(target, Files.isDirectory(source) ? null : LAUNCHER));
        } catch (IOException e) {
            return false;
        }
    }

    private static List<String> fingerprint(Path dir, String onlyFile) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> onlyFile == null || p.getFileName().toString().equals(onlyFile))
                    .filter(p -> !trainedHere(dir.relativize(p)))
                    .map(p -> {
                        try {
                            return (onlyFile == null ? dir.relativize(p).toString() : LAUNCHER) + " " + Files.size(p) + " "
                                    + Files.getLastModifiedTime(p).toMillis();
                        } catch (IOException e) {
                            return p + " ?";
                        }
                    })
                    .sorted()
                    .toList();
        }
    }

    /**
     * Deletes the runtime. When it is the one this process runs from, the JVM still loads classes from it
     * until it exits, so a detached shell removes it once this process is gone.
     */
    static void remove(Path runtime, boolean runningFromIt) throws IOException {
        if (!runningFromIt) {
            deleteTree(runtime);
            return;
        }
        // The marker keeps a later install safe: if a new runtime replaced this one before the shell got
        // here, it has no marker and stays.
        PrivateFiles.writeString(runtime.resolve(REMOVED_MARKER),
                "uninstalled by process " + ProcessHandle.current().pid() + "\n");
        String script = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 0.2; done; "
                + "[ -e \"$1/" + REMOVED_MARKER + "\" ] && rm -rf \"$1\"";
        // detached on purpose (it must outlive this process), so not through ProcessRunner
        new ProcessBuilder("sh", "-c", script, "eagle-mem-uninstall", runtime.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * Copies next to the target and swaps it in, so a failed copy never leaves a half-written runtime. The copy is
     * made in a 700 folder and ends owner-only throughout ({@link #makePrivate}): hooks run its scripts, so another
     * user who could change one would run code as this user.
     */
    static void copy(Path source, Path target) {
        Path fresh = target.resolveSibling(target.getFileName() + ".new-" + ProcessHandle.current().pid());
        Path old = target.resolveSibling(target.getFileName() + ".old-" + ProcessHandle.current().pid());
        try {
            deleteTree(fresh);
            if (Files.isDirectory(source)) {
                copyTree(source, fresh);
            } else {
                PrivateFiles.createDirectories(fresh);
                Files.copy(source, fresh.resolve(LAUNCHER), StandardCopyOption.COPY_ATTRIBUTES);
            }
            PrivateFiles.tightenTree(fresh);
            if (Files.exists(target)) {
                Files.move(target, old);
            }
            Files.move(fresh, target);
            deleteTree(old);
        } catch (IOException e) {
            throw EagleException.failure("runtime_copy_failed", "cannot copy the eagle-mem runtime from " + source + " to "
                    + target + ": " + e.getMessage(), "check the free space and permissions of " + target.getParent(), e);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path path : files.toList()) {
                if (trainedHere(from.relativize(path))) {
                    continue; // made by the training run for the old path; made again below
                }
                Path dest = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    PrivateFiles.createDirectories(dest);
                } else {
                    Files.copy(path, dest, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /**
     * What the training run makes in a runtime (the AOT cache for its path, SQLite's unpacked library): neither copied
     * nor compared, since the copy's training makes its own.
     */
    private static boolean trainedHere(Path relative) {
        String name = relative.getFileName() == null ? "" : relative.getFileName().toString();
        return name.endsWith(".aot") || name.endsWith(".aot.config") || relative.startsWith(NATIVE_DIR);
    }

    /**
     * Takes other users' access off everything in the runtime: directories 700, files 600, executables 700. The copy
     * keeps its source's modes (755, 644) and a training run writes with the umask; modification times stay, so
     * {@link #sameContent} still sees the same files.
     */
    static void makePrivate(Path runtime) {
        try {
            PrivateFiles.tightenTree(runtime);
        } catch (IOException e) {
            throw EagleException.failure("runtime_copy_failed", "cannot make " + runtime + " owner-only: " + e.getMessage(),
                    "chmod -R go-rwx " + runtime, e);
        }
    }

    /** Trains the AOT cache of an installed JVM runtime; false when it could not (the launcher works without). */
    static boolean trainAot(Path runtime) {
        Path launcher = runtime.resolve(LAUNCHER);
        if (!Files.isRegularFile(runtime.resolve("quarkus-run.jar"))) {
            return false; // a native binary has nothing to train
        }
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of(launcher.toString(), "--aot-train"))
                .discardingOutput().withTimeout(AOT_TRAIN_TIMEOUT));
        return r.ok() && Files.isRegularFile(runtime.resolve("app.aot"));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
