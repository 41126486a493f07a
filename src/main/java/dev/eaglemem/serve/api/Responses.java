package dev.eaglemem.serve.api;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.format.JsonOutput;
import io.vertx.ext.web.RoutingContext;

/**
 * JSON out, in the same snake_case shapes as the CLI's --json, and one error envelope. Public for
 * the API routes in {@code serve.api}.
 */
public final class Responses {

    private Responses() {
    }

    public static void json(RoutingContext ctx, int status, Object body) {
        try {
            ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                    .end(JsonOutput.mapper().writeValueAsString(body));
        } catch (JsonProcessingException e) {
            error(ctx, 500, "internal_error", "cannot render the response: " + e.getMessage(), null);
        }
    }

    public static void error(RoutingContext ctx, int status, String code, String message, String fix) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("fix", fix);
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .end(JsonOutput.mapper().valueToTree(Map.of("error", body)).toString());
    }

    /** An EagleException keeps its meaning over HTTP: invalid input 400, not found 404, conflict 409. */
    public static void error(RoutingContext ctx, EagleException e) {
        int status = switch (e.exitCode()) {
            case INVALID_INPUT -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            default -> e.exitCode() == ExitCode.INTERNAL ? 500 : 503;
        };
        error(ctx, status, e.errorCode(), e.getMessage(), e.fix());
    }
}
