package dev.eaglemem.install;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;

/**
 * Which program the agents' hook entries run. The shim ({@code eagle-mem-hook}, next to the binary in the
 * runtime) forwards to a warm serve and falls back to the binary. Run by bash it reaches serve through bash's own
 * {@code /dev/tcp} and forks nothing; run by sh it needs curl. So the entries run {@code <bash> eagle-mem-hook}
 * where bash is found, {@code eagle-mem-hook} where only curl is, and the binary itself where neither is — or in a
 * runtime that has no shim, like a lone native binary.
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
        if (shell(env) == null && !onPath("curl", env)) {
            report.warn("neither bash nor curl is on PATH, so each hook starts eagle-mem (about 0.6 s) instead of asking"
                    + " a warm serve; install bash or curl and run eagle-mem install again for the fast path");
            return binary;
        }
        return shim;
    }

    /** The bash that runs {@code program} when it is the shim (its fastest route needs bash), else null. */
    static String shellFor(Path program, EagleEnv env) {
        return program.getFileName().toString().equals(SHIM) ? shell(env) : null;
    }

    private static String shell(EagleEnv env) {
        return Executables.find(env.vars(), "bash").map(Path::toString).orElse(null);
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
