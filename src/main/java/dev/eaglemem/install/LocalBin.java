package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.install.ActionStatus.Outcome;

/**
 * {@code ~/.local/bin/eagle-mem} → the installed runtime, so agents (and the skills they follow) can
 * call {@code eagle-mem} by name. Never replaces a file or link that is not an eagle-mem runtime.
 */
final class LocalBin {

    private static final String NAME = "eagle-mem";

    private LocalBin() {
    }

    /** Returns the link's path when install made or refreshed it, null when it left things alone. */
    static String link(Path binary, Path binDir, EagleEnv env, InstallReport.Builder report) {
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
            warnIfNotOnPath(binDir, env, report);
            return link.toString();
        } catch (IOException | UnsupportedOperationException e) {
            report.warn("could not link " + link + " (" + e.getMessage() + "); call " + binary + " directly");
            return null;
        }
    }

    private static void warnIfNotOnPath(Path binDir, EagleEnv env, InstallReport.Builder report) {
        String path = env.get("PATH").orElse("");
        for (String dir : path.split(":")) {
            if (!dir.isBlank() && Path.of(dir).toAbsolutePath().normalize().equals(binDir.toAbsolutePath().normalize())) {
                return;
            }
        }
        report.warn(binDir + " is not on PATH, so agents cannot run `eagle-mem` by name. Add to your shell profile:"
                + " export PATH=\"" + binDir + ":$PATH\"");
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
