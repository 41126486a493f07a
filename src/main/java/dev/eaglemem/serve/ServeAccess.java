package dev.eaglemem.serve;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Set;

import dev.eaglemem.serve.api.Responses;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.RoutingContext;

/**
 * Who may call serve. The unix socket is owner-only (mode 600 in a 700 directory), so a request on
 * it is the user's own. A TCP request must carry the token from {@code serve.token} or the web viewer's
 * session cookie, and a request whose {@code Origin} is not this server is refused outright: a web page
 * the user visits must not be able to reach their memory, with or without the token. A request with the
 * cookie must also name this server as its {@code Host} (a DNS-rebinding page cannot), and one that changes
 * something must carry this server's {@code Origin} (browsers send it on every such request).
 */
final class ServeAccess {

    static final String TOKEN_HEADER = "X-Eagle-Token";
    static final String COOKIE = "eagle_mem_viewer";
    /** Where a browser arrives with a login code: the code is the credential, checked by {@link ViewerRoutes}. */
    static final String LOGIN_PATH = "/login";

    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "[::1]");
    private static final Set<HttpMethod> SAFE = Set.of(HttpMethod.GET, HttpMethod.HEAD);

    private final String token;
    private final ViewerAuth viewer;

    ServeAccess(String token, ViewerAuth viewer) {
        this.token = token;
        this.viewer = viewer;
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
        if (req.method() == HttpMethod.GET && LOGIN_PATH.equals(req.path())) {
            ctx.next();
            return;
        }
        if (tokenMatches(req)) {
            ctx.next();
            return;
        }
        Cookie cookie = req.getCookie(COOKIE);
        if (cookie != null && viewer.validSession(cookie.getValue())) {
            if (!loopbackHost(req)) {
                Responses.error(ctx, 403, "forbidden_host", "the viewer answers only as 127.0.0.1 or localhost (Host: "
                        + req.authority() + ")", "open the link eagle-mem open prints");
                return;
            }
            if (!SAFE.contains(req.method()) && origin == null) {
                Responses.error(ctx, 403, "forbidden_origin", req.method() + " from the viewer needs this server's Origin",
                        "use the viewer's own page, or send the token instead of the cookie");
                return;
            }
            ctx.put(ViewerRoutes.VIEWER_REQUEST, true);
            ctx.next();
            return;
        }
        if (ViewerRoutes.isPage(req.path()) || cookie != null) {
            Responses.error(ctx, 401, "login_required", cookie == null ? "the viewer needs a login"
                    : "the viewer's login expired (or serve restarted)", "eagle-mem open   (prints a new login link)");
            return;
        }
        Responses.error(ctx, 401, "token_required", "this request needs the serve token",
                "send the header " + TOKEN_HEADER + ": $(cat $EAGLE_MEM_DIR/serve.token)");
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
            return "http".equals(uri.getScheme()) && host != null && LOOPBACK.contains(host) && port == req.localAddress().port();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The Host (HTTP/1.1) or :authority (HTTP/2) the client addressed: a loopback name and this server's port. */
    private static boolean loopbackHost(HttpServerRequest req) {
        HostAndPort authority = req.authority();
        if (authority == null) {
            return false;
        }
        String host = authority.host();
        boolean loopback = LOOPBACK.contains(host) || "::1".equals(host);
        return loopback && (authority.port() < 0 || authority.port() == req.localAddress().port());
    }
}
