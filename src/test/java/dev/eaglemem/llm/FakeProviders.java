package dev.eaglemem.llm;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * Fake Anthropic (Messages API), OpenAI (Chat Completions) and Ollama ({@code /api/chat}) servers on one loopback
 * port, answering from a script. Each step is a text answer, an HTTP error (with an optional Retry-After), a body
 * sent as-is (malformed JSON), or a delay longer than the client's timeout. Every request body is kept, so a test
 * can prove what left the process.
 */
public final class FakeProviders implements AutoCloseable {

    /**
     * One scripted answer: text (with the token usage the API reports), an HTTP status with an optional Retry-After
     * and body, a body sent as-is (malformed JSON), or a delay before answering.
     */
    public record Step(String text, int status, String retryAfter, String rawBody, long delayMs, int inputTokens,
            int outputTokens) {

        public static Step text(String text) {
            return new Step(text, 200, null, null, 0, 0, 0);
        }

        /** A text answer whose usage fields report these token counts (0: the server's usual numbers). */
        public static Step text(String text, int inputTokens, int outputTokens) {
            return new Step(text, 200, null, null, 0, inputTokens, outputTokens);
        }

        public static Step error(int status, String retryAfter) {
            return error(status, retryAfter, "{\"error\":{\"type\":\"fake\",\"message\":\"scripted " + status + "\"}}");
        }

        public static Step error(int status, String retryAfter, String body) {
            return new Step(null, status, retryAfter, body, 0, 0, 0);
        }

        public static Step raw(String body) {
            return new Step(null, 200, null, body, 0, 0, 0);
        }

        public static Step slow(long delayMs, String text) {
            return new Step(text, 200, null, null, delayMs, 0, 0);
        }

        private int in(int usual) {
            return inputTokens > 0 ? inputTokens : usual;
        }

        private int out(int usual) {
            return outputTokens > 0 ? outputTokens : usual;
        }
    }

    /** A request as received. */
    public record Received(String path, String authorization, String apiKey, String body) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final Deque<Step> script = new ArrayDeque<>();
    public final List<Received> received = new CopyOnWriteArrayList<>();

    public FakeProviders() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::handle);
        // a slow step (timeout tests) must not hold up the next request
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public FakeProviders then(Step step) {
        synchronized (script) {
            script.add(step);
        }
        return this;
    }

    /** Every byte the servers received, for secret checks. */
    public String everything() {
        StringBuilder all = new StringBuilder();
        received.forEach(r -> all.append(r.authorization()).append(' ').append(r.body()).append('\n'));
        return all.toString();
    }

    private void handle(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = ex.getRequestURI().getPath();
        received.add(new Received(path, ex.getRequestHeaders().getFirst("Authorization"),
                ex.getRequestHeaders().getFirst("x-api-key"), body));
        Step step;
        synchronized (script) {
            step = script.poll();
        }
        if (step == null) {
            step = Step.error(500, null);
        }
        if (step.delayMs() > 0) {
            try {
                Thread.sleep(step.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String out;
        if (step.rawBody() != null) {
            out = step.rawBody();
        } else if (path.endsWith("/messages")) {
            out = JSON.writeValueAsString(java.util.Map.of("id", "msg_1", "type", "message", "role", "assistant",
                    "model", "claude-haiku-4-5-20251001", "content",
                    List.of(java.util.Map.of("type", "text", "text", step.text())),
                    "stop_reason", "end_turn", "usage", java.util.Map.of("input_tokens", step.in(120), "output_tokens",
                            step.out(40))));
        } else if (path.endsWith("/chat/completions")) {
            out = JSON.writeValueAsString(java.util.Map.of("id", "chatcmpl-1", "object", "chat.completion", "created", 1,
                    "model", "gpt-4o-mini-2024-07-18", "choices", List.of(java.util.Map.of("index", 0, "message",
                            java.util.Map.of("role", "assistant", "content", step.text()), "finish_reason", "stop")),
                    "usage", java.util.Map.of("prompt_tokens", step.in(100), "completion_tokens", step.out(30), "total_tokens",
                            step.in(100) + step.out(30))));
        } else if (path.endsWith("/api/chat")) {
            out = JSON.writeValueAsString(java.util.Map.of("model", "llama3.2", "created_at", "2026-11-25T00:00:00Z",
                    "message", java.util.Map.of("role", "assistant", "content", step.text()), "done", true,
                    "done_reason", "stop", "prompt_eval_count", step.in(90), "eval_count", step.out(20)));
        } else {
            out = "{\"error\":\"no such path " + path + "\"}";
            step = Step.error(404, null);
        }
        byte[] bytes = out.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        if (step.retryAfter() != null) {
            ex.getResponseHeaders().add("Retry-After", step.retryAfter());
        }
        try {
            ex.sendResponseHeaders(step.status(), bytes.length);
            try (OutputStream os = ex.getResponseBody()) {
                os.write(bytes);
            }
        } catch (IOException e) {
            // the client gave up (timeout test)
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
