package dev.eaglemem.dialect;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.format.PlainJson;

/**
 * The last thing the model said in a Copilot session, from its transcript ({@code
 * ~/.copilot/session-state/<id>/events.jsonl}): Copilot's {@code agentStop} names the file but, unlike Claude Code's
 * {@code Stop}, carries no {@code last_assistant_message}, and that message is where a session's "Decision: …" lines
 * are. Copilot 1.0.102 writes the file behind: when the hook starts, the turn's final {@code assistant.message} is
 * not there yet; some 100 ms later it is, followed by this hook's own {@code hook.start} event, whose
 * {@code data.input.timestamp} is the payload's. So the file is read until that event shows up (at most
 * {@link #WAIT}), and the message is the last one before it: never a stale one from an earlier turn. The one read a
 * dialect does, bounded to the file's tail so a long session costs the hook nothing.
 */
final class CopilotTranscript {

    /** Enough for the final turn's events; the tail is all that is read. */
    static final int TAIL_BYTES = 512 * 1024;
    static final Duration WAIT = Duration.ofMillis(1500);
    private static final Duration POLL = Duration.ofMillis(50);

    private CopilotTranscript() {
    }

    /**
     * The content of the last non-empty {@code assistant.message} before the {@code hook.start} of the stop hook
     * called at {@code timestampMillis}; empty when the file is unreadable, has no such message, or that hook's event
     * did not appear within {@link #WAIT}.
     */
    static Optional<String> lastAssistantMessage(String transcriptPath, long timestampMillis) {
        try {
            Path file = Path.of(transcriptPath);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (Files.isRegularFile(file)) {
                Optional<Optional<String>> found = beforeHookStart(tail(file).split("\n"), timestampMillis);
                if (found.isPresent()) {
                    return found.get();
                }
                if (System.nanoTime() > deadline) {
                    return Optional.empty();
                }
                Thread.sleep(POLL);
            }
            return Optional.empty();
        } catch (IOException | InvalidPathException e) {
            return Optional.empty(); // no final message is a turn without decisions, never a failed hook
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Empty while this hook's {@code hook.start} is not in {@code lines}; then the last message before it, if any. */
    private static Optional<Optional<String>> beforeHookStart(String[] lines, long timestampMillis) {
        for (int i = lines.length - 1; i >= 0; i--) {
            if (isHookStart(lines[i], timestampMillis)) {
                for (int j = i - 1; j >= 0; j--) {
                    Optional<String> content = assistantContent(lines[j]);
                    if (content.isPresent()) {
                        return Optional.of(content);
                    }
                }
                return Optional.of(Optional.empty());
            }
        }
        return Optional.empty();
    }

    private static boolean isHookStart(String line, long timestampMillis) {
        if (!line.contains("\"hook.start\"") || !line.contains(Long.toString(timestampMillis))) {
            return false;
        }
        try {
            JsonNode event = PlainJson.MAPPER.readTree(line);
            return "hook.start".equals(event.path("type").asText())
                    && event.path("data").path("input").path("timestamp").asLong(-1) == timestampMillis;
        } catch (IOException e) {
            return false;
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
