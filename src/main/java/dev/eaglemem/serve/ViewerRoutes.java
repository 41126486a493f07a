package dev.eaglemem.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.serve.api.Responses;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The web viewer's own routes: the login code that {@code eagle-mem open} asks for (socket or token only),
 * the login that trades it for the session cookie, and the page's static files, built into the binary
 * (src/main/resources/viewer). Every TCP answer carries a strict Content-Security-Policy: scripts only from
 * this server, no inline script or style, nothing framed, nothing fetched elsewhere.
 */
final class ViewerRoutes {

    static final String VIEWER_REQUEST = "eagle-mem.viewer";
    static final String UI = "/ui/";
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self';"
            + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    /** The viewer's files: a fixed list, so a path can never name anything else on the class path. */
    static final List<String> ASSETS = List.of("index.html", "app.js", "api.js", "dom.js", "pages.js", "tasks.js", "lanes.js",
            "style.css", "favicon.svg");

    private final ViewerAuth auth;
    private final Map<String, Buffer> assets = new LinkedHashMap<>();

    ViewerRoutes(ViewerAuth auth) {
        this.auth = auth;
        for (String name : ASSETS) {
            try (InputStream in = ViewerRoutes.class.getResourceAsStream("/viewer/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("the viewer's " + name + " is missing from the binary");
                }
                assets.put(name, Buffer.buffer(in.readAllBytes()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Paths that are the viewer's pages (a browser without the cookie is told to log in, not to send a token). */
    static boolean isPage(String path) {
        return path.equals("/") || path.startsWith("/ui");
    }

    /** Security headers on every answer over TCP (the socket serves hooks and tools, never a browser). */
    static void headers(RoutingContext ctx) {
        if (ctx.request().localAddress() == null || !ctx.request().localAddress().isDomainSocket()) {
            ctx.response().headers().add("Content-Security-Policy", CSP).add("X-Content-Type-Options", "nosniff")
                    .add("Referrer-Policy", "no-referrer").add("X-Frame-Options", "DENY")
                    .add("Cross-Origin-Opener-Policy", "same-origin").add("Cross-Origin-Resource-Policy", "same-origin");
        }
        ctx.next();
    }

    void register(Router router) {
        router.post("/viewer/code").handler(this::code);
        router.get(ServeAccess.LOGIN_PATH).handler(this::login);
        router.post("/viewer/logout").handler(this::logout);
        router.get("/").handler(ctx -> redirect(ctx, UI));
        router.get(UI).handler(ctx -> asset(ctx, "index.html"));
        router.get(UI + ":file").handler(ctx -> asset(ctx, ctx.pathParam("file")));
    }

    /** A one-time login code, for {@code eagle-mem open}: never to a browser (a viewer session cannot mint more). */
    private void code(RoutingContext ctx) {
        if (Boolean.TRUE.equals(ctx.get(VIEWER_REQUEST))) {
            Responses.error(ctx, 403, "forbidden", "the viewer cannot create login codes", "eagle-mem open");
            return;
        }
        Responses.json(ctx, 200,
                new LoginCode(auth.issueCode(), ServeAccess.LOGIN_PATH + "?code=", ViewerAuth.CODE_TTL.toSeconds()));
    }

    /** A one-time code and the path that redeems it (the code goes after {@code path}). */
    @RegisterForReflection
    record LoginCode(String code, String path, long expiresInSeconds) {
    }

    @RegisterForReflection
    record LoggedOut(boolean loggedOut) {
    }

    /**
     * Trades the code for the session cookie and redirects to the viewer, so the code leaves the address bar
     * (and, used, is worthless in the history). HttpOnly: no script reads it; SameSite=Strict: no other site's
     * page or link sends it.
     */
    private void login(RoutingContext ctx) {
        Optional<String> session = auth.redeem(ctx.request().getParam("code"));
        if (session.isEmpty()) {
            ctx.response().setStatusCode(401).putHeader("Content-Type", "text/plain; charset=utf-8")
                    .putHeader("Cache-Control", "no-store")
                    .end("This login link is not valid: it was used already, it expired (after "
                            + ViewerAuth.CODE_TTL.toSeconds() + " s), or serve restarted.\nRun: eagle-mem open\n");
            return;
        }
        ctx.response().addCookie(Cookie.cookie(ServeAccess.COOKIE, session.get()).setHttpOnly(true)
                .setSameSite(CookieSameSite.STRICT).setPath("/").setMaxAge(ViewerAuth.SESSION_TTL.toSeconds()));
        ctx.response().putHeader("Cache-Control", "no-store");
        redirect(ctx, UI);
    }

    private void logout(RoutingContext ctx) {
        Cookie cookie = ctx.request().getCookie(ServeAccess.COOKIE);
        auth.end(cookie == null ? null : cookie.getValue());
        ctx.response().addCookie(Cookie.cookie(ServeAccess.COOKIE, "").setHttpOnly(true).setSameSite(CookieSameSite.STRICT)
                .setPath("/").setMaxAge(0));
        Responses.json(ctx, 200, new LoggedOut(true));
    }

    private void asset(RoutingContext ctx, String name) {
        Buffer body = assets.get(name);
        if (body == null) {
            Responses.error(ctx, 404, "not_found", "the viewer has no file " + name, "open " + UI);
            return;
        }
        ctx.response().putHeader("Content-Type", contentType(name)).putHeader("Cache-Control", "no-cache").end(body);
    }

    private static String contentType(String name) {
        String ext = name.substring(name.lastIndexOf('.') + 1);
        return switch (ext) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            default -> "application/octet-stream";
        };
    }

    private static void redirect(RoutingContext ctx, String to) {
        ctx.response().setStatusCode(303).putHeader("Location", to).end();
    }
}
