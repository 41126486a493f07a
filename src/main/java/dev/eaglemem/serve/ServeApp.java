package dev.eaglemem.serve;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.app.BuildInfo;
import dev.eaglemem.config.Settings;
import dev.eaglemem.store.Db;
import io.vertx.ext.web.Router;

/** serve assembled: the daemon's life cycle, the API routes and the background work that runs inside it. */
@ApplicationScoped
public class ServeApp {

    private final ServeDaemon daemon;
    private final Settings settings;
    private final Db db;
    private final Clock clock;

    public ServeApp(ServeDaemon daemon, Settings settings, Db db, Clock clock) {
        this.daemon = daemon;
        this.settings = settings;
        this.db = db;
        this.clock = clock;
    }

    public int run(ServeDaemon.Options options, Consumer<ServeState> started) {
        AtomicReference<ServeDaemon.Running> state = new AtomicReference<>();
        Consumer<Router> api = router -> router.get("/health").handler(ctx -> Responses.json(ctx, 200, health(state.get())));
        ServeDaemon.Companion none = new ServeDaemon.Companion() {
            @Override
            public void start() {
            }

            @Override
            public boolean busy() {
                return false;
            }

            @Override
            public void close() {
            }
        };
        return daemon.run(options, settings.servePort(), api, none, s -> {
            state.set(s);
            started.accept(s.state());
        });
    }

    private Map<String, Object> health(ServeDaemon.Running running) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "ok");
        body.put("version", BuildInfo.version());
        body.put("pid", ProcessHandle.current().pid());
        if (running != null) {
            ServeState s = running.state();
            body.put("socket", s.socket().toString());
            body.put("host", s.host());
            body.put("tcp_port", s.tcpPort());
            body.put("tcp_problem", s.tcpProblem());
            body.put("started_at", s.startedAt());
            body.put("uptime_seconds", Duration.between(Instant.parse(s.startedAt()), Instant.now(clock)).toSeconds());
            body.put("hook_requests", running.server().hookRequests());
        }
        body.put("db", db.file().toString());
        return body;
    }
}
