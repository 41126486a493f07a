package dev.eaglemem.gate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Installs the git pre-push hook ({@code hooks/pre-push}, shipped in the binary) that runs
 * {@code eagle-mem gate check} for pushes made outside any agent. The hooks directory is the one git
 * uses: {@code core.hooksPath} when set, else {@code hooks/} of the common git dir (shared by all linked
 * worktrees). A hook eagle-mem did not write (no marker line) is only replaced with {@code --force}, and
 * then kept as {@code pre-push.eagle-mem-backup}, which uninstall puts back.
 */
public final class PrePushHook {

    public static final String MARKER = "# eagle-mem-managed-pre-push";
    public static final String HOOK = "pre-push";
    public static final String BACKUP = "pre-push.eagle-mem-backup";
    private static final String TEMPLATE = "hooks/pre-push";

    /** What install (installed, updated, unchanged, replaced_foreign) or uninstall (the rest) did. */
    @RegisterForReflection
    public enum Status implements StateId {
        INSTALLED, UPDATED, UNCHANGED, REPLACED_FOREIGN, REMOVED, RESTORED, NOT_INSTALLED, FOREIGN_KEPT;

        public static Status parse(String id) {
            return StateId.parse(values(), id);
        }
    }

    /** @param backup the foreign hook's backup when there is one */
    public record Result(Status status, Path hook, Path backup) {
    }

    private PrePushHook() {
    }

    public static Result install(Path repo, boolean force) {
        Path hooks = hooksDir(repo);
        Path hook = hooks.resolve(HOOK);
        Path backup = hooks.resolve(BACKUP);
        String template = template();
        Optional<String> existing = read(hook);
        Status status;
        if (existing.isEmpty()) {
            status = Status.INSTALLED;
        } else if (isOurs(existing.get())) {
            if (existing.get().equals(template)) {
                return new Result(Status.UNCHANGED, hook, Files.exists(backup) ? backup : null);
            }
            status = Status.UPDATED;
        } else if (!force) {
            throw EagleException.conflict("foreign_hook", "a pre-push hook that eagle-mem did not write exists: " + hook,
                    "eagle-mem gate install --force   (keeps it as " + BACKUP + "; eagle-mem gate uninstall restores it)");
        } else if (Files.exists(backup)) {
            throw EagleException.conflict("backup_exists", "both a foreign pre-push hook and an earlier backup exist: "
                    + backup, "move one of them away, then: eagle-mem gate install --force");
        } else {
            move(hook, backup);
            status = Status.REPLACED_FOREIGN;
        }
        write(hook, template);
        return new Result(status, hook, Files.exists(backup) ? backup : null);
    }

    public static Result uninstall(Path repo) {
        Path hooks = hooksDir(repo);
        Path hook = hooks.resolve(HOOK);
        Path backup = hooks.resolve(BACKUP);
        Optional<String> existing = read(hook);
        if (existing.isPresent() && !isOurs(existing.get())) {
            return new Result(Status.FOREIGN_KEPT, hook, Files.exists(backup) ? backup : null);
        }
        if (existing.isPresent()) {
            delete(hook);
        }
        if (Files.exists(backup)) {
            move(backup, hook);
            return new Result(Status.RESTORED, hook, null);
        }
        return new Result(existing.isPresent() ? Status.REMOVED : Status.NOT_INSTALLED, hook, null);
    }

    /** Whether the repository's pre-push hook is eagle-mem's. */
    public static boolean installed(Path repo) {
        return read(hooksDir(repo).resolve(HOOK)).map(PrePushHook::isOurs).orElse(false);
    }

    static boolean isOurs(String script) {
        return script.lines().limit(5).anyMatch(line -> line.strip().equals(MARKER));
    }

    /** The directory git runs hooks from for the repository containing {@code repo}. */
    public static Path hooksDir(Path repo) {
        Git git = new Git(repo);
        Git.Run top = git.run("rev-parse", "--show-toplevel");
        Git.Run common = git.run("rev-parse", "--git-common-dir");
        if (!common.ok()) {
            throw EagleException.invalidInput(repo + " is not inside a git repository",
                    "cd into the repository, or pass --repo PATH");
        }
        Path base = top.ok() && !top.out().isBlank() ? Path.of(top.out().strip()) : repo;
        Git.Run hooksPath = git.run("config", "--path", "--get", "core.hooksPath");
        if (hooksPath.ok() && !hooksPath.out().isBlank()) {
            return base.resolve(hooksPath.out().strip()).normalize();
        }
        return repo.resolve(common.out().strip()).resolve("hooks").normalize();
    }

    static String template() {
        try (InputStream in = PrePushHook.class.getClassLoader().getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is missing from the binary");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            // not UTF-8 or unreadable: certainly not ours
            return Optional.of("");
        }
    }

    private static void write(Path hook, String text) {
        Path tmp = hook.resolveSibling(HOOK + ".eagle-mem-tmp");
        try {
            Files.createDirectories(hook.getParent());
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (UnsupportedOperationException e) {
                tmp.toFile().setExecutable(true);
            }
            Files.move(tmp, hook, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw failure("cannot write " + hook, e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw failure("cannot move " + from + " to " + to, e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw failure("cannot remove " + file, e);
        }
    }

    private static EagleException failure(String what, IOException e) {
        return EagleException.failure("hook_write_failed", what + ": " + e.getMessage(),
                "check the permissions of the git hooks directory", e);
    }
}
