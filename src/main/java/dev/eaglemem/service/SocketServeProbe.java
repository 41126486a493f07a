package dev.eaglemem.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import jakarta.inject.Singleton;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.serve.ServeFiles;
import dev.eaglemem.serve.SocketClient;

/** Any HTTP answer on the socket (whatever its status) means a serve is alive there. */
@Singleton
public class SocketServeProbe implements ServeProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @Override
    public ServeView probe(DataDir dataDir) {
        Path socket = ServeFiles.of(dataDir).socket();
        if (!Files.exists(socket)) {
            return new ServeView(socket, false, "no socket: serve is not running");
        }
        Optional<SocketClient.Response> answer = SocketClient.request(socket, "GET", "/health", null, TIMEOUT);
        return answer.map(r -> new ServeView(socket, true, "answering (GET /health: HTTP " + r.status() + ")"))
                .orElseGet(() -> new ServeView(socket, false,
                        "the socket exists but nothing answers within " + TIMEOUT.toSeconds() + " s (left by a serve that died?)"));
    }
}
