package dev.eaglemem.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Files and directories only their owner can touch, whatever the umask: directories 700, files 600, executables 700.
 * Everything eagle-mem keeps in its data directory is made through here. Modes are given at creation (so the file
 * is never open to others, even for a moment) and, where something else created the path, set afterwards.
 *
 * <p>No symbolic link is followed at a name eagle-mem writes, appends to or locks: opening one fails
 * ({@code ELOOP}) instead of writing to wherever it points, and whole-file writes replace the link itself.
 */
public final class PrivateFiles {

    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final FileAttribute<Set<PosixFilePermission>> FILE_ATTRIBUTE = PosixFilePermissions.asFileAttribute(FILE);
    private static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_ATTRIBUTE = PosixFilePermissions
            .asFileAttribute(DIRECTORY);
    private static final Set<PosixFilePermission> GROUP_AND_OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private PrivateFiles() {
    }

    /**
     * Creates {@code dir} and its missing parents, each 700. Directories that are already there keep their mode:
     * the data directory's own check decides about those.
     */
    public static Path createDirectories(Path dir) throws IOException {
        Path target = dir.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        for (Path d = target; d != null && !Files.isDirectory(d); d = d.getParent()) {
            missing.push(d);
        }
        for (Path d : missing) {
            try {
                Files.createDirectory(d, DIRECTORY_ATTRIBUTE);
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(d)) {
                    throw e;
                }
                // made by another process meanwhile
            } catch (UnsupportedOperationException e) {
                Files.createDirectories(d); // no POSIX modes on this file system
            }
        }
        return target;
    }

    /**
     * Throws unless {@code dir} is a directory of this user's that no other user may change (a sticky one such as /tmp
     * aside): the check before private data goes into a folder.
     */
    public static void requireOwnDirectory(Path dir) throws IOException {
        Optional<PathFacts> facts = PathFacts.following(dir);
        if (facts.isEmpty()) {
            return; // not there (yet): whoever creates it makes it 700
        }
        PathFacts f = facts.get();
        if (!f.ownedByMe()) {
            throw new IOException(dir + " belongs to " + f.ownerName() + " (uid " + f.uid() + "), not to this user");
        }
        if (f.writableByOthers() && !f.sticky()) {
            throw new IOException(dir + " can be changed by other users (mode " + f.octal() + ")");
        }
    }

    /** Opens {@code file} to append, created 600 when missing; a symbolic link at its name is refused, not followed. */
    public static FileChannel openAppend(Path file) throws IOException {
        return open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND,
                LinkOption.NOFOLLOW_LINKS));
    }

    /** Opens {@code file} to take a lock on it: created 600 when missing, written never, no symbolic link followed. */
    public static FileChannel openLock(Path file) throws IOException {
        return open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS));
    }

    private static FileChannel open(Path file, Set<java.nio.file.OpenOption> options) throws IOException {
        try {
            return FileChannel.open(file, options, FILE_ATTRIBUTE);
        } catch (UnsupportedOperationException e) {
            return FileChannel.open(file, options);
        }
    }

    /** The file's bytes; a symbolic link at its name is refused ({@code ELOOP}) rather than read through. */
    public static byte[] read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            return in.readAllBytes();
        }
    }

    public static String readString(Path file) throws IOException {
        return new String(read(file), StandardCharsets.UTF_8);
    }

    /**
     * Replaces {@code file} whole with {@code text}, 600, its missing directories 700. The rename puts a new file at
     * the name: a symbolic link there is replaced, never written through.
     */
    public static void writeString(Path file, String text) throws IOException {
        AtomicFiles.writeString(file, text, AtomicFiles.OWNER_ONLY);
    }

    /**
     * Takes group's and others' bits off a path of ours (a symbolic link is left alone): 755 becomes 700, 644 600.
     * Returns the facts from before, when something changed.
     */
    public static Optional<PathFacts> tighten(Path path) throws IOException {
        Optional<PathFacts> facts = PathFacts.of(path);
        if (facts.isEmpty() || facts.get().kind() == PathFacts.Kind.SYMLINK || !facts.get().openToOthers()) {
            return Optional.empty();
        }
        Set<PosixFilePermission> permissions = EnumSet.copyOf(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
        permissions.removeAll(GROUP_AND_OTHERS);
        Files.setPosixFilePermissions(path, permissions); // not a link (checked above): nothing is followed
        return facts;
    }

    /**
     * {@link #tighten} over a whole tree, without following symbolic links: directories end 700, files 600, or 700
     * when their owner may run them. Returns how many paths changed.
     */
    public static int tightenTree(Path root) throws IOException {
        if (PathFacts.of(root).isEmpty()) {
            return 0;
        }
        int[] changed = { 0 };
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                count(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                count(file);
                return FileVisitResult.CONTINUE;
            }

            private void count(Path path) throws IOException {
                if (tighten(path).isPresent()) {
                    changed[0]++;
                }
            }
        });
        return changed[0];
    }
}
