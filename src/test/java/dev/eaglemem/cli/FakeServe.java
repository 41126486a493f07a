package dev.eaglemem.cli;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A serve that fails: it listens where the shim looks for serve (a loopback port and the unix socket) and answers
 * every request with the {@link Fault} it is set to. serve.port, serve.pid (the test JVM's own pid, so the shim finds
 * a live, running serve) and serve.token are written as serve writes them; {@link #close} removes them again — before
 * anything runs {@code serve --stop}, which would signal that pid.
 */
final class FakeServe implements AutoCloseable {

    enum Fault {
        /** reads part of the request, then resets the connection (SO_LINGER 0) */
        RESET_AFTER_PART,
        /** reads the whole request, then resets the connection */
        RESET_AFTER_ALL,
        /** reads the request's headers, then closes before the body */
        CLOSE_BEFORE_BODY,
        /** accepts and never reads: a large request fills the buffers and the writer blocks */
        HANG,
        /** reads the request and answers 200 after {@link #slowMillis} */
        SLOW,
        /** reads the request and answers 200 with less body than its Content-Length, then closes */
        SHORT_BODY
    }

    private final Path data;
    private final ServerSocket tcp;
    private final ServerSocketChannel unix;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final List<Closeable> held = new ArrayList<>();
    private volatile Fault fault = Fault.HANG;
    private volatile long slowMillis;
    final AtomicInteger tcpConnections = new AtomicInteger();
    final AtomicInteger unixConnections = new AtomicInteger();

    FakeServe(Path data) throws IOException {
        this.data = data;
        Files.createDirectories(data);
        tcp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        unix = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        unix.bind(UnixDomainSocketAddress.of(data.resolve("serve.sock")));
        write("serve.port", "127.0.0.1 " + tcp.getLocalPort() + "\n");
        write("serve.pid", ProcessHandle.current().pid() + "\n");
        write("serve.token", "fake-serve-token-0123456789abcdefghijklmnopq\n");
        threads.submit(() -> {
            while (!tcp.isClosed()) {
                Socket s = tcp.accept();
                tcpConnections.incrementAndGet();
                Connection c = new Connection(s.getInputStream(), s.getOutputStream(), () -> {
                    s.setSoLinger(true, 0);
                    s.close();
                }, s);
                threads.submit(() -> handle(c));
            }
            return null;
        });
        threads.submit(() -> {
            while (unix.isOpen()) {
                SocketChannel ch = unix.accept();
                unixConnections.incrementAndGet();
                // a unix socket has no reset: closing with unread data makes the peer's next read or write fail
                Connection c = new Connection(Channels.newInputStream(ch), Channels.newOutputStream(ch), ch::close, ch);
                threads.submit(() -> handle(c));
            }
            return null;
        });
    }

    void fault(Fault fault, long slowMillis) {
        this.fault = fault;
        this.slowMillis = slowMillis;
    }

    private void write(String name, String content) throws IOException {
        Path file = data.resolve(name);
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    @FunctionalInterface
    private interface Reset {
        void now() throws IOException;
    }

    private record Connection(InputStream in, OutputStream out, Reset reset, Closeable socket) {
    }

    private Void handle(Connection c) throws IOException {
        try {
            switch (fault) {
                case HANG -> {
                    synchronized (held) {
                        held.add(c.socket());
                    }
                    return null;
                }
                case RESET_AFTER_PART -> {
                    c.in().readNBytes(40);
                    c.reset().now();
                }
                case RESET_AFTER_ALL -> {
                    readRequest(c.in());
                    c.reset().now();
                }
                case CLOSE_BEFORE_BODY -> {
                    headers(c.in());
                    c.socket().close();
                }
                case SLOW -> {
                    readRequest(c.in());
                    Thread.sleep(slowMillis);
                    answer(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 0\r\n\r\n");
                }
                case SHORT_BODY -> {
                    readRequest(c.in());
                    answer(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 120\r\n\r\n"
                            + "{\"hookSpecificOutput\":{\"hookEventName\":");
                }
            }
        } catch (IOException | InterruptedException e) {
            // the shim gave up first: that is the point
        } finally {
            if (fault != Fault.HANG) {
                c.socket().close();
            }
        }
        return null;
    }

    private static void answer(Connection c, String response) throws IOException {
        c.out().write(response.getBytes(StandardCharsets.UTF_8));
        c.out().flush();
        c.socket().close();
    }

    /** The request's head; returns its Content-Length. */
    private static long headers(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            if (head.size() >= 4 && head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                break;
            }
        }
        for (String line : head.toString(StandardCharsets.ISO_8859_1).split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return 0;
    }

    private static void readRequest(InputStream in) throws IOException {
        in.skipNBytes(headers(in));
    }

    /** Removes the files that point at this fake (serve.pid names the test JVM) and closes every connection. */
    @Override
    public void close() throws IOException {
        for (String name : List.of("serve.port", "serve.pid", "serve.token", "serve.sock")) {
            Files.deleteIfExists(data.resolve(name));
        }
        tcp.close();
        unix.close();
        synchronized (held) {
            for (Closeable c : held) {
                c.close();
            }
        }
        threads.shutdownNow();
    }
}
