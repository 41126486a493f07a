package dev.eaglemem.serve.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A plain Server-Sent Events reader: connects, then hands out events (and comment lines) as they
 * arrive. Waits are bounded so a broken stream fails the test instead of hanging it.
 */
final class SseClient implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(20);

    /** One event; {@code comment} is set (and the rest null) for a comment line. */
    record Event(String name, String id, String data, String comment) {
    }

    private final HttpClient client = HttpClient.newHttpClient();
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final int status;
    private final String contentType;
    private final Stream<String> lines;
    private final Thread reader;

    SseClient(int port, String path, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
        headers.forEach(request::header);
        try {
            HttpResponse<Stream<String>> response = client.send(request.build(), HttpResponse.BodyHandlers.ofLines());
            status = response.statusCode();
            contentType = response.headers().firstValue("Content-Type").orElse("");
            lines = response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        reader = Thread.ofVirtual().start(this::read);
    }

    int status() {
        return status;
    }

    String contentType() {
        return contentType;
    }

    private void read() {
        String name = null;
        String id = null;
        StringBuilder data = null;
        try {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.startsWith(":")) {
                    events.add(new Event(null, null, null, line.substring(1).strip()));
                } else if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("data: ")) {
                    data = (data == null ? new StringBuilder() : data.append('\n')).append(line.substring(6));
                } else if (line.isEmpty() && data != null) {
                    events.add(new Event(name, id, data.toString(), null));
                    name = null;
                    id = null;
                    data = null;
                }
            }
        } catch (UncheckedIOException | IllegalStateException e) {
            // the stream was closed (possibly before reading began)
        }
    }

    /** The next comment line containing {@code text}, skipping anything before it. */
    String awaitComment(String text) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Event e = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (e != null && e.comment() != null && e.comment().contains(text)) {
                return e.comment();
            }
        }
        throw new AssertionError("no comment containing '" + text + "' within " + WAIT);
    }

    /** The next event (comments skipped). */
    Event next() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            Event e = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (e != null && e.comment() == null) {
                return e;
            }
        }
        throw new AssertionError("no event within " + WAIT);
    }

    @Override
    public void close() {
        lines.close();
        client.shutdownNow();
        reader.interrupt();
    }
}
