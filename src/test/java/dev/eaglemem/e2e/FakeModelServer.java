package dev.eaglemem.e2e;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The HTTP half shared by the fake model servers: a JDK {@link HttpServer} on 127.0.0.1 and an ephemeral
 * port, request decoding, a thread-safe record of every request and an optional JSONL log. Subclasses only
 * decide what to answer.
 */
public abstract class FakeModelServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    /** What a subclass sees of a request before answering it. */
    protected record Incoming(String method, String path, Map<String, String> headers, JsonNode body) {
    }

    /** What a subclass answers; {@code label} is recorded with the request ({@code script[0]}, {@code side}). */
    protected record Reply(int status, String contentType, byte[] body, String label) {

        static Reply json(JsonNode body, String label) {
            return new Reply(200, "application/json", body.toString().getBytes(StandardCharsets.UTF_8), label);
        }

        static Reply sse(SseStream stream, String label) {
            return new Reply(200, "text/event-stream", stream.bytes(), label);
        }
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Path log;
    private final List<RecordedRequest> requests = new ArrayList<>();

    protected FakeModelServer(Path log) {
        this.log = log;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind a fake model server on 127.0.0.1", e);
        }
        // Agents open several connections at once (side requests next to the main loop).
        executor = Executors.newVirtualThreadPerTaskExecutor();
        server.setExecutor(executor);
    }

    /** Starts answering; the factories call it once the subclass is fully constructed. */
    protected final void listen() {
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every request so far, in arrival order. */
    public List<RecordedRequest> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** The JSONL log, if one was asked for. */
    public Path log() {
        return log;
    }

    /** A few lines for failure messages: the request count and the last requests. */
    public String summary() {
        List<RecordedRequest> all = requests();
        String last = all.subList(Math.max(0, all.size() - 10), all.size()).stream()
                .map(r -> "  " + r.describe())
                .collect(Collectors.joining("\n"));
        return getClass().getSimpleName() + " at " + baseUrl() + " got " + all.size() + " request(s)"
                + (log == null ? "" : " (log: " + log + ")") + (last.isEmpty() ? "" : ":\n" + last);
    }

    protected abstract Reply answer(Incoming request);

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if ("HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            Incoming incoming = read(exchange);
            Reply reply;
            try {
                reply = answer(incoming);
            } catch (RuntimeException e) {
                // Otherwise the agent sees a dropped connection and retries, hiding the bug in the fake.
                ObjectNode error = JSON.createObjectNode();
                error.putObject("error").put("message", "fake model server failed: " + e);
                reply = new Reply(500, "application/json", error.toString().getBytes(StandardCharsets.UTF_8),
                        "error: " + e);
            }
            record(incoming, reply.label());
            exchange.getResponseHeaders().set("Content-Type", reply.contentType());
            exchange.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
            exchange.getResponseBody().write(reply.body());
        }
    }

    private static Incoming read(HttpExchange exchange) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> {
            String key = name.toLowerCase(Locale.ROOT);
            if (!key.equals("authorization") && !key.equals("x-api-key") && !values.isEmpty()) {
                headers.put(key, values.getFirst());
            }
        });
        byte[] raw = exchange.getRequestBody().readAllBytes();
        JsonNode body = parse(decode(raw, headers.getOrDefault("content-encoding", "")));
        return new Incoming(exchange.getRequestMethod(), exchange.getRequestURI().toString(), headers, body);
    }

    private static byte[] decode(byte[] raw, String encoding) {
        try {
            InputStream in = switch (encoding.toLowerCase(Locale.ROOT)) {
                case "gzip" -> new GZIPInputStream(new ByteArrayInputStream(raw));
                case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(raw));
                default -> null;
            };
            return in == null ? raw : in.readAllBytes();
        } catch (IOException e) {
            return raw;
        }
    }

    private static JsonNode parse(byte[] bytes) {
        if (bytes.length == 0) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            return JSON.createObjectNode().put("raw", new String(bytes, StandardCharsets.UTF_8));
        }
    }

    private void record(Incoming in, String answer) {
        synchronized (requests) {
            RecordedRequest recorded = new RecordedRequest(requests.size(), in.method(), in.path(), in.headers(),
                    in.body(), answer);
            requests.add(recorded);
            if (log != null) {
                appendToLog(recorded);
            }
        }
    }

    private void appendToLog(RecordedRequest r) {
        ObjectNode line = JSON.createObjectNode().put("seq", r.seq()).put("method", r.method())
                .put("path", r.path()).put("answer", r.answer());
        line.set("headers", JSON.valueToTree(r.headers()));
        line.set("body", r.body());
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + log, e);
        }
    }
}
