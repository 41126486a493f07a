package dev.eaglemem.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.serve.api.Responses;
import dev.eaglemem.serve.control.HookRequestEnv;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * The HTTP side of {@code eagle-mem serve}: one router on two listeners, the owner-only unix socket
 * (hooks, via the shim) and a loopback TCP port (the API for people and tools, token required; the web
 * viewer, with its login cookie: {@link ViewerRoutes}).
 * {@code POST /hook/{Event}} answers with exactly the bytes {@code eagle-mem hook {Event}} would print.
 */
public final class ServeServer implements AutoCloseable {

    /**
     * @param host where TCP listens; loopback unless remote access was asked for explicitly
     * @param port the TCP port (0 picks a free one, for tests)
     * @param portRequired fail when the port is taken (asked for with --port); otherwise serve takes a free port
     *        instead (a second user on the machine may hold the default one), which serve.port then records for the
     *        shim, {@code eagle-mem open} and doctor, and runs on the socket alone only when no port can be had
     */
    public record Options(Path socket, String host, int port, boolean portRequired, String token) {
    }

    /** One route of the router: {@code GET /replay/:session}; path parameters keep Vert.x's {@code :name} form. */
    public record Endpoint(String method, String path) {
    }

    /** A payload this large (a whole file in a tool result) grows the heap for a moment; see {@link #hook}. */
    private static final int LARGE_PAYLOAD_BYTES = 1024 * 1024;

    private final Vertx vertx;
    private final Router router;
    private final HttpServer socketServer;
    private final HttpServer tcpServer;
    private final String tcpProblem;
    private final AtomicLong lastRequest;
    private final AtomicLong hookRequests;

    private ServeServer(Vertx vertx, Router router, HttpServer socketServer, HttpServer tcpServer, String tcpProblem,
            AtomicLong lastRequest, AtomicLong hookRequests) {
        this.vertx = vertx;
        this.router = router;
        this.socketServer = socketServer;
        this.tcpServer = tcpServer;
        this.tcpProblem = tcpProblem;
        this.lastRequest = lastRequest;
        this.hookRequests = hookRequests;
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
        AtomicLong hookRequests = new AtomicLong();
        Router router = Router.router(vertx);
        router.route().handler(ctx -> {
            lastRequest.set(System.nanoTime());
            ctx.next();
        });
        router.route().handler(ViewerRoutes::headers);
        ViewerAuth viewer = new ViewerAuth(Clock.systemUTC());
        router.route().handler(new ServeAccess(options.token(), viewer)::check);
        // preallocated from Content-Length: a growing buffer would briefly hold twice a large payload. A larger body is
        // answered 413 from its Content-Length, before it is read: the shim then runs the binary, which keeps such a
        // payload with its long strings cut (HookRunner) in its own heap, not in serve's 96 MB. (+1: bash's newline.)
        router.route()
                .handler(BodyHandler.create(false).setBodyLimit(HookRunner.MAX_INPUT_BYTES + 1L).setPreallocateBodyBuffer(true));
        router.post("/hook/:event").blockingHandler(ctx -> {
            hookRequests.incrementAndGet();
            hook(ctx, hooks, env);
        }, false);
        new ViewerRoutes(viewer).register(router);
        api.accept(router);
        router.route().last().handler(ctx -> Responses.error(ctx, 404, "not_found",
                "no endpoint " + ctx.request().method() + " " + ctx.request().path(), "GET /health lists the server's state"));
        HttpServer socketServer;
        try {
            // the caller holds serve.lock, so a socket file here is a dead serve's leftover
            Files.deleteIfExists(options.socket());
            socketServer = await(vertx.createHttpServer().requestHandler(router)
                    .listen(SocketAddress.domainSocketAddress(options.socket().toString())));
            Files.setPosixFilePermissions(options.socket(), PosixFilePermissions.fromString("rw-------"));
        } catch (Exception e) {
            vertx.close();
            throw EagleException.failure("serve_listen_failed", "serve cannot listen on " + options.socket() + ": "
                    + e.getMessage(), "check that " + options.socket().getParent() + " is writable", e);
        }
        try {
            HttpServer tcpServer = listenTcp(vertx, router, options.host(), options.port());
            return new ServeServer(vertx, router, socketServer, tcpServer, null, lastRequest, hookRequests);
        } catch (Exception e) {
            String problem = "cannot listen on " + options.host() + ":" + options.port() + " (" + e.getMessage() + ")";
            if (options.portRequired()) {
                vertx.close();
                throw EagleException.failure("serve_listen_failed", "serve " + problem,
                        "pick a free port: eagle-mem serve --port N (or config serve.port)", e);
            }
            try {
                HttpServer tcpServer = listenTcp(vertx, router, options.host(), 0);
                return new ServeServer(vertx, router, socketServer, tcpServer, null, lastRequest, hookRequests);
            } catch (Exception none) {
                return new ServeServer(vertx, router, socketServer, null, problem, lastRequest, hookRequests);
            }
        }
    }

    private static HttpServer listenTcp(Vertx vertx, Router router, String host, int port) throws Exception {
        return await(vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port).setTcpQuickAck(true))
                .requestHandler(router).listen());
    }

    private static void hook(RoutingContext ctx, HookRunner hooks, EagleEnv env) {
        byte[] input = ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
        String line = hooks
                .respond(ctx.pathParam("event"), ctx.request().getParam("agent"), input, HookRequestEnv.of(ctx.request(), env))
                .map(l -> l + "\n").orElse("");
        ctx.response().putHeader("Content-Type", "application/json").end(line);
        if (input.length > LARGE_PAYLOAD_BYTES) {
            // serve's heap is small and grows only for a rare large payload; a collection right after it gives the
            // memory back (the heap shrinks after a full GC) instead of keeping a larger footprint for the session
            System.gc();
        }
    }

    /**
     * Every endpoint the router answers, in registration order: the routes with a path (the access check, the body
     * reader and the 404 fallback have none). A route for any method is listed once per method it could be
     * called with, so a test that walks this list reaches every handler.
     */
    public List<Endpoint> endpoints() {
        return router.getRoutes().stream().filter(r -> r.getPath() != null).flatMap(r -> {
            Set<HttpMethod> methods = r.methods();
            List<HttpMethod> each = methods == null || methods.isEmpty()
                    ? List.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE)
                    : methods.stream().sorted(Comparator.comparing(HttpMethod::name)).toList();
            return each.stream().map(m -> new Endpoint(m.name(), r.getPath()));
        }).toList();
    }

    /** Nanoseconds since the last request on either listener. */
    public long idleNanos() {
        return System.nanoTime() - lastRequest.get();
    }

    /** Hook requests answered since start (for /health: proof that hooks take the fast path). */
    public long hookRequests() {
        return hookRequests.get();
    }

    /** The TCP port, or 0 when only the socket listens. */
    public int tcpPort() {
        return tcpServer == null ? 0 : tcpServer.actualPort();
    }

    /** Why TCP is not listening, or null. */
    public String tcpProblem() {
        return tcpProblem;
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
            if (tcpServer != null) {
                await(tcpServer.close());
            }
            await(vertx.close());
        } catch (Exception e) {
            // closing is best effort: the process is on its way out
        }
    }
}
