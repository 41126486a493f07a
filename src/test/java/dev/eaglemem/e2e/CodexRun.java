package dev.eaglemem.e2e;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One finished {@code codex exec --json} session: the process outcome and its JSONL event stream
 * ({@code thread.started}, {@code turn.started}, {@code item.started}/{@code item.completed},
 * {@code turn.completed} or {@code turn.failed}, {@code error}).
 *
 * @param fakeSummary the fake model's request summary when the session ended, for assertion messages
 */
public record CodexRun(AgentProcess.Outcome process, List<JsonNode> events, String fakeSummary) {

    public CodexRun {
        events = List.copyOf(events);
    }

    static CodexRun of(AgentProcess.Outcome process, String fakeSummary) {
        List<JsonNode> events = new ArrayList<>();
        for (String line : process.stdout().lines().toList()) {
            if (line.startsWith("{")) {
                try {
                    events.add(FakeModelServer.JSON.readTree(line));
                } catch (IOException e) {
                    // not an event line; still visible in stdout()
                }
            }
        }
        return new CodexRun(process, events, fakeSummary);
    }

    public int exitCode() {
        return process.exitCode();
    }

    public String stdout() {
        return process.stdout();
    }

    public String stderr() {
        return process.stderr();
    }

    /** Events of one {@code type}, e.g. {@code turn.completed}. */
    public List<JsonNode> events(String type) {
        return events.stream().filter(e -> type.equals(e.path("type").asText())).toList();
    }

    /** The {@code item} of every {@code item.completed} event of one item type ({@code command_execution}...). */
    public List<JsonNode> completedItems(String itemType) {
        return events("item.completed").stream().map(e -> e.path("item"))
                .filter(item -> itemType.equals(item.path("type").asText())).toList();
    }

    /** The texts of the agent's messages, in order. */
    public List<String> agentMessages() {
        return completedItems("agent_message").stream().map(item -> item.path("text").asText()).toList();
    }

    /** The last agent message, or null. */
    public String lastAgentMessage() {
        List<String> messages = agentMessages();
        return messages.isEmpty() ? null : messages.getLast();
    }

    public String threadId() {
        return events("thread.started").stream().map(e -> e.path("thread_id").asText()).findFirst().orElse(null);
    }

    /** Fails unless the process exited 0 and a turn completed without a {@code turn.failed}. */
    public CodexRun assertSucceeded() {
        if (exitCode() != 0 || events("turn.completed").isEmpty() || !events("turn.failed").isEmpty()) {
            throw new AssertionError("Codex session failed: " + describe());
        }
        return this;
    }

    public String describe() {
        return process.describe() + "\n" + fakeSummary;
    }
}
