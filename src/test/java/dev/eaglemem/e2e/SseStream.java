package dev.eaglemem.e2e;

import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A complete server-sent-events body. Both agents accept the whole stream in one response with a
 * Content-Length, so the fakes build it in memory instead of flushing event by event.
 */
final class SseStream {

    private final StringBuilder out = new StringBuilder();

    SseStream event(String name, JsonNode data) {
        out.append("event: ").append(name).append('\n')
                .append("data: ").append(data).append("\n\n");
        return this;
    }

    byte[] bytes() {
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
