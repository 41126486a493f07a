package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.shell.ShellWords;

/**
 * {@code ~/.local/bin/eagle-mem} → the installed runtime, so agents (and the skills they follow) can
 * call {@code eagle-mem} by name. Never replaces a file or link that is not an eagle-mem runtime. When the
 * name would not reach this install (the folder is not on PATH, or another eagle-mem comes first), what
 * install tells the agents calls the link by its full path instead, and config agents.command says so to recall.
 */
final class LocalBin {

    static final String NAME = "eagle-mem";

    private LocalBin() {
    }

    /** Returns the link's path when install made or refreshed it, null when it left things alone. */
    static String link(Path binary, Path binDir, InstallReport.Builder report) {
        Path link = binDir.resolve(NAME);
        try {
            if (Files.isSymbolicLink(link)) {
                Path current = Files.readSymbolicLink(link);
                if (current.equals(binary)) {
                    report.action("command link", link, Outcome.UNCHANGED);
                    return link.toString();
                }
                if (!current.toString().contains("eagle-mem")) {
                    report.warn(link + " points to " + current + ", not eagle-mem; left alone. Call " + binary + " directly.");
                    return null;
                }
            } else if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                report.warn(link + " exists and is not a link; left alone. Call " + binary + " directly.");
                return null;
            }
            report.action("command link", link, Files.isSymbolicLink(link) ? Outcome.UPDATED : Outcome.CREATED);
            if (!report.dryRun) {
                Files.createDirectories(binDir);
                Files.deleteIfExists(link);
                Files.createSymbolicLink(link, binary);
            }
            return link.toString();
        } catch (IOException | UnsupportedOperationException e) {
            report.warn("could not link " + link + " (" + e.getMessage() + "); call " + binary + " directly");
            return null;
        }
    }

    /**
     * How the agents' instructions, allow rules and the status line call eagle-mem: {@code eagle-mem} when that
     * name runs this install here, else the link's (or, without a link, the binary's) full path, shell-quoted.
     * Warns, on every install, when the name does not reach this install.
     *
     * @param link what {@link #link} returned: the link's path, or null when there is none
     */
    static String command(String link, Path binary, EagleEnv env, InstallReport.Builder report) {
        if (link == null) {
            return ShellWords.quote(binary.toString());
        }
        Path linkPath = Path.of(link);
        Path binDir = linkPath.getParent();
        Optional<Path> first = Executables.find(env.vars(), NAME);
        if (first.isPresent() && !sameDir(first.get().getParent(), binDir) && !sameFile(first.get(), binary)) {
            report.warn("`" + NAME + "` on PATH is " + first.get() + ", not this install; agents are told to call " + link
                    + ". Put " + binDir + " before " + first.get().getParent() + " on PATH, or remove " + first.get());
            return ShellWords.quote(link);
        }
        if (!onPath(binDir, env)) {
            report.warn(binDir + " is not on PATH, so `" + NAME + "` does not run by name; agents are told to call " + link
                    + ". To type `" + NAME + "` yourself, add to your shell profile (~/.bashrc, ~/.zshrc): "
                    + exportLine(binDir, env));
            return ShellWords.quote(link);
        }
        return NAME;
    }

    /**
     * Records {@code command} as config agents.command: the SessionStart recall tells the agent how to save its
     * session and cannot read install state, so it reads the command the agents were given from there.
     */
    static void remember(String command, Path configFile, InstallReport.Builder report) {
        if (ConfigFile.load(configFile).stringValue(ConfigKeys.AGENTS_COMMAND).equals(command)) {
            return;
        }
        report.action("config " + ConfigKeys.AGENTS_COMMAND.name(), configFile, Outcome.UPDATED);
        if (!report.dryRun) {
            ConfigFile.set(configFile, ConfigKeys.AGENTS_COMMAND, command);
        }
    }

    /** The shell-profile line that puts {@code binDir} on PATH; {@code $HOME} stands for the home directory. */
    static String exportLine(Path binDir, EagleEnv env) {
        String dir = binDir.startsWith(env.home()) ? "$HOME/" + env.home().relativize(binDir) : binDir.toString();
        return "export PATH=\"" + dir + ":$PATH\"";
    }

    static boolean onPath(Path dir, EagleEnv env) {
        for (String entry : env.get("PATH").orElse("").split(":")) {
            if (!entry.isBlank() && sameDir(Path.of(entry), dir)) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameDir(Path a, Path b) {
        return a != null && b != null && a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    /** Removes the link install made, only while it still points into the runtime. */
    static void unlink(String recorded, Path runtime, InstallReport.Builder report) {
        if (recorded == null) {
            return;
        }
        Path link = Path.of(recorded);
        try {
            if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).startsWith(runtime)) {
                report.action("command link", link, Outcome.REMOVED);
                if (!report.dryRun) {
                    Files.delete(link);
                }
            }
        } catch (IOException e) {
            report.warn("could not remove " + link + ": " + e.getMessage());
        }
    }
}
