package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.UnaryOperator;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.ActionStatus.Outcome;

/**
 * The file steps install and uninstall share for both agents: a config file edited in place (with a
 * before-install snapshot for an exact restore, and a timestamped backup of every version it
 * replaces), the managed instruction block, and the skills.
 */
final class AgentFiles {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path backups;
    private final Clock clock;
    private final InstallReport.Builder report;
    private final List<String> created;

    AgentFiles(Path backups, Clock clock, InstallReport.Builder report, List<String> created) {
        this.backups = backups;
        this.clock = clock;
        this.report = report;
        this.created = created;
    }

    /** The snapshot of a config file as it was before the first install, or null. */
    Path snapshot(String name) {
        return backups.resolve(name + ".before-install");
    }

    /**
     * The config file's text before the first install: its snapshot, "" when install created it, else
     * {@code current} (no install changed it yet).
     */
    String beforeInstall(Path file, String snapshotName, String current) {
        Path snapshot = snapshot(snapshotName);
        if (Files.exists(snapshot)) {
            return TextFiles.read(snapshot);
        }
        return created.contains(file.toString()) || current == null ? "" : current;
    }

    /**
     * Applies {@code edit} to a config file. The first install keeps the untouched original as the
     * uninstall snapshot; every change also leaves a timestamped backup.
     */
    void editConfig(String what, Path file, String snapshotName, UnaryOperator<String> edit) {
        String before = TextFiles.read(file);
        String after = edit.apply(before);
        if (after.equals(before == null ? "" : before)) {
            report.action(what, file, Outcome.UNCHANGED);
            return;
        }
        report.action(what, file, before == null ? Outcome.CREATED : Outcome.UPDATED);
        if (report.dryRun) {
            return;
        }
        if (before == null) {
            created.add(file.toString());
        } else {
            Path snapshot = snapshot(snapshotName);
            // a file install created has no "before": a snapshot of it now would hold our own entries
            if (!Files.exists(snapshot) && !created.contains(file.toString())) {
                TextFiles.write(snapshot, before);
            }
            TextFiles.write(backups.resolve(snapshotName + "." + STAMP.format(clock.instant())), before);
        }
        TextFiles.write(file, after);
    }

    /**
     * Reverses {@link #editConfig}: {@code restore} gets (current, before-install or "" or null). Returns the
     * resulting text ("" for a removed file), also in a dry run.
     */
    String restoreConfig(String what, Path file, String snapshotName, Restore restore) {
        String current = TextFiles.read(file);
        if (current == null) {
            report.action(what, file, Outcome.UNCHANGED);
            return "";
        }
        Path snapshot = snapshot(snapshotName);
        String before = Files.exists(snapshot) ? TextFiles.read(snapshot) : created.contains(file.toString()) ? "" : null;
        String after = restore.apply(current, before);
        if (after.equals(current)) {
            report.action(what, file, Outcome.UNCHANGED);
            return after;
        }
        report.action(what, file, after.isEmpty() ? Outcome.REMOVED : Outcome.RESTORED);
        if (!report.dryRun) {
            if (after.isEmpty()) {
                TextFiles.delete(file);
            } else {
                TextFiles.write(file, after);
            }
            TextFiles.delete(snapshot);
        }
        return after;
    }

    @FunctionalInterface
    interface Restore {
        String apply(String current, String beforeInstall);
    }

    /** The managed block needs no snapshot: it is delimited, and removing it restores the rest exactly. */
    void addBlock(Path file, String command) {
        String before = TextFiles.read(file);
        String after = new ManagedBlock(file).upsert(before == null ? "" : before, AgentGuidance.instructions(command));
        if (after.equals(before)) {
            report.action("instructions", file, Outcome.UNCHANGED);
            return;
        }
        report.action("instructions", file, before == null ? Outcome.CREATED : Outcome.UPDATED);
        if (!report.dryRun) {
            if (before == null) {
                created.add(file.toString());
            }
            TextFiles.write(file, after);
        }
    }

    void removeBlock(Path file) {
        String current = TextFiles.read(file);
        if (current == null) {
            return;
        }
        String after = new ManagedBlock(file).remove(current);
        if (after.equals(current)) {
            report.action("instructions", file, Outcome.UNCHANGED);
            return;
        }
        boolean ours = created.contains(file.toString()) && after.isBlank();
        report.action("instructions", file, ours ? Outcome.REMOVED : Outcome.RESTORED);
        if (!report.dryRun) {
            if (ours) {
                TextFiles.delete(file);
            } else {
                TextFiles.write(file, after);
            }
        }
    }

    void addSkills(Path skillsDir, String command) {
        if (!Files.exists(skillsDir) && !report.dryRun) {
            created.add(skillsDir.toString());
        }
        for (String name : AgentGuidance.SKILLS) {
            Path dir = skillsDir.resolve("eagle-mem-" + name);
            Path file = dir.resolve("SKILL.md");
            String want = AgentGuidance.skill(name, command);
            if (want.equals(TextFiles.read(file))) {
                report.action("skill " + name, file, Outcome.UNCHANGED);
                continue;
            }
            report.action("skill " + name, file, Files.exists(file) ? Outcome.UPDATED : Outcome.CREATED);
            if (!report.dryRun) {
                if (!Files.exists(dir)) {
                    created.add(dir.toString());
                }
                TextFiles.write(file, want);
            }
        }
    }

    void removeSkills(Path skillsDir) {
        for (String name : AgentGuidance.SKILLS) {
            Path dir = skillsDir.resolve("eagle-mem-" + name);
            if (!Files.exists(dir)) {
                continue;
            }
            report.action("skill " + name, dir, Outcome.REMOVED);
            if (!report.dryRun) {
                try {
                    RuntimeInstall.deleteTree(dir);
                } catch (IOException e) {
                    throw EagleException.failure("file_unwritable", "cannot remove " + dir + ": " + e.getMessage(),
                            "rm -r " + dir, e);
                }
            }
        }
        removeIfEmptyAndOurs(skillsDir);
    }

    /**
     * Notes that install is about to create {@code dir} (e.g. OpenCode's plugins folder), so that
     * {@link #removeIfEmptyAndOurs} takes it out again; a folder that already exists stays the user's.
     */
    void willCreate(Path dir) {
        if (!Files.exists(dir) && !report.dryRun) {
            created.add(dir.toString());
        }
    }

    /** A folder install created (e.g. ~/.claude/skills) goes again once nothing else lives in it. */
    void removeIfEmptyAndOurs(Path dir) {
        if (report.dryRun || !created.contains(dir.toString()) || !Files.isDirectory(dir)) {
            return;
        }
        try (var entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException e) {
            // an empty folder left behind is harmless
        }
    }
}
