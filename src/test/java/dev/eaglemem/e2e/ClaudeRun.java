package dev.eaglemem.e2e;

import java.io.IOException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * One finished Claude Code session: the process outcome and the {@code --output-format json} result object
 * ({@link MissingNode} when stdout held no JSON, e.g. when the CLI failed to start).
 *
 * @param fakeSummary the fake model's request summary when the session ended, for assertion messages
 */
public record ClaudeRun(AgentProcess.Outcome process, JsonNode json, String fakeSummary) {

    static ClaudeRun of(AgentProcess.Outcome process, String fakeSummary) {
        return new ClaudeRun(process, parse(process.stdout()), fakeSummary);
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

    /** The final assistant text. */
    public String result() {
        return json.path("result").asText(null);
    }

    public int numTurns() {
        return json.path("num_turns").asInt(-1);
    }

    /** Tool calls refused by permissions or a PreToolUse deny, as the CLI reports them. */
    public JsonNode permissionDenials() {
        return json.path("permission_denials");
    }

    public String sessionId() {
        return json.path("session_id").asText(null);
    }

    public boolean isError() {
        return json.path("is_error").asBoolean(true);
    }

    /** Fails unless the CLI exited 0 with a non-error result; returns this for chaining. */
    public ClaudeRun assertSucceeded() {
        if (exitCode() != 0 || json.isMissingNode() || isError()) {
            throw new AssertionError("Claude Code session failed: " + describe());
        }
        return this;
    }

    /** Everything useful for a failure message. */
    public String describe() {
        return process.describe() + "\n" + fakeSummary;
    }

    private static JsonNode parse(String stdout) {
        // The result is one JSON object; anything else printed before it (warnings) is skipped.
        String text = stdout.strip();
        int start = text.lastIndexOf("\n{");
        String candidate = start >= 0 ? text.substring(start + 1) : text;
        try {
            JsonNode node = FakeModelServer.JSON.readTree(candidate);
            return node == null || !node.isObject() ? MissingNode.getInstance() : node;
        } catch (IOException e) {
            return MissingNode.getInstance();
        }
    }
}
