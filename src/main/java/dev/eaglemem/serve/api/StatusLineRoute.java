package dev.eaglemem.serve.api;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.serve.control.HookRequestEnv;
import dev.eaglemem.status.StatusLine;
import io.vertx.ext.web.Router;

/**
 * {@code POST /statusline}: Claude Code's status bar line, the same text {@code eagle-mem statusline} prints, for
 * the shim — the status bar renders after every assistant message, and a JVM start per render is what serve saves.
 * The body is Claude's statusLine JSON; the caller's directory and variables arrive as the hook headers do.
 */
final class StatusLineRoute {

    private final StatusLine statusLine;
    private final EagleEnv env;

    StatusLineRoute(StatusLine statusLine, EagleEnv env) {
        this.statusLine = statusLine;
        this.env = env;
    }

    void register(Router router) {
        router.post("/statusline").blockingHandler(ctx -> {
            byte[] body = ctx.body().buffer() == null ? new byte[0] : ctx.body().buffer().getBytes();
            String line = statusLine.renderForClaude(HookRequestEnv.of(ctx.request(), env), body);
            ctx.response().putHeader("Content-Type", "text/plain; charset=utf-8").end(line + "\n");
        }, false);
    }
}
