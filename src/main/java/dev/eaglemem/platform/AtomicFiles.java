package dev.eaglemem.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * Replaces a file through a temporary file in the same directory and a rename, so a reader (an agent
 * reading its settings, systemd reading a unit, a hook reading the config) sees the old file or the new
 * one, never half of one. The temporary file is owner-only from its creation, gets the final mode before
 * the rename, and is removed when anything fails. There is no fsync: none of these small files was ever
 * synced, and a rename over the old file is what keeps them whole.
 */
public final class AtomicFiles {

    /**
     * The mode the written file ends with.
     *
     * @param permissions the mode; ignored on file systems without POSIX permissions
     * @param keepExisting true when a file that already exists keeps its own mode (a user's chmod survives)
     */
    public record Mode(Set<PosixFilePermission> permissions, boolean keepExisting) {

        public Mode {
            permissions = Set.copyOf(permissions);
        }

        /** The same mode for a new file; an existing file keeps its own. */
        public Mode orExisting() {
            return new Mode(permissions, true);
        }
    }

    /** {@code rw-------}: secrets, config and everything in the data directory. */
    public static final Mode OWNER_ONLY = new Mode(PosixFilePermissions.fromString("rw-------"), false);

    private static final String TEMP_SUFFIX = ".eagle-mem.tmp";

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8; see {@link #write(Path, byte[], Mode)}. */
    public static void writeString(Path file, String text, Mode mode) throws IOException {
        write(file, text.getBytes(StandardCharsets.UTF_8), mode);
    }

    /**
     * Creates the missing parent directories (700, as the XDG base directory specification asks of a directory
     * made for a file), then replaces {@code file} with {@code content} in one rename.
     */
    public static void write(Path file, byte[] content, Mode mode) throws IOException {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        PrivateFiles.createDirectories(dir);
        Set<PosixFilePermission> permissions = mode.keepExisting() ? existingPermissions(target).orElse(mode.permissions())
                : mode.permissions();
        Path temp = createTemp(dir, "." + target.getFileName());
        try {
            Files.write(temp, content);
            setPermissions(temp, permissions);
            move(temp, target);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    private static Optional<Set<PosixFilePermission>> existingPermissions(Path file) throws IOException {
        try {
            return Optional.of(Files.getPosixFilePermissions(file));
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            return Optional.empty(); // a new file, or no POSIX modes here: nothing to keep
        }
    }

    private static Path createTemp(Path dir, String prefix) throws IOException {
        try {
            return Files.createTempFile(dir, prefix, TEMP_SUFFIX, PosixFilePermissions.asFileAttribute(OWNER_ONLY.permissions()));
        } catch (UnsupportedOperationException e) {
            return Files.createTempFile(dir, prefix, TEMP_SUFFIX);
        }
    }

    /** Set explicitly rather than at creation, where the umask could take bits away. */
    private static void setPermissions(Path temp, Set<PosixFilePermission> permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(temp, permissions);
        } catch (UnsupportedOperationException e) {
            // a file system without POSIX modes: the file gets what the system gives
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // same directory, so this only happens on odd file systems; a plain replace is the best left
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // a stray temporary file is hidden, harmless and named after its file
        }
    }
}
