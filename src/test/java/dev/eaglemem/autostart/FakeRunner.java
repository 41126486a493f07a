package dev.eaglemem.autostart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stands in for systemctl/launchctl: records every command and answers from a script. An answer is chosen by
 * the longest registered prefix of the command line; unscripted commands succeed silently.
 */
final class FakeRunner implements CommandRunner {

    final List<String> calls = new ArrayList<>();
    private final Map<String, Answer> answers = new LinkedHashMap<>();

    private record Answer(int exit, String stdout, String stderr) {
    }

    FakeRunner answer(String commandPrefix, int exit, String stdout, String stderr) {
        answers.put(commandPrefix, new Answer(exit, stdout, stderr));
        return this;
    }

    /** systemctl --user show, as systemd prints it for a unit in the given states. */
    FakeRunner systemdShows(String load, String active, String sub, String unitFile, long pid) {
        return answer("systemctl --user show", 0, "LoadState=" + load + "\nActiveState=" + active + "\nSubState=" + sub
                + "\nUnitFileState=" + unitFile + "\nMainPID=" + pid + "\n", "");
    }

    FakeRunner systemdRunning() {
        return systemdShows("loaded", "active", "running", "enabled", 4242);
    }

    /** Every command (earlier answers forgotten) fails the way systemctl does without a user bus. */
    FakeRunner noBus(String command) {
        answers.clear();
        return answer(command, 1, "", "Failed to connect to bus: No medium found");
    }

    void forget() {
        calls.clear();
    }

    /** The calls other than state queries (show, print). */
    List<String> changes() {
        return calls.stream().filter(c -> !c.startsWith("systemctl --user show") && !c.startsWith("launchctl print")).toList();
    }

    @Override
    public CommandRun run(List<String> argv) {
        String line = String.join(" ", argv);
        calls.add(line);
        Answer best = null;
        int bestLength = -1;
        for (Map.Entry<String, Answer> e : answers.entrySet()) {
            if (line.startsWith(e.getKey()) && e.getKey().length() > bestLength) {
                best = e.getValue();
                bestLength = e.getKey().length();
            }
        }
        return best == null ? new CommandRun(argv, 0, "", "") : new CommandRun(argv, best.exit(), best.stdout(), best.stderr());
    }
}
