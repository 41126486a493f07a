package dev.eaglemem.serve.control;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;

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

    /**
     * The API token, created owner-only with 256 random bits on first use. {@code new SecureRandom()} reads the
     * non-blocking system source: {@code getInstanceStrong()} may block a starting serve on a fresh VM. The token
     * is written in full to a private temp file and then linked into place, so a concurrent reader (another serve,
     * the shim) never sees an empty or half-written token, and the first serve to link wins.
     */
    public String loadOrCreateToken() {
        try {
            if (!Files.exists(token)) {
                createToken(false);
            }
            if (Files.readString(token, StandardCharsets.UTF_8).isBlank()) {
                // left empty by an older eagle-mem that crashed between create and write: never a usable secret
                createToken(true);
            }
            return Files.readString(token, StandardCharsets.UTF_8).strip();
        } catch (IOException | UnsupportedOperationException e) {
            throw EagleException.failure("token_unavailable", "cannot create or read " + token + ": " + e.getMessage(),
                    "check the permissions of " + token.getParent(), e);
        }
    }

    private void createToken(boolean replace) throws IOException {
        byte[] bits = new byte[32];
        new SecureRandom().nextBytes(bits);
        Path temp = Files.createTempFile(token.getParent(), ".serve.token-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(temp, HexFormat.of().formatHex(bits) + "\n", StandardCharsets.UTF_8);
            if (replace) {
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

    public void writePid(long value) {
        try {
            Files.writeString(pid, value + "\n", StandardCharsets.UTF_8);
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
            return Files.exists(pid) ? Long.parseLong(Files.readString(pid).strip()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
