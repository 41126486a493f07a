package dev.eaglemem.serve.api;

import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.session.SessionList;
import dev.eaglemem.session.SessionService;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/** Sessions ({@code session list|show --json}) and the recall log. */
final class SessionRoutes {

    private final SessionService sessions;
    private final RecallHistory recalls;

    SessionRoutes(SessionService sessions, RecallHistory recalls) {
        this.sessions = sessions;
        this.recalls = recalls;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/sessions"), log, this::list);
        Reply.serve(router.get("/sessions/:id"), log, ctx -> Reply.ok(sessions.show(ctx.pathParam("id"))));
        Reply.serve(router.get("/recall-events"), log, ctx -> Reply.ok(recalls.recent(
                Params.text(ctx, "session").orElse(null), Params.project(ctx),
                Params.number(ctx, "limit", 50, 1, ConfigKeys.MAX_LIMIT))));
    }

    private Reply list(RoutingContext ctx) {
        String scope = Params.scope(ctx);
        return Reply.ok(new SessionList(scope, scope == null,
                sessions.list(scope, Params.number(ctx, "limit", 20, 1, ConfigKeys.MAX_LIMIT))));
    }
}
