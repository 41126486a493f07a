package dev.eaglemem.config;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import dev.eaglemem.error.EagleException;

/**
 * {@code $EAGLE_MEM_DIR} (default {@code ~/.eagle-mem}) and the files in it. Created owner-only
 * (700) on first use because it holds everything an agent did.
 */
public record DataDir(Path root, Path configFile) {

    public static final String DIR_VARIABLE = "EAGLE_MEM_DIR";
    public static final String CONFIG_VARIABLE = "EAGLE_CONFIG_FILE";

    public static DataDir from(EagleEnv env) {
        Path root = env.get(DIR_VARIABLE)
                .map(value -> env.cwd().resolve(expandHome(value, env.home())))
                .orElse(env.home().resolve(".eagle-mem"))
                .toAbsolutePath()
                .normalize();
        Path config = env.get(CONFIG_VARIABLE)
                .map(value -> env.cwd().resolve(expandHome(value, env.home())).toAbsolutePath().normalize())
                .orElse(root.resolve("config.toml"));
        return new DataDir(root, config);
    }

    private static String expandHome(String value, Path home) {
        return value.equals("~") || value.startsWith("~/") ? home + value.substring(1) : value;
    }

    public Path dbFile() {
        return root.resolve("memory.db");
    }

    public Path logFile() {
        return root.resolve("eagle-mem.log");
    }

    /** Creates the directory (mode 700) when missing and checks that it is a writable directory. */
    public DataDir ensureExists() {
        if (!Files.exists(root)) {
            create();
        }
        if (!Files.isDirectory(root)) {
            throw EagleException.failure("data_dir_unusable", root + " exists but is not a directory",
                    "move it away or point " + DIR_VARIABLE + " at a directory: export " + DIR_VARIABLE + "=$HOME/.eagle-mem",
                    null);
        }
        if (!Files.isWritable(root)) {
            throw unwritable("it is not writable by this user", null);
        }
        return this;
    }

    private void create() {
        try {
            Files.createDirectories(root.getParent());
        } catch (IOException e) {
            throw unwritable("cannot create it (" + describe(e) + ")", e);
        }
        try {
            Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            createWithoutPosix();
        } catch (FileAlreadyExistsException e) {
            // another process created it first; ensureExists checks what it is
        } catch (IOException e) {
            throw unwritable("cannot create it (" + describe(e) + ")", e);
        }
    }

    private void createWithoutPosix() {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw unwritable("cannot create it (" + describe(e) + ")", e);
        }
    }

    private EagleException unwritable(String why, Throwable cause) {
        return EagleException.failure("data_dir_unwritable", "eagle-mem data directory " + root + ": " + why,
                "make it writable (mkdir -p " + root + " && chmod 700 " + root + ") or choose another: export "
                        + DIR_VARIABLE + "=/path/to/writable/dir",
                cause);
    }

    private static String describe(IOException e) {
        String kind = e.getClass().getSimpleName().replace("Exception", "");
        return e.getMessage() == null ? kind : kind + ": " + e.getMessage();
    }
}
