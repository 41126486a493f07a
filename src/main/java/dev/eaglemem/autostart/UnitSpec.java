package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.serve.control.ServeFiles;

/**
 * What a unit must say, whatever the manager: the binary to run, serve's log file and the environment.
 *
 * @param binary absolute path of the eagle-mem executable
 * @param logFile where launchd sends serve's stdout and stderr
 * @param environment variables serve must see, in order
 */
record UnitSpec(Path binary, Path logFile, Map<String, String> environment) {

    UnitSpec {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        requirePrintable(binary.toString());
        requirePrintable(logFile.toString());
        environment.values().forEach(UnitSpec::requirePrintable);
    }

    /**
     * {@code EAGLE_MEM_DIR} is always pinned, so the service uses the data directory that was current at
     * install time (and that status and uninstall look at); {@code EAGLE_CONFIG_FILE} only when it was set.
     */
    static UnitSpec of(Path binary, DataDir dataDir, EagleEnv env) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put(DataDir.DIR_VARIABLE, dataDir.root().toString());
        if (env.isSet(DataDir.CONFIG_VARIABLE)) {
            vars.put(DataDir.CONFIG_VARIABLE, dataDir.configFile().toString());
        }
        return new UnitSpec(binary.toAbsolutePath().normalize(), ServeFiles.of(dataDir).log(), vars);
    }

    /** Unit files are line-based and plists are XML 1.0: neither can carry control characters. */
    private static void requirePrintable(String value) {
        if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw EagleException.invalidInput("a service unit cannot name a path with a line break or control character: "
                    + value.replaceAll("\\p{Cntrl}", "?"), "move it (or EAGLE_MEM_DIR) to a path without control characters");
        }
    }
}
