package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.config.DataDir;

/**
 * The eagle-mem binary a long-lived caller (the serve service unit) should start: the runtime install
 * recorded, which survives rebuilds and moved checkouts, else the one running now.
 *
 * @param binary absolute path of the executable
 * @param installed true when it is the runtime {@code eagle-mem install} put in place
 */
public record InstalledRuntime(Path binary, boolean installed) {

    /** Throws (runtime_unknown, with a fix) when nothing is installed and the running runtime cannot be told. */
    public static InstalledRuntime choose(DataDir dataDir) {
        String recorded = InstallManifest.read(dataDir.root()).binary();
        if (recorded != null && Files.isExecutable(Path.of(recorded))) {
            return new InstalledRuntime(Path.of(recorded), true);
        }
        Path source = RuntimeInstall.source();
        return new InstalledRuntime(Files.isDirectory(source) ? RuntimeInstall.binary(source) : source, false);
    }
}
