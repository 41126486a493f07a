package dev.eaglemem.dialect;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.format.PlainJson;

/**
 * The last thing the model said in a Copilot session, from its transcript ({@code
 * ~/.copilot/session-state/<id>/events.jsonl}): Copilot's {@code agentStop} names the file but, unlike Claude Code's
 * {@code Stop}, carries no {@code last_assistant_message}, and that message is where a session's "Decision: …" lines
 * are. Copilot appends the {@code assistant.message} event before it runs the stop hook (seen in 1.0.102's
 * transcripts). The one read a dialect does, bounded to the file's tail so a long session costs the hook nothing.
 */
final class CopilotTranscript {

    /** Enough for the final turn's events; the tail is all that is read. */
    static final int TAIL_BYTES = 512 * 1024;

    private CopilotTranscript() {
    }

    /** The content of the transcript's last non-empty {@code assistant.message}; empty when unreadable or none. */
    static Optional<String> lastAssistantMessage(String transcriptPath) {
        try {
            Path file = Path.of(transcriptPath);
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            String[] lines = tail(file).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                Optional<String> content = assistantContent(lines[i]);
                if (content.isPresent()) {
                    return content;
                }
            }
            return Optional.empty();
        } catch (IOException | InvalidPathException e) {
            return Optional.empty(); // no final message is a turn without decisions, never a failed hook
        }
    }

    private static Optional<String> assistantContent(String line) {
        if (!line.contains("\"assistant.message\"")) {
            return Optional.empty();
        }
        try {
            JsonNode event = PlainJson.MAPPER.readTree(line);
            String content = event.path("data").path("content").asText("");
            return "assistant.message".equals(event.path("type").asText()) && !content.isBlank() ? Optional.of(content)
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // the tail's first line may be cut in half
        }
    }

    private static String tail(Path file) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long start = Math.max(0, in.length() - TAIL_BYTES);
            byte[] bytes = new byte[(int) (in.length() - start)];
            in.seek(start);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
