package dev.eaglemem.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.hook.HookRunner;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The HTTP side of {@code eagle-mem serve}: one router on two listeners, the owner-only unix socket
 * (hooks, via the shim) and a loopback TCP port (the API for people and tools, token required).
 * {@code POST /hook/{Event}} answers with exactly the bytes {@code eagle-mem hook {Event}} would print.
 */
public final class ServeServer implements AutoCloseable {

    /**
     * @param host where TCP listens; loopback unless remote access was asked for explicitly
     * @param port the TCP port (0 picks a free one, for tests)
     */
    public record Options(Path socket, String host, int port, String token) {
    }

    static final String PROJECT_HEADER = "X-Eagle-Project";
    static final String CWD_HEADER = "X-Eagle-Cwd";

    private final Vertx vertx;
    private final HttpServer socketServer;
    private final HttpServer tcpServer;
    private final AtomicLong lastRequest;

    private ServeServer(Vertx vertx, HttpServer socketServer, HttpServer tcpServer, AtomicLong lastRequest) {
        this.vertx = vertx;
        this.socketServer = socketServer;
        this.tcpServer = tcpServer;
        this.lastRequest = lastRequest;
    }

    /** Starts both listeners; {@code api} adds the JSON API routes (after access control). */
    public static ServeServer start(Options options, HookRunner hooks, EagleEnv env, Consumer<Router> api) {
        Vertx vertx = Vertx.vertx(new VertxOptions().setPreferNativeTransport(true));
        if (!vertx.isNativeTransportEnabled()) {
            Throwable why = vertx.unavailableNativeTransportCause();
            vertx.close();
            throw EagleException.failure("serve_unsupported", "unix sockets need Netty's native transport, which did not load ("
                    + (why == null ? "unknown reason" : why.getMessage()) + ")", "hooks keep working without serve", why);
        }
        AtomicLong lastRequest = new AtomicLong(System.nanoTime());
        Router router = Router.router(vertx);
        router.route().handler(ctx -> {
            lastRequest.set(System.nanoTime());
            ctx.next();
        });
        router.route().handler(new ServeAccess(options.token())::check);
        router.route().handler(BodyHandler.create(false).setBodyLimit(HookRunner.MAX_INPUT_BYTES + 1L));
        router.post("/hook/:event").blockingHandler(ctx -> hook(ctx, hooks, env), false);
        api.accept(router);
        router.route().last().handler(ctx -> Responses.error(ctx, 404, "not_found",
                "no endpoint " + ctx.request().method() + " " + ctx.request().path(), "GET /health lists the server's state"));
        try {
            Files.deleteIfExists(options.socket());
            HttpServer socketServer = await(vertx.createHttpServer().requestHandler(router)
                    .listen(SocketAddress.domainSocketAddress(options.socket().toString())));
            Files.setPosixFilePermissions(options.socket(), PosixFilePermissions.fromString("rw-------"));
            HttpServer tcpServer = await(vertx.createHttpServer(new HttpServerOptions().setHost(options.host())
                    .setPort(options.port())).requestHandler(router).listen());
            return new ServeServer(vertx, socketServer, tcpServer, lastRequest);
        } catch (Exception e) {
            vertx.close();
            throw EagleException.failure("serve_listen_failed", "serve cannot listen: " + e.getMessage(),
                    "check that port " + options.port() + " is free (eagle-mem serve --port N) and " + options.socket()
                            + " is writable", e);
        }
    }

    private static void hook(RoutingContext ctx, HookRunner hooks, EagleEnv env) {
        byte[] input = ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
        String line = hooks.respond(ctx.pathParam("event"), ctx.request().getParam("agent"), input, requestEnv(ctx, env))
                .map(l -> l + "\n").orElse("");
        ctx.response().putHeader("Content-Type", "application/json").end(line);
    }

    /** The hook's own environment where it differs from serve's: its working directory and project override. */
    private static EagleEnv requestEnv(RoutingContext ctx, EagleEnv env) {
        String project = ctx.request().getHeader(PROJECT_HEADER);
        String cwd = ctx.request().getHeader(CWD_HEADER);
        if (project == null && cwd == null) {
            return env;
        }
        Map<String, String> vars = new HashMap<>(env.vars());
        if (project != null) {
            vars.put("EAGLE_MEM_PROJECT", project);
        }
        return new EagleEnv(vars, env.home(), cwd == null ? env.cwd() : Path.of(cwd));
    }

    /** Nanoseconds since the last request on either listener. */
    public long idleNanos() {
        return System.nanoTime() - lastRequest.get();
    }

    public int tcpPort() {
        return tcpServer.actualPort();
    }

    public Vertx vertx() {
        return vertx;
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        try {
            await(socketServer.close());
            await(tcpServer.close());
            await(vertx.close());
        } catch (Exception e) {
            // closing is best effort: the process is on its way out
        }
    }
}
