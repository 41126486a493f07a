package dev.eaglemem.serve;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import dev.eaglemem.serve.api.Responses;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Who may call serve. The unix socket is owner-only (mode 600 in a 700 directory), so a request on
 * it is the user's own. A TCP request must carry the token from {@code serve.token}, and a request
 * whose {@code Origin} is not this server is refused outright: a web page the user visits must not be
 * able to reach their memory, with or without the token.
 */
final class ServeAccess {

    static final String TOKEN_HEADER = "X-Eagle-Token";

    private final String token;

    ServeAccess(String token) {
        this.token = token;
    }

    void check(RoutingContext ctx) {
        HttpServerRequest req = ctx.request();
        if (req.localAddress() != null && req.localAddress().isDomainSocket()) {
            ctx.next();
            return;
        }
        String origin = req.getHeader("Origin");
        if (origin != null && !sameOrigin(origin, req)) {
            Responses.error(ctx, 403, "forbidden_origin", "requests from " + origin + " are not allowed",
                    "call the API from a local program, not from a web page");
            return;
        }
        if (!tokenMatches(req)) {
            Responses.error(ctx, 401, "token_required", "this request needs the serve token",
                    "send the header " + TOKEN_HEADER + ": $(cat $EAGLE_MEM_DIR/serve.token)");
            return;
        }
        ctx.next();
    }

    private boolean tokenMatches(HttpServerRequest req) {
        String given = req.getHeader(TOKEN_HEADER);
        String auth = req.getHeader("Authorization");
        if (given == null && auth != null && auth.startsWith("Bearer ")) {
            given = auth.substring("Bearer ".length()).strip();
        }
        // constant-time: the token is the only secret between a local process and the API
        // a blank token (an unreadable or truncated serve.token) admits nobody, not everybody
        return !token.isBlank() && given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean sameOrigin(String origin, HttpServerRequest req) {
        try {
            URI uri = URI.create(origin);
            String host = uri.getHost();
            int port = uri.getPort();
            return host != null && (host.equals("127.0.0.1") || host.equals("localhost") || host.equals("[::1]"))
                    && port == req.localAddress().port();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
