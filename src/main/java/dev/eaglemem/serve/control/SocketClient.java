package dev.eaglemem.serve.control;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A one-request HTTP/1.1 client over the unix socket, for {@code serve --status}, the liveness check
 * before starting serve, and tests. (The hook path uses curl in the shim, not this.)
 */
public final class SocketClient {

    /** Status code and body of a response. */
    public record Response(int status, byte[] bytes) {

        public String body() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private SocketClient() {
    }

    /** Empty when nothing answers on the socket within the timeout. */
    public static Optional<Response> request(Path socket, String method, String path, String body, Duration timeout) {
        return request(socket, method, path, Map.of(), body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8),
                timeout);
    }

    /** As above with extra request headers (ASCII names; values sent as UTF-8 bytes, as curl does). */
    public static Optional<Response> request(Path socket, String method, String path, Map<String, String> headers,
            byte[] body, Duration timeout) {
        if (!Files.exists(socket)) {
            return Optional.empty();
        }
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Response> call = executor.submit(() -> exchange(socket, method, path, headers, body));
            return Optional.of(call.get(timeout.toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static Response exchange(Path socket, String method, String path, Map<String, String> headers, byte[] payload)
            throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            StringBuilder head = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nContent-Length: " + payload.length + "\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append("\r\n");
            channel.write(ByteBuffer.wrap(head.toString().getBytes(StandardCharsets.UTF_8)));
            channel.write(ByteBuffer.wrap(payload));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
            while (channel.read(buffer) >= 0) {
                buffer.flip();
                out.write(buffer.array(), 0, buffer.limit());
                buffer.clear();
            }
            return parse(out.toByteArray());
        }
    }

    private static Response parse(byte[] raw) throws IOException {
        int headerEnd = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 0);
        String head = headerEnd < 0 ? "" : new String(raw, 0, headerEnd, StandardCharsets.US_ASCII);
        if (!head.startsWith("HTTP/1.") || head.length() < 12) {
            throw new IOException("not an HTTP response");
        }
        int status = Integer.parseInt(head.substring(9, 12));
        byte[] body = Arrays.copyOfRange(raw, headerEnd + 4, raw.length);
        if (head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
            body = dechunk(body);
        }
        return new Response(status, body);
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] crlf = "\r\n".getBytes(StandardCharsets.US_ASCII);
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOf(chunked, crlf, at);
            if (lineEnd < 0) {
                break;
            }
            int size = Integer.parseInt(new String(chunked, at, lineEnd - at, StandardCharsets.US_ASCII).strip(), 16);
            if (size == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, Math.min(size, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] needle, int from) {
        outer : for (int i = from; i <= data.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
