package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;

import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.serve.ServeServer;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every route of serve's router, read from the router itself ({@link ServeServer#endpoints}), so a route added
 * later joins this table the day it is added: over TCP, each one refuses a request without credentials, one with
 * a forged viewer cookie, the real cookie sent from another site's page, and the token sent from another site's
 * page. The login page is the one route open to a request without credentials, and it only trades a valid code.
 */
class EndpointAccessTest {

    /** What the walk must at least find: an empty or partial walk would prove nothing. */
    private static final List<String> KNOWN = List.of("POST /hook/:event", "POST /viewer/code", "GET /login",
            "POST /viewer/logout", "GET /", "GET /ui/", "GET /ui/:file", "GET /health", "GET /status", "GET /search",
            "GET /timeline", "GET /records", "GET /memories", "POST /memories", "GET /memories/:id", "PATCH /memories/:id",
            "DELETE /memories/:id", "POST /memories/:id/restore", "GET /sessions", "GET /sessions/:id", "GET /tasks",
            "POST /tasks", "GET /tasks/:id", "PATCH /tasks/:id",
            "POST /tasks/:id/notes", "GET /orchestration", "GET /orchestration/handoff", "POST /orchestration/sync",
            "POST /lanes", "PATCH /lanes/:key", "POST /lanes/:key/spawn", "POST /lanes/:key/sync", "GET /lanes/:key/log",
            "GET /recall-events",
            "GET /jobs", "POST /jobs/retry-dead", "POST /jobs/:id/retry", "POST /jobs/:id/cancel", "DELETE /jobs/dead",
            "GET /events", "POST /statusline", "GET /projects", "GET /inspect/recall", "GET /inspect/events",
            "GET /replay/last", "GET /replay/:session", "GET /features", "POST /features/:name/verify",
            "POST /features/:name/run", "POST /checks/:id/waive", "GET /graph", "GET /graph/summary");
    private static final String FOREIGN = "https://evil.example";

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    /** A path to call for a route: each {@code :param} filled with a value its handler would accept. */
    private static String concrete(String path) {
        return path.replaceAll(":[A-Za-z]+", "1") + "?project=" + ApiRig.PROJECT;
    }

    private static void expect(SoftAssertions soft, ServeServer.Endpoint e, String as, Supplier<RequestSpecification> request,
            int status, String code) {
        Response r = request.get().redirects().follow(false).request(e.method(), concrete(e.path()));
        String what = e.method() + " " + e.path() + " with " + as;
        soft.assertThat(r.statusCode()).as(what + ": " + r.asString()).isEqualTo(status);
        if (code != null) {
            soft.assertThat(r.asString()).as(what).contains("\"code\":\"" + code + "\"");
        }
        soft.assertThat(r.header("Set-Cookie")).as(what + " logs nobody in").isNull();
    }

    @Test
    void everyRouteRefusesNoCredentialsAForgedCookieAndAnotherSitesPage() {
        List<ServeServer.Endpoint> endpoints = rig.server.endpoints();
        assertThat(endpoints).extracting(e -> e.method() + " " + e.path()).containsAll(KNOWN).doesNotHaveDuplicates();
        long memory = rig.memory(MemoryKind.GOTCHA, ApiRig.PROJECT, "Cart totals", "Round to cents").id();
        String session = rig.login();

        SoftAssertions soft = new SoftAssertions();
        for (ServeServer.Endpoint e : endpoints) {
            boolean login = e.method().equals("GET") && e.path().equals("/login");
            // /login answers without credentials, but only a valid code: "1" is none, so it is a 401 too
            expect(soft, e, "no credentials", rig::anonymous, 401, null);
            expect(soft, e, "a forged cookie", () -> rig.anonymous().cookie("eagle_mem_viewer", "forged-0123456789abcdef"),
                    401, login ? null : "login_required");
            expect(soft, e, "the viewer's cookie from another site's page",
                    () -> rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", FOREIGN), 403, "forbidden_origin");
            expect(soft, e, "the token from another site's page", () -> rig.http().header("Origin", FOREIGN), 403,
                    "forbidden_origin");
        }
        soft.assertAll();

        // nothing the refused requests named changed: the memory is active, the session still logged in
        assertThat(rig.memories.show(memory).isDeleted()).isFalse();
        rig.viewer(session).get("/projects").then().statusCode(200);
    }
}
