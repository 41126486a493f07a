package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.eaglemem.gate.PrePushHook;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ProjectStore;

/**
 * The release gate's git pre-push hooks that uninstall leaves behind. They are the repositories' own files, written
 * by {@code gate install}, so uninstall does not touch them; it names each, with the command that removes it now and
 * the one that still works once eagle-mem is gone. Found in the directories the hooks saw projects in.
 */
final class GateHooksLeft {

    private GateHooksLeft() {
    }

    static List<String> find(Db db, ProjectStore projects) {
        if (!Files.exists(db.file())) {
            return List.of();
        }
        List<String> roots;
        try {
            roots = db.read(projects::roots);
        } catch (RuntimeException e) {
            return List.of(); // uninstall goes on without the list: a locked or broken store must not stop it
        }
        List<String> left = new ArrayList<>();
        Set<Path> seen = new LinkedHashSet<>(); // worktrees of one repository share its hooks directory
        for (String root : roots) {
            Path repo = Path.of(root);
            if (!Files.exists(repo.resolve(".git"))) {
                continue;
            }
            try {
                Path hooks = PrePushHook.hooksDir(repo);
                if (!seen.add(hooks) || !PrePushHook.installed(repo)) {
                    continue;
                }
                Path hook = hooks.resolve(PrePushHook.HOOK);
                Path backup = hooks.resolve(PrePushHook.BACKUP);
                String byHand = Files.exists(backup) ? "mv " + backup + " " + hook : "rm " + hook;
                left.add("the release gate's git pre-push hook stays in " + repo + "; remove it with: eagle-mem gate uninstall"
                        + " --repo " + repo + " (once eagle-mem is gone: " + byHand + ")");
            } catch (RuntimeException e) {
                // not a repository any more, or git is missing: nothing of ours to name there
            }
        }
        return left;
    }
}
