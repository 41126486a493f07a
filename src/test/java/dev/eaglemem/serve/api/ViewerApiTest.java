package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.serve.control.SocketClient;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.ProjectStore;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * The web viewer over real HTTP (RESTAssured against the real ServeServer and database): the login code from the
 * socket, its trade for the cookie, the cookie's limits (Host, Origin, no new codes), the page's files with their
 * CSP, and each endpoint the viewer adds — recall inspector, event log, replay, features (verify, waive, run) and
 * the code graph — including what each answers without the cookie.
 */
class ViewerApiTest {

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    /** A login code, asked for on the owner-only socket as {@code eagle-mem open} asks. */
    private String code() {
        SocketClient.Response r = SocketClient.request(rig.socket(), "POST", "/viewer/code", "", Duration.ofSeconds(10))
                .orElseThrow();
        assertThat(r.status()).isEqualTo(200);
        JsonNode body;
        try {
            body = JsonOutput.mapper().readTree(r.body());
        } catch (IOException e) {
            throw new AssertionError(r.body(), e);
        }
        assertThat(body.get("path").asText()).isEqualTo("/login?code=");
        assertThat(body.get("expires_in_seconds").asLong()).isEqualTo(120);
        return body.get("code").asText();
    }

    private String login() {
        Response r = rig.anonymous().redirects().follow(false).get("/login?code=" + code());
        assertThat(r.statusCode()).isEqualTo(303);
        return r.cookie("eagle_mem_viewer");
    }

    private String origin() {
        return "http://127.0.0.1:" + rig.port();
    }

    /** A request as the viewer's page sends it: the cookie, and this server's Origin. */
    private RequestSpecification viewer(String session) {
        return rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", origin());
    }

    @Test
    void aLoginCodeBecomesAStrictHttpOnlyCookieOnceAndLeavesTheAddressBar() {
        String code = code();
        Response r = rig.anonymous().redirects().follow(false).get("/login?code=" + code);
        r.then().statusCode(303).header("Location", "/ui/").header("Cache-Control", "no-store");
        String setCookie = r.header("Set-Cookie");
        assertThat(setCookie).startsWith("eagle_mem_viewer=").containsIgnoringCase("HttpOnly").contains("SameSite=Strict")
                .contains("Path=/").doesNotContain(code);
        String session = r.cookie("eagle_mem_viewer");
        assertThat(session).hasSizeGreaterThanOrEqualTo(40).isNotEqualTo(code);

        rig.anonymous().redirects().follow(false).get("/login?code=" + code).then().statusCode(401)
                .body(containsString("eagle-mem open")).header("Set-Cookie", (String) null);
        rig.anonymous().get("/login?code=not-a-code").then().statusCode(401);
        rig.anonymous().get("/login").then().statusCode(401);

        viewer(session).get("/ui/").then().statusCode(200).contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Content-Security-Policy", containsString("script-src 'self'"))
                .header("Content-Security-Policy", not(containsString("unsafe-inline")))
                .header("X-Content-Type-Options", "nosniff").header("X-Frame-Options", "DENY")
                .body(containsString("<script type=\"module\" src=\"app.js\"></script>")).body(not(containsString(session)));
        viewer(session).get("/ui/app.js").then().statusCode(200).contentType(containsString("text/javascript"));
        viewer(session).get("/ui/style.css").then().statusCode(200).contentType(containsString("text/css"));
        viewer(session).get("/ui/../serve.token").then().statusCode(404);
        viewer(session).get("/ui/application.properties").then().statusCode(404);
        rig.anonymous().redirects().follow(false).get("/").then().statusCode(401).body("error.code", equalTo("login_required"));
    }

    @Test
    void withoutTheCookieEveryViewerEndpointIsRefused() {
        for (String path : List.of("/ui/", "/ui/app.js", "/projects", "/inspect/recall", "/inspect/events", "/replay/last",
                "/features?project=code/app", "/graph?project=code/app&file=a.ts", "/events", "/memories")) {
            rig.anonymous().get(path).then().statusCode(401);
        }
        rig.anonymous().get("/ui/").then().body("error.code", equalTo("login_required"))
                .body("error.fix", containsString("eagle-mem open"));
        rig.anonymous().cookie("eagle_mem_viewer", "forged-or-expired").get("/inspect/recall").then().statusCode(401)
                .body("error.code", equalTo("login_required")).body("error.message", containsString("expired"));
        rig.anonymous().contentType(ContentType.JSON).body("{\"notes\":\"x\"}")
                .post("/features/checkout/verify?project=code/app").then().statusCode(401);
    }

