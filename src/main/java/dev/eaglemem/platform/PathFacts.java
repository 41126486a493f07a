package dev.eaglemem.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;

/**
 * What eagle-mem must know about a path before it trusts it: what it is (a symbolic link is reported, not followed,
 * unless asked), the uid that owns it and its permission bits. One {@code lstat} (or {@code stat}) through the
 * "unix" attribute view, which reads numbers: no user-name lookup on the hook path.
 *
 * @param mode the permission bits only ({@code 0755}), without the file type
 */
public record PathFacts(Path path, Kind kind, int uid, int mode) {

    public enum Kind {
        FILE, DIRECTORY, SYMLINK, OTHER
    }

    private static final int TYPE_MASK = 0170000;
    private static final int TYPE_DIRECTORY = 0040000;
    private static final int TYPE_FILE = 0100000;
    private static final int TYPE_SYMLINK = 0120000;
    private static final int STICKY = 01000;
    private static volatile Integer currentUid;

    /**
     * The facts of {@code path} itself: a symbolic link is a {@link Kind#SYMLINK}. Empty when nothing is there.
     */
    public static Optional<PathFacts> of(Path path) throws IOException {
        return read(path, LinkOption.NOFOLLOW_LINKS);
    }

    /** As {@link #of}, but a symbolic link is followed to what it names (empty when that does not exist). */
    public static Optional<PathFacts> following(Path path) throws IOException {
        return read(path);
    }

    private static Optional<PathFacts> read(Path path, LinkOption... options) throws IOException {
        Map<String, Object> attributes;
        try {
            attributes = Files.readAttributes(path, "unix:mode,uid", options);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return withoutOwners(path, options);
        }
        int raw = (Integer) attributes.get("mode");
        Kind kind = switch (raw & TYPE_MASK) {
            case TYPE_DIRECTORY -> Kind.DIRECTORY;
            case TYPE_FILE -> Kind.FILE;
            case TYPE_SYMLINK -> Kind.SYMLINK;
            default -> Kind.OTHER;
        };
        return Optional.of(new PathFacts(path, kind, (Integer) attributes.get("uid"), raw & 07777));
    }

    private static Optional<PathFacts> withoutOwners(Path path, LinkOption... options) throws IOException {
        BasicFileAttributes basic;
        try {
            basic = Files.readAttributes(path, BasicFileAttributes.class, options);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        Kind kind = basic.isSymbolicLink() ? Kind.SYMLINK : basic.isDirectory() ? Kind.DIRECTORY
                : basic.isRegularFile() ? Kind.FILE : Kind.OTHER;
        return Optional.of(new PathFacts(path, kind, currentUid(), kind == Kind.DIRECTORY ? 0700 : 0600));
    }

    public boolean ownedByMe() {
        return uid == currentUid();
    }

    /** Another user could change it: group or others may write (a sticky directory only lets them add their own). */
    public boolean writableByOthers() {
        return (mode & 0022) != 0;
    }

    /** A directory such as /tmp: others may add files, never touch ours. */
    public boolean sticky() {
        return (mode & STICKY) != 0;
    }

    /** Group or others have any access bit (read, write or execute). */
    public boolean openToOthers() {
        return (mode & 0077) != 0;
    }

    /** {@code 755}, as ls and chmod say it. */
    public String octal() {
        return String.format("%03o", mode & 0777);
    }

    /** The owner's name, for messages (the number when the system does not know it). */
    public String ownerName() {
        try {
            return Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException | UnsupportedOperationException e) {
            return Integer.toString(uid);
        }
    }

    /** This process's effective uid: the owner of every file it creates. */
    public static int currentUid() {
        Integer uid = currentUid;
        if (uid == null) {
            uid = readCurrentUid();
            currentUid = uid;
        }
        return uid;
    }

    /** Linux says it in /proc/self/status; elsewhere (macOS) the owner of a file this process creates is the answer. */
    private static int readCurrentUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring(4).strip().split("\\s+")[1]); // real, effective, saved, fs
                }
            }
        } catch (IOException | RuntimeException e) {
            // no procfs: ask the file system below
        }
        Path probe = null;
        try {
            probe = Files.createTempFile("eagle-mem-uid", ".tmp");
            return (Integer) Files.getAttribute(probe, "unix:uid");
        } catch (IOException | UnsupportedOperationException e) {
            return -1; // unknown: nothing is "mine", so checks refuse rather than trust
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException ignored) {
                    // an empty temporary file is harmless
                }
            }
        }
    }
}
