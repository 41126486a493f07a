package dev.eaglemem.install;

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
}
