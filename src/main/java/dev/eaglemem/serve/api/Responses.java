package dev.eaglemem.serve.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.format.JsonOutput;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.RoutingContext;

/**
 * JSON out, in the same snake_case shapes as the CLI's --json, and one error envelope. Public for
 * the API routes in {@code serve.api}.
 */
public final class Responses {

    private Responses() {
    }

    /** What went wrong, as a stable code, a sentence and a command that fixes it (null when there is none). */
    @RegisterForReflection
    public record Problem(String code, String message, String fix) {
    }

    /** Every non-2xx answer: {@code {"error": {...}}}. */
    @RegisterForReflection
    public record Failure(Problem error) {
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
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .end(JsonOutput.mapper().valueToTree(new Failure(new Problem(code, message, fix))).toString());
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
