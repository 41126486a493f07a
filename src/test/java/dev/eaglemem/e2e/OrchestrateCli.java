package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code eagle-mem orchestrate …} as the lane ITs run it: the installed launcher, the scratch HOME's environment. */
final class OrchestrateCli {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OrchestrateCli() {
    }

    /** Runs eagle-mem in the workspace's repository; a non-zero exit fails the test with the output. */
    static String run(EagleMemInstall eagle, Map<String, String> env, String... args) {
        Path installed = eagle.dataDir().getParent().resolve(".local/bin/eagle-mem");
        List<String> command = new ArrayList<>(List.of((Files.exists(installed) ? installed
                : EagleMemInstall.LAUNCHER).toString()));
        command.addAll(List.of(args));
        AgentProcess.Outcome outcome = AgentProcess.run(command, eagle.workspaceRepo(), env, Duration.ofSeconds(300),
                () -> "");
        assertThat(outcome.exitCode()).as("eagle-mem %s: %s", String.join(" ", args), outcome.describe()).isZero();
        return outcome.stdout();
    }

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    /** Syncs every 2 s until none of the lanes {@code keys} is running (at most 4 minutes); the last status. */
    static JsonNode awaitSettled(EagleMemInstall eagle, Map<String, String> env, List<String> keys) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
        JsonNode status;
        do {
            Thread.sleep(2000);
            run(eagle, env, "orchestrate", "sync");
            status = json(run(eagle, env, "orchestrate", "status", "--json"));
            boolean running = false;
            for (JsonNode l : status.at("/orchestration/lanes")) {
                running |= keys.contains(l.get("key").asText()) && l.get("status").asText().equals("running");
            }
            if (!running) {
                return status;
            }
        } while (System.nanoTime() < deadline);
        return status;
    }
}
