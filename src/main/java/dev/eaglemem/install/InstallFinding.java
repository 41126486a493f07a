package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import dev.eaglemem.error.EagleException;

/**
 * One thing doctor reports about the installation.
 *
 * @param problem false when all is well
 * @param fix a runnable fix when there is a problem
 */
public record InstallFinding(String name, boolean problem, String detail, String fix) {

    static InstallFinding ok(String name, String detail) {
        return new InstallFinding(name, false, detail, null);
    }

    static InstallFinding problem(String name, String detail, String fix) {
        return new InstallFinding(name, true, detail, fix);
    }

    /**
     * doctor's line for one agent file: {@code check} lists what is wrong in its text (null when the file is absent),
     * a file that cannot be read as it must be is a problem too; the fix is reinstalling that agent.
     */
    static InstallFinding ofFile(String name, Path file, String agent, Function<String, List<String>> check, String ok) {
        String fix = "eagle-mem install --agent " + agent;
        try {
            List<String> lines = check.apply(TextFiles.read(file));
            return lines.isEmpty() ? ok(name, ok) : problem(name, file + ": " + String.join("; ", lines), fix);
        } catch (EagleException e) {
            return problem(name, e.getMessage(), e.fix() != null ? e.fix() : fix);
        }
    }
}
