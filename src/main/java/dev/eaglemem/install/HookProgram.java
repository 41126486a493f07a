package dev.eaglemem.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.config.EagleEnv;

/**
 * Which program the agents' hook entries run. The shim ({@code eagle-mem-hook}, next to the binary in the
 * runtime) forwards to a warm serve and falls back to the binary; it needs curl, so without curl — or in a
 * runtime that has no shim, like a lone native binary — the entries run the binary itself.
 */
final class HookProgram {

    static final String SHIM = "eagle-mem-hook";

    private HookProgram() {
    }

    /** The shim in {@code runtime} when it can work here, else the binary. */
    static Path choose(Path source, Path binary, EagleEnv env, InstallReport.Builder report) {
        Path shim = binary.resolveSibling(SHIM);
        // in a dry run the runtime is not copied yet: look at the source it would be copied from
        Path present = report.dryRun && Files.isDirectory(source) ? source.resolve(SHIM) : shim;
        if (!Files.isExecutable(present)) {
            return binary;
        }
        if (!onPath("curl", env)) {
            report.warn("curl is not on PATH, so each hook starts eagle-mem (about 0.6 s) instead of asking a warm serve;"
                    + " install curl and run eagle-mem install again for the fast path");
            return binary;
        }
        return shim;
    }

    static boolean onPath(String program, EagleEnv env) {
        for (String dir : env.get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