    @Test
    void theCookieNeedsThisServersHostAndItsOriginToChangeAnything() {
        String session = login();
        long id = rig.memory(MemoryKind.GOTCHA, ApiRig.PROJECT, "Cart totals", "Round to cents").id();
        rig.anonymous().cookie("eagle_mem_viewer", session).get("/memories?project=code/app").then().statusCode(200);
        rig.anonymous().cookie("eagle_mem_viewer", session).header("Host", "evil.example:" + rig.port())
                .get("/memories").then().statusCode(403).body("error.code", equalTo("forbidden_host"));
        rig.anonymous().cookie("eagle_mem_viewer", session).delete("/memories/" + id).then().statusCode(403)
                .body("error.code", equalTo("forbidden_origin"));
        rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", "http://evil.example").delete("/memories/" + id)
                .then().statusCode(403).body("error.code", equalTo("forbidden_origin"));
        rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", "http://127.0.0.1:" + (rig.port() + 1))
                .delete("/memories/" + id).then().statusCode(403);
        assertThat(rig.memories.show(id).isDeleted()).as("nothing changed by the refused requests").isFalse();

        viewer(session).delete("/memories/" + id + "?reason=wrong").then().statusCode(200).body("status", equalTo("forgotten"));
        viewer(session).post("/memories/" + id + "/restore").then().statusCode(200).body("status", equalTo("restored"));
        viewer(session).contentType(ContentType.JSON).body("{\"content\":\"Round to integer cents\"}").patch("/memories/" + id)
                .then().statusCode(200).body("memory.content", equalTo("Round to integer cents"));
    }

    @Test
    void aViewerSessionCannotMintLoginCodesButTheSocketAndTheTokenCan() {
        String session = login();
        viewer(session).post("/viewer/code").then().statusCode(403);
        rig.http().post("/viewer/code").then().statusCode(200).body("code", notNullValue());
        rig.anonymous().post("/viewer/code").then().statusCode(401);
        viewer(session).post("/viewer/logout").then().statusCode(200);
        viewer(session).get("/projects").then().statusCode(401);
    }

    @Test
    void recallInspectorEventsAndReplayShowASessionInOrder() {
        String session = login();
        rig.memory(MemoryKind.DECISION, ApiRig.PROJECT, "Release gate covers npm publish",
                "npm publish goes through the release gate like git push");
        rig.prompt("s1", ApiRig.PROJECT, "does the release gate cover npm publish?");
        rig.recall.prompt(new RecallService.Audience("s1", ApiRig.PROJECT, "codex", false), "does the release gate cover npm publish?");
        rig.toolCall("s1", ApiRig.PROJECT, "npm test");
        rig.summary("s1", ApiRig.PROJECT, "Gate npm publish", "The gate blocks npm publish");

        viewer(session).get("/projects").then().statusCode(200).body("projects", hasItem(ApiRig.PROJECT));
        viewer(session).get("/inspect/recall?project=code/app").then().statusCode(200)
                .body("events", hasSize(1)).body("events[0].hook_event", equalTo("UserPromptSubmit"))
                .body("events[0].status", equalTo("injected")).body("events[0].query", containsString("release"))
                .body("events[0].memory_ids", hasSize(1)).body("events[0].code_ids", hasSize(0))
                .body("events[0].trimmed", hasSize(0)).body("events[0].injected_chars", notNullValue());
        viewer(session).get("/inspect/events?session=s1").then().statusCode(200)
                .body("events.event_type", hasItem("summary_saved"));

        Response replay = viewer(session).get("/replay/s1");
        replay.then().statusCode(200).body("session.id", equalTo("s1")).body("summary.fields.completed",
                equalTo("The gate blocks npm publish")).body("steps.kind", contains("prompt", "recall", "tool", "summary"))
                .body("steps[1].text", startsWith("UserPromptSubmit searched")).body("truncated", equalTo(0));
        viewer(session).get("/replay/last?project=code/app").then().statusCode(200).body("session.id", equalTo("s1"));
        viewer(session).get("/replay/nope").then().statusCode(404).body("error.fix", containsString("session list"));
        viewer(session).get("/inspect/recall?limit=0").then().statusCode(400);
    }

