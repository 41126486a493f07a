package dev.eaglemem.serve.api;

import java.util.Map;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/** A route's answer: status, JSON body and extra headers. */
record Reply(int status, Object body, Map<String, String> headers) {

    /** Work that reads or writes the database; it runs on a worker thread. */
    @FunctionalInterface
    interface Work {
        Reply run(RoutingContext ctx);
    }

    static Reply ok(Object body) {
        return new Reply(200, body, Map.of());
    }

    static Reply of(int status, Object body) {
        return new Reply(status, body, Map.of());
    }

    /** 201 with the new resource's Location. */
    static Reply created(String location, Object body) {
        return new Reply(201, body, Map.of("Location", location));
    }

    /**
     * Runs {@code work} off the event loop (unordered: requests do not wait for each other) and sends
     * its reply; an EagleException keeps its meaning (400/404/409/503), anything else is a logged 500.
     */
    static void serve(Route route, LogFile log, Work work) {
        route.blockingHandler(ctx -> {
            try {
                Reply reply = work.run(ctx);
                reply.headers().forEach(ctx.response()::putHeader);
                Responses.json(ctx, reply.status(), reply.body());
            } catch (EagleException e) {
                Responses.error(ctx, e);
            } catch (RuntimeException e) {
                log.error("serve API " + ctx.request().method() + " " + ctx.request().path() + " failed: " + e);
                Responses.error(ctx, 500, "internal_error", "eagle-mem " + BuildInfo.version() + " failed: " + e,
                        "see " + log.file() + " and report it");
            }
        }, false);
    }
}
