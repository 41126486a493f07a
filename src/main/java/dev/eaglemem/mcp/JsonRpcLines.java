package dev.eaglemem.mcp;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The two ends of the stdio pipe as the SDK's transport sees them. The SDK's reader stops for good at the first
 * line it cannot decode (it logs and leaves the session deaf), so {@link #input} answers such a line itself — a
 * JSON-RPC parse error (-32700) or invalid request (-32600), as the specification asks — and hands the transport
 * only well-formed messages. {@link #output} writes whole lines under one lock (the transport's and ours cannot
 * interleave) and counts the responses: when the client closes its end, the transport sees the end of its input
 * only once the calls still running have answered.
 */
final class JsonRpcLines {

    /** How long calls still running may take to answer once the client has closed its end. */
    static final long ANSWER_GRACE_SECONDS = 30;

    /** A JSON-RPC error response; {@code id} is null when the line's id could not be read. */
    @RegisterForReflection
    record Refusal(String jsonrpc, JsonNode id, ErrorObject error) {
    }

    @RegisterForReflection
    record ErrorObject(int code, String message) {
    }

    private final ObjectMapper json = PlainJson.MAPPER;
    private final McpJsonMapper mapper;
    private final BufferedReader source;
    private final OutputStream sink;
    private long requests;
    private long responses;
    private boolean ended;

    JsonRpcLines(McpJsonMapper mapper, InputStream in, OutputStream out) {
        this.mapper = mapper;
        this.source = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.sink = out;
    }

    /** What the transport reads: the client's well-formed lines, then end of stream when the client's ends. */
    InputStream input() {
        return new InputStream() {
            private byte[] line = new byte[0];
            private int pos;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (pos == line.length) {
                    String next = nextMessage();
                    if (next == null) {
                        return -1;
                    }
                    line = (next + "\n").getBytes(StandardCharsets.UTF_8);
                    pos = 0;
                }
                int n = Math.min(len, line.length - pos);
                System.arraycopy(line, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    /** What the transport writes to: bytes collected into lines, each written whole. */
    OutputStream output() {
        return new OutputStream() {
            private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

            @Override
            public synchronized void write(int b) throws IOException {
                if (b == '\n') {
                    writeLine(pending.toString(StandardCharsets.UTF_8));
                    pending.reset();
                } else {
                    pending.write(b);
                }
            }

            @Override
            public synchronized void write(byte[] b, int off, int len) throws IOException {
                for (int i = off; i < off + len; i++) {
                    write(b[i]);
                }
            }
        };
    }

    /** Waits (at most {@code timeout}) until every request read has been answered; true when all were. */
    synchronized boolean awaitAnswers(long timeout, TimeUnit unit) throws InterruptedException {
        long until = System.nanoTime() + unit.toNanos(timeout);
        while (responses < requests) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Blocks until the client has closed its end (stdin reached end of stream or failed). */
    synchronized void awaitEnd() throws InterruptedException {
        while (!ended) {
            wait();
        }
    }

    /** The next line the SDK can decode; the others are answered here. Null at the end of the client's stream. */
    private String nextMessage() throws IOException {
        while (true) {
            String line;
            try {
                line = source.readLine();
            } catch (IOException e) {
                line = null;
            }
            if (line == null) {
                // the transport drops the calls in flight when its input ends: let them answer first
                try {
                    awaitAnswers(ANSWER_GRACE_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                synchronized (this) {
                    ended = true;
                    notifyAll();
                }
                return null;
            }
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = json.readTree(line);
            } catch (IOException e) {
                refuse(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the line is not JSON");
                continue;
            }
            try {
                if (McpSchema.deserializeJsonRpcMessage(mapper, line) instanceof McpSchema.JSONRPCRequest) {
                    synchronized (this) {
                        requests++;
                    }
                }
                return line;
            } catch (IOException | RuntimeException e) {
                JsonNode id = node == null ? null : node.get("id");
                refuse(id != null && (id.isTextual() || id.isNumber()) ? id : null, McpSchema.ErrorCodes.INVALID_REQUEST,
                        "Invalid Request: not a JSON-RPC 2.0 request, notification or response");
            }
        }
    }

    private void refuse(JsonNode id, int code, String message) throws IOException {
        synchronized (this) {
            requests++;
        }
        writeLine(json.writeValueAsString(new Refusal("2.0", id, new ErrorObject(code, message))));
    }

    private void writeLine(String line) throws IOException {
        boolean response;
        try {
            JsonNode node = json.readTree(line);
            response = node != null && node.has("id") && (node.has("result") || node.has("error"));
        } catch (IOException e) {
            response = false;
        }
        synchronized (sink) {
            sink.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            sink.flush();
        }
        if (response) {
            synchronized (this) {
                responses++;
                notifyAll();
            }
        }
    }
}
