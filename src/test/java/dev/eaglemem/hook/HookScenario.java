package dev.eaglemem.hook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One row of {@code golden/hooks/INDEX.md}: a captured payload ({@code <Event>-<n>} of an agent), the scenario that
 * names what it proves ({@code <event>/<what>}), and whether the hook answers it with that golden file or stays silent.
 */
record HookScenario(String agent, String payload, String scenario, boolean silent) {

    private static final Pattern AGENT = Pattern.compile("## (\\S+)");
    private static final Pattern ROW = Pattern.compile("\\| (\\S+) \\| ([a-z0-9-]+)/([a-z0-9-]+) \\| (golden|silent) \\| .+ \\|");
    private static final String HEADER = "| Payload | Scenario | Answer | What it proves |";
    private static final String RULE = "|---|---|---|---|";

    /** {@code <agent>/<payload>}: how a captured payload file is named in the index. */
    static String key(Path fixture) {
        return fixture.getParent().getFileName() + "/" + fixture.getFileName().toString().replaceFirst("\\.json$", "");
    }

    String key() {
        return agent + "/" + payload;
    }

    /** The payload and the scenario it is named by, for messages. */
    String label() {
        return key() + " " + scenario + (silent ? " (silent)" : "");
    }

    Path payload(Path fixtures) {
        return fixtures.resolve(agent).resolve(payload + ".json");
    }

    Path golden(Path goldens) {
        return goldens.resolve(agent).resolve(scenario + ".out");
    }

    /**
     * The rows by {@link #key()}. A table line that is no such row, a row outside an agent's section, a scenario
     * filed under another event than its payload's, and a payload or scenario named twice each fail: a typo must not
     * quietly drop a row.
     */
    static Map<String, HookScenario> read(Path index) throws IOException {
        Map<String, HookScenario> rows = new LinkedHashMap<>();
        Set<String> scenarios = new HashSet<>();
        String agent = null;
        for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
            Matcher section = AGENT.matcher(line);
            if (section.matches()) {
                agent = section.group(1);
            }
            if (!line.startsWith("|") || line.equals(HEADER) || line.equals(RULE)) {
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (agent == null || !row.matches()) {
                throw new AssertionError(index + ": not a row of an agent's table (" + HEADER + "): " + line);
            }
            String payload = row.group(1);
            String event = payload.replaceFirst("-\\d+$", "").replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase();
            if (!row.group(2).equals(event)) {
                throw new AssertionError(index + ": " + payload + "'s scenario belongs under " + event + "/: " + line);
            }
            HookScenario s = new HookScenario(agent, payload, row.group(2) + "/" + row.group(3),
                    row.group(4).equals("silent"));
            if (rows.putIfAbsent(s.key(), s) != null) {
                throw new AssertionError(index + ": " + s.key() + " has two rows");
            }
            if (!scenarios.add(agent + "/" + s.scenario())) {
                throw new AssertionError(index + ": " + agent + "/" + s.scenario() + " names two payloads");
            }
        }
        return rows;
    }
}
