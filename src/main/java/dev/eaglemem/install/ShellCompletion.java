package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.shell.ShellWords;

/**
 * Tab completion of the eagle-mem command, one file per shell, written where that shell looks on its own so no
 * start-up file of the user's is ever edited: bash-completion's per-user folder and fish's completions folder. zsh
 * has no per-user folder in its default fpath, so its file lives in $EAGLE_MEM_DIR and install says which line
 * sources it from ~/.zshrc. A shell that is not on PATH is left out (install again once it is). The files are kept
 * like the agents' configs ({@link AgentFiles#editConfig}): a file that was there before is snapshotted and comes
 * back on uninstall.
 */
final class ShellCompletion {

    /** One shell's completion file. */
    record Target(String shell, Path file) {

        String what() {
            return "completion " + shell;
        }

        String snapshotName() {
            return "completion-" + shell;
        }
    }

    private final EagleEnv env;
    private final AgentFiles files;
    private final InstallReport.Builder report;
    private final List<String> created;
    private final List<Target> targets;

    ShellCompletion(EagleEnv env, Path dataDir, AgentFiles files, InstallReport.Builder report, List<String> created) {
        this.env = env;
        this.files = files;
        this.report = report;
        this.created = created;
        this.targets = targets(env, dataDir);
    }

    /** bash-completion 2 and fish read these folders (XDG variables and BASH_COMPLETION_USER_DIR respected). */
    static List<Target> targets(EagleEnv env, Path dataDir) {
        Path data = absolute(env, "XDG_DATA_HOME").orElse(env.home().resolve(".local/share"));
        Path bash = absolute(env, "BASH_COMPLETION_USER_DIR").orElse(data.resolve("bash-completion"));
        Path config = absolute(env, "XDG_CONFIG_HOME").orElse(env.home().resolve(".config"));
        return List.of(new Target("bash", bash.resolve("completions").resolve(LocalBin.NAME)),
                new Target("zsh", dataDir.resolve("completion").resolve(LocalBin.NAME + ".zsh")),
                new Target("fish", config.resolve("fish/completions").resolve(LocalBin.NAME + ".fish")));
    }

    /** The XDG base directory specification ignores a relative value; so do we. */
    private static Optional<Path> absolute(EagleEnv env, String name) {
        return env.get(name).filter(v -> v.startsWith("/")).map(Path::of);
    }

    void install(CompletionScripts scripts) {
        for (Target t : targets) {
            if (Executables.find(env.vars(), t.shell()).isEmpty()) {
                continue; // a shell you do not have is not worth a line in every install's report
            }
            String script = switch (t.shell()) {
                case "bash" -> scripts.bash();
                case "zsh" -> scripts.zsh();
                default -> scripts.fish();
            };
            if (!report.dryRun) {
                recordNewFolders(t.file().getParent());
            }
            files.editConfig(t.what(), t.file(), t.snapshotName(), text -> script);
            if (t.shell().equals("zsh") && !zshrcSources(t.file())) {
                String file = ShellWords.quote(t.file().toString());
                report.warn("zsh completes eagle-mem once " + zshrc() + " has this line (install never edits it): [[ -r "
                        + file + " ]] && source " + file);
            }
        }
    }

    /** Removes the files install wrote (a file that was there before comes back); a file of the user's stays. */
    void uninstall() {
        for (Target t : targets) {
            String key = t.file().toString();
            if (!created.contains(key) && !Files.exists(files.snapshot(t.snapshotName()))) {
                continue;
            }
            files.restoreConfig(t.what(), t.file(), t.snapshotName(), (current, before) -> before == null ? current : before);
            if (!report.dryRun) {
                created.remove(key);
                for (Path dir = t.file().getParent(); dir != null && created.contains(dir.toString()); dir = dir.getParent()) {
                    files.removeIfEmptyAndOurs(dir);
                    if (!Files.exists(dir)) {
                        created.remove(dir.toString());
                    }
                }
            }
            if (t.shell().equals("zsh") && zshrcSources(t.file())) {
                report.warn("the zsh completion file goes: take the line that sources " + t.file() + " out of " + zshrc());
            }
        }
    }

    /** Folders install creates for a completion file go again on uninstall once nothing else lives in them. */
    private void recordNewFolders(Path dir) {
        for (Path d = dir; d != null && !Files.exists(d); d = d.getParent()) {
            if (!created.contains(d.toString())) {
                created.add(d.toString());
            }
        }
    }

    private Path zshrc() {
        return absolute(env, "ZDOTDIR").orElse(env.home()).resolve(".zshrc");
    }

    private boolean zshrcSources(Path file) {
        String rc = TextFiles.read(zshrc());
        return rc != null && rc.contains(file.getFileName().toString());
    }
}
