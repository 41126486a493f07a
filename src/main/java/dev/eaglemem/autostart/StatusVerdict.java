package dev.eaglemem.autostart;

import java.util.List;

/** The one-line summary of {@code service status} and the next command to run, first problem first. */
record StatusVerdict(String summary, String fix) {

    static StatusVerdict of(ServiceManager m, String unit, List<String> drift, ManagerState state, ServeView serve) {
        String manager = m.platform().managerName();
        if (unit.equals("absent")) {
            return new StatusVerdict("not installed", "eagle-mem service install");
        }
        if (unit.equals("foreign")) {
            return new StatusVerdict(m.unitFile() + " exists but was not written by eagle-mem",
                    "eagle-mem service install --force (the file is backed up first)");
        }
        if (drift != null && !drift.isEmpty()) {
            return new StatusVerdict("installed, but the unit differs from what install writes now", "eagle-mem service install");
        }
        if (!state.reachable()) {
            return new StatusVerdict("installed; " + manager + " could not be asked (" + state.detail() + ")",
                    m.activateFix(true));
        }
        if (!state.loaded() || !state.enabled()) {
            return new StatusVerdict("installed, but " + manager + " does not start it at login", "eagle-mem service install");
        }
        if (!state.running() && serve.pid() != null) {
            return new StatusVerdict("installed, but the serve running (pid " + serve.pid() + ") was started outside " + manager
                    + ", whose own serve stays down while it runs", handOver(m));
        }
        if (!state.running()) {
            return new StatusVerdict("installed, but not running (" + state.state() + ")", m.restartFix());
        }
        if (!serve.answering()) {
            return new StatusVerdict("running under " + manager + ", but serve does not answer on " + serve.socket() + ": "
                    + serve.detail(), m.restartFix());
        }
        return new StatusVerdict("installed and running under " + manager + "; serve answers on " + serve.socket(), null);
    }

    /** Stops a serve started by hand or by a hook, so the service's own can take the socket. */
    static String handOver(ServiceManager m) {
        return "eagle-mem serve --stop && " + m.restartCommand();
    }
}