    @Test
    void featuresVerifyWaiveAndRunThroughTheViewer() throws IOException, InterruptedException {
        String session = login();
        Path root = Files.createDirectories(rig.dir.resolve("repo"));
        new ProcessBuilder("git", "init", "-q", root.toString()).inheritIO().start().waitFor();
        rig.features.add(ApiRig.PROJECT, root, new FeatureSpec("checkout", "Pays for the cart", List.of("src/cart/**"),
                List.of(), List.of("echo smoke-ok")));
        // two files of the feature changed in the working tree: GET /features records them as open checks (as
        // feature pending does), from the project directory the hooks recorded
        Files.createDirectories(root.resolve("src/cart"));
        Files.writeString(root.resolve("src/cart/total.ts"), "export const total = 1;\n");
        Files.writeString(root.resolve("src/cart/tax.ts"), "export const tax = 0;\n");

        viewer(session).get("/features").then().statusCode(400).body("error.fix", containsString("/projects"));
        List<Integer> open = viewer(session).get("/features?project=code/app").then().statusCode(200)
                .body("root", equalTo(root.toString())).body("features.name", contains("checkout"))
                .body("pending.file", containsInAnyOrder("src/cart/total.ts", "src/cart/tax.ts"))
                .extract().path("pending.id");
        long check = open.get(0);
        long second = open.get(1);

        viewer(session).contentType(ContentType.JSON).body("{\"reason\":\"comment-only change\"}")
                .post("/checks/" + check + "/waive?project=code/app").then().statusCode(200)
                .body("status", equalTo("waived")).body("resolved[0].id", equalTo((int) check));
        viewer(session).contentType(ContentType.JSON).body("{}").post("/checks/" + second + "/waive?project=code/app")
                .then().statusCode(400).body("error.message", containsString("reason"));
        viewer(session).contentType(ContentType.JSON).body("{\"reason\":\"x\"}").post("/checks/abc/waive?project=code/app")
                .then().statusCode(400);

        viewer(session).contentType(ContentType.JSON).body("{\"notes\":\"paid with a test card\"}")
                .post("/features/checkout/verify?project=code/app").then().statusCode(200)
                .body("status", equalTo("verified")).body("resolved.id", hasItem((int) second));
        viewer(session).contentType(ContentType.JSON).body("{\"notes\":\"x\"}").post("/features/nope/verify?project=code/app")
                .then().statusCode(404);

        viewer(session).post("/features/checkout/run?project=code/app").then().statusCode(200)
                .body("result.passed", equalTo(true)).body("output", containsString("smoke-ok"));
    }

    @Test
    void theGraphShowsAFilesNeighbourhoodOnceTheIndexExists() throws IOException {
        String session = login();
        viewer(session).get("/graph?project=code/app&file=src/a.ts").then().statusCode(404)
                .body("error.fix", equalTo("eagle-mem index"));
        viewer(session).get("/graph?project=code/app").then().statusCode(400);

        Path root = Files.createDirectories(rig.dir.resolve("shop/src/cart"));
        Files.writeString(root.resolve("checkout.ts"), "import { chargeCard } from './gateway';\n"
                + "export function checkout(cart: Cart) { return chargeCard(cart); }\n");
        Files.writeString(root.resolve("gateway.ts"), "export function chargeCard(cart: Cart) { return cart.total; }\n");
        new CodeIndexer(rig.t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), rig.clock,
                new LogFile(rig.dir.resolve("index.log"), rig.clock)).index(ApiRig.PROJECT, rig.dir.resolve("shop"), false,
                        CodeIndexer.Progress.NONE);
        viewer(session).get("/graph?project=code/app&file=src/cart/gateway.ts").then().statusCode(200)
                .body("node", equalTo("file")).body("declares.name", hasItem("chargeCard"))
                .body("imported_by.path", hasItem("src/cart/checkout.ts"));
        viewer(session).get("/graph/summary?project=code/app").then().statusCode(200).body("files", equalTo(2));
    }
}
