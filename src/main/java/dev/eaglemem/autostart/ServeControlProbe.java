package dev.eaglemem.autostart;

import java.nio.file.Path;

import jakarta.inject.Singleton;

import dev.eaglemem.serve.control.ServeControl;

/** The same answer as {@code eagle-mem serve --status}: GET /health on the socket, else whether the lock is held. */
@Singleton
public class ServeControlProbe implements ServeProbe {

    private final ServeControl control;

    public ServeControlProbe(ServeControl control) {
        this.control = control;
    }

    @Override
    public ServeView probe() {
        ServeControl.Status s = control.status();
        Path socket = Path.of(s.socket());
        Long pid = s.pid() > 0 ? s.pid() : null;
        return switch (s.state()) {
            case RUNNING -> new ServeView(socket, s.state(), true, pid, "answering" + (pid == null ? "" : " (pid " + pid + ")"));
            case UNRESPONSIVE -> new ServeView(socket, s.state(), false, pid,
                    "holds its lock" + (pid == null ? "" : " (pid " + pid
                            + ")") + " but does not answer: starting, or hung");
            case STOPPED -> ServeView.stopped(socket);
        };
    }
}
