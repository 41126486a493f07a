package dev.eaglemem.config;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PathFacts;
import dev.eaglemem.platform.PrivateFiles;

/**
 * {@code $EAGLE_MEM_DIR} (default {@code ~/.eagle-mem}) and the files in it. Created owner-only
 * (700) on first use because it holds everything an agent did, and refused when another user could touch it.
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

    /**
     * Creates the directory (mode 700) when missing and checks that it is a writable directory that only this user
     * can touch ({@link #checkSafe()}). Group's and others' read bits on this user's own paths (a directory made 755
     * before eagle-mem ran, files an older eagle-mem left 644) are taken off, and the log says so once: after that
     * there are none.
     */
    public DataDir ensureExists() {
        if (!Files.exists(root)) {
            create();
        }
        if (!Files.isDirectory(root)) {
            throw EagleException.failure("data_dir_unusable", root + " exists but is not a directory",
                    "move it away or point " + DIR_VARIABLE + " at a directory: export " + DIR_VARIABLE + "=$HOME/.eagle-mem",
                    null);
        }
        DataDirCheck.Findings findings = refuseUnsafe();
        if (!Files.isWritable(root)) {
            throw unwritable("it is not writable by this user", null);
        }
        if (!findings.loose().isEmpty()) {
            tighten(findings.loose());
        }
        return this;
    }

    /**
     * Refuses a data directory that another user owns or may change, or that has another user's file or a symbolic
     * link where eagle-mem writes ({@link DataDirCheck}): one exception, whose fix is the command that makes it safe.
     * Changes nothing (doctor and {@code serve --status} call it too); nothing to check when it does not exist yet.
     */
    public DataDir checkSafe() {
        refuseUnsafe();
        return this;
    }

    private DataDirCheck.Findings refuseUnsafe() {
        DataDirCheck.Findings findings = DataDirCheck.scan(root);
        if (findings.refused()) {
            DataDirCheck.Problem first = findings.problems().getFirst();
            int more = findings.problems().size() - 1;
            throw EagleException.failure("data_dir_unsafe", "eagle-mem does not use its data directory while another user"
                    + " could: " + first.path() + " " + first.detail()
                    + (more > 0 ? " (and " + more + " more: eagle-mem doctor lists them)" : ""),
                    first.fix(), null);
        }
        return findings;
    }

    private void tighten(List<PathFacts> loose) {
        List<String> done = new ArrayList<>();
        for (PathFacts facts : loose) {
            try {
                PrivateFiles.tighten(facts.path()).ifPresent(before -> done.add(facts.path() + " " + before.octal() + "->"
                        + String.format("%03o", before.mode() & 0700)));
            } catch (IOException e) {
                done.add(facts.path() + " could not be made owner-only (" + describe(e) + ")");
            }
        }
        if (!done.isEmpty()) {
            new LogFile(logFile(), Clock.systemUTC()).info("data directory: took other users' access off what was readable"
                    + " by them: " + String.join(", ", done));
        }
    }

    private void create() {
        try {
            Files.createDirectories(root.getParent());
        } catch (IOException e) {
            throw unwritable("cannot create it (" + describe(e) + ")", e);
        }
        try {
            Files.createDirectory(root, PosixFilePermissions.asFileAttribute(PrivateFiles.DIRECTORY));
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
