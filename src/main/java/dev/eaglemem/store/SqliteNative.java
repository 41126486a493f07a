package dev.eaglemem.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import org.sqlite.util.OSInfo;

/**
 * SQLite's native library, unpacked once into the runtime. Otherwise sqlite-jdbc writes its 1 MB library to a new
 * file in {@code /tmp} in every process — every hook that runs without serve paid for that write, and a killed process
 * left its copy behind. The launcher points {@code org.sqlite.lib.path} at the unpacked copy when it is there.
 */
public final class SqliteNative {

    private SqliteNative() {
    }

    /**
     * Unpacks the library for this OS and architecture into {@code dir}, unless the same file is already there (a
     * reinstall must not touch the runtime it compares). Empty when the driver has no library for this platform.
     */
    public static Optional<Path> unpack(Path dir) throws IOException {
        String name = System.mapLibraryName("sqlitejdbc");
        String resource = "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + name;
        try (InputStream in = OSInfo.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] library = in.readAllBytes();
            Path target = dir.resolve(name);
            if (Files.isRegularFile(target) && Files.size(target) == library.length
                    && java.util.Arrays.equals(Files.readAllBytes(target), library)) {
                return Optional.of(target);
            }
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, name, ".tmp");
            Files.write(temp, library);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return Optional.of(target);
        }
    }
}
