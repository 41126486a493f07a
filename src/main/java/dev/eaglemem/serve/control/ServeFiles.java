package dev.eaglemem.serve.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;
import dev.eaglemem.platform.PathFacts;
import dev.eaglemem.platform.PrivateFiles;

/**
 * The files serve keeps in {@code $EAGLE_MEM_DIR}: socket, token, lock, pid, log, and {@code serve.port} — where
 * its loopback TCP listener is, for the hook shim's fast route (bash's {@code /dev/tcp} cannot open a unix socket).
 */
public record ServeFiles(Path socket, Path token, Path lock, Path pid, Path log, Path starting, Path port) {

    public static ServeFiles of(DataDir dir) {
        Path root = dir.root();
        return new ServeFiles(root.resolve("serve.sock"), root.resolve("serve.token"), root.resolve("serve.lock"),
                root.resolve("serve.pid"), root.resolve("serve.log"), root.resolve("serve.starting"), root.resolve("serve.port"));
    }

    /** A token the shim can send in a header (URL-safe) and no one can guess: at least 32 such characters. */
    private static final Pattern STRONG_TOKEN = Pattern.compile("[A-Za-z0-9_-]{32,}");

    /**
     * The API token, created owner-only with 256 random bits on first use. {@code new SecureRandom()} reads the
     * non-blocking system source: {@code getInstanceStrong()} may block a starting serve on a fresh VM. The token
     * is written in full to a private temp file and then linked into place, so a concurrent reader (another serve,
     * the shim) never sees an empty or half-written token, and the first serve to link wins.
     *
     * <p>A token that is not {@link #tokenProblem() strong and private} (a weak one such as "a", one others can read,
     * a symbolic link, another user's file) is replaced, whole and at once, and the log says why: whoever could read,
     * plant or guess it would hold the API.
     */
    public String loadOrCreateToken() {
        try {
            if (PathFacts.of(token).isEmpty()) {
                createToken(false);
            }
            Optional<String> problem = tokenProblem();
            if (problem.isPresent()) {
                createToken(true);
                new LogFile(token.resolveSibling("eagle-mem.log"), Clock.systemUTC()).warn("serve: replaced " + token + " ("
                        + problem.get() + ")");
            }
            return PrivateFiles.readString(token).strip();
        } catch (IOException | UnsupportedOperationException e) {
            throw EagleException.failure("token_unavailable", "cannot create or read " + token + ": " + e.getMessage(),
                    "check the permissions of " + token.getParent(), e);
        }
    }

    /**
     * Why serve would not use the token file as it is, or empty when it is fine (or missing: serve makes one). The
     * shim sends it in a header, so it must be URL-safe; anyone who can read it, plant it or guess it holds the API.
     */
    public Optional<String> tokenProblem() throws IOException {
        Optional<PathFacts> facts = PathFacts.of(token);
        if (facts.isEmpty()) {
            return Optional.empty();
        }
        PathFacts f = facts.get();
        if (f.kind() != PathFacts.Kind.FILE) {
            return Optional.of(f.kind() == PathFacts.Kind.SYMLINK ? "it is a symbolic link, not serve's own file"
                    : "it is not a regular file");
        }
        if (!f.ownedByMe()) {
            return Optional.of("it belongs to " + f.ownerName() + " (uid " + f.uid() + "), not to you");
        }
        if (f.openToOthers()) {
            return Optional.of("other users may read it (mode " + f.octal() + ")");
        }
        String value = PrivateFiles.readString(token).strip();
        if (!STRONG_TOKEN.matcher(value).matches()) {
            return Optional.of(value.isEmpty() ? "it is empty" : "it is weak (" + value.length()
                    + " characters; serve makes 64 random hex digits, and accepts 32 or more of A-Z a-z 0-9 _ -)");
        }
        return Optional.empty();
    }

    private void createToken(boolean replace) throws IOException {
        byte[] bits = new byte[32];
        new SecureRandom().nextBytes(bits);
        Path temp = Files.createTempFile(token.getParent(), ".serve.token-", ".tmp",
                PosixFilePermissions.asFileAttribute(PrivateFiles.FILE));
        try {
            Files.writeString(temp, HexFormat.of().formatHex(bits) + "\n", StandardCharsets.UTF_8);
            if (replace) {
                // a rename puts the new file at the name: a symbolic link there goes, its target is never written
                Files.move(temp, token, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.createLink(token, temp);
            }
        } catch (FileAlreadyExistsException e) {
            // another serve created it first; the caller reads theirs
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Linux and macOS refuse unix socket paths longer than about 104 bytes. */
    static final int MAX_SOCKET_PATH_BYTES = 100;

    public static void checkSocketPath(Path socket) {
        if (socket.toString().getBytes(StandardCharsets.UTF_8).length > MAX_SOCKET_PATH_BYTES) {
            throw EagleException.failure("socket_path_too_long", "the socket path " + socket + " is longer than the "
                    + MAX_SOCKET_PATH_BYTES + " bytes unix sockets allow; hooks keep working, only slower",
                    "use a shorter data directory, e.g. export EAGLE_MEM_DIR=$HOME/.eagle-mem", null);
        }
    }

    /** Owner-only and whole; a symbolic link at the name is replaced, never written through. */
    public void writePid(long value) {
        try {
            PrivateFiles.writeString(pid, value + "\n");
        } catch (IOException e) {
            throw EagleException.failure("serve_files_unwritable", "cannot write " + pid + ": " + e.getMessage(),
                    "check the free space and permissions of " + pid.getParent(), e);
        }
    }

    /**
     * Records {@code host port} for the shim, owner-only and whole (written aside, then moved in), so the shim never
     * reads half a line. A wildcard bind is reached through loopback.
     */
    public void writePort(String host, int tcpPort) {
        String reach = switch (host) {
            case "0.0.0.0" -> "127.0.0.1";
            case "::", "[::]", "0:0:0:0:0:0:0:0" -> "::1";
            default -> host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        };
        try {
            AtomicFiles.writeString(port, reach + " " + tcpPort + "\n", AtomicFiles.OWNER_ONLY);
        } catch (IOException e) {
            // only the shim's fastest route needs it; the shim falls back to the socket
            deleteQuietly(port);
        }
    }

    /** A dead serve's port file must not send the shim (and the token) to whoever holds that port now. */
    public void removePort() {
        deleteQuietly(port);
    }

    /** The autostart marker has done its job once serve listens (or has failed for good). */
    public void clearStarting() {
        deleteQuietly(starting);
    }

    /** What a serve leaves behind on a clean exit; the lock file and the token stay. */
    public void removeRuntimeFiles() {
        deleteQuietly(socket);
        if (recordedPid() == ProcessHandle.current().pid()) {
            deleteQuietly(port);
            deleteQuietly(pid);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover file is replaced by the next serve; nothing depends on it being gone
        }
    }

    /** The pid serve recorded, or -1. */
    public long recordedPid() {
        try {
            return Files.exists(pid, LinkOption.NOFOLLOW_LINKS) ? Long.parseLong(PrivateFiles.readString(pid).strip()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
