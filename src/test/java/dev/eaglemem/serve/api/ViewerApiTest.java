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
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

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
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.ProjectStore;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
        return rig.login();
    }

    private RequestSpecification viewer(String session) {
        return rig.viewer(session);
    }

    /** The viewer's cookie, sent from a page of another site (a browser adds that page's Origin). */
    private RequestSpecification foreign(String session) {
        return rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", "https://evil.example");
    }

    private RequestSpecification forged() {
        return rig.anonymous().cookie("eagle_mem_viewer", "forged-0123456789abcdefghijklmnopqrstuvwxyz");
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
        rig.recall.prompt(new RecallService.Audience("s1", ApiRig.PROJECT, "codex", false),
                "does the release gate cover npm publish?");
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
        // two files of the feature changed in the working tree: GET /features records them as open checks (as
        // feature pending does), from the project directory the hooks recorded
        Path root = checkoutRepo(List.of("echo smoke-ok"));

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

    /** A git repository under the rig's directory with feature checkout over src/cart/**, its two files changed. */
    private Path checkoutRepo(List<String> smokeTests) throws IOException, InterruptedException {
        Path root = Files.createDirectories(rig.dir.resolve("repo"));
        new ProcessBuilder("git", "init", "-q", root.toString()).inheritIO().start().waitFor();
        rig.features.add(ApiRig.PROJECT, root, new FeatureSpec("checkout", "Pays for the cart", List.of("src/cart/**"),
                List.of(), smokeTests));
        Files.createDirectories(root.resolve("src/cart"));
        Files.writeString(root.resolve("src/cart/total.ts"), "export const total = 1;\n");
        Files.writeString(root.resolve("src/cart/tax.ts"), "export const tax = 0;\n");
        return root;
    }

    @Test
    void aRefusedRunOfTheSmokeTestsRunsNothingAndOnlyTheViewersOwnPageRunsThem() throws IOException, InterruptedException {
        String session = login();
        Path marker = rig.dir.resolve("smoke-ran");
        checkoutRepo(List.of("touch " + marker));
        String run = "/features/checkout/run?project=code/app";

        rig.anonymous().post(run).then().statusCode(401).body("error.code", equalTo("token_required"));
        forged().post(run).then().statusCode(401).body("error.code", equalTo("login_required"));
        foreign(session).post(run).then().statusCode(403).body("error.code", equalTo("forbidden_origin"));
        rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", "http://127.0.0.1:" + (rig.port() + 1))
                .post(run).then().statusCode(403).body("error.code", equalTo("forbidden_origin"));
        rig.anonymous().cookie("eagle_mem_viewer", session).post(run).then().statusCode(403)
                .body("error.code", equalTo("forbidden_origin"));
        // a DNS-rebinding page: this server's Origin on the wire, but another name in Host
        rig.anonymous().cookie("eagle_mem_viewer", session).header("Origin", rig.origin())
                .header("Host", "rebound.example:" + rig.port()).post(run).then().statusCode(403)
                .body("error.code", equalTo("forbidden_host"));
        assertThat(marker).as("no refused request ran the smoke test").doesNotExist();
        viewer(session).get("/features?project=code/app").then().statusCode(200)
                .body("features[0].last_verified_at", nullValue()).body("pending", hasSize(2));

        viewer(session).post(run).then().statusCode(200).body("result.passed", equalTo(true))
                .body("output", containsString("touch " + marker));
        assertThat(marker).as("the viewer's own request runs it").exists();
    }

    /** One request of the table below: method, path and JSON body (null for none). */
    private record Call(String method, String path, String body) {

        Response send(RequestSpecification spec) {
            RequestSpecification s = body == null ? spec : spec.contentType(ContentType.JSON).body(body);
            return s.request(method, path);
        }
    }

    @Test
    void waiveGraphSummaryReplayAndLogoutRefuseNoCookieAForgedOneAndAForeignOrigin() throws IOException, InterruptedException {
        String session = login();
        checkoutRepo(List.of("true"));
        long check = viewer(session).get("/features?project=code/app").then().statusCode(200).extract()
                .<Integer>path("pending[0].id");
        rig.prompt("s1", ApiRig.PROJECT, "tidy the cart");
        Call waive = new Call("POST", "/checks/" + check + "/waive?project=code/app", "{\"reason\":\"comment-only change\"}");
        List<Call> calls = List.of(waive, new Call("GET", "/graph/summary?project=code/app", null),
                new Call("GET", "/replay/s1", null), new Call("POST", "/viewer/logout", null));

        for (Call call : calls) {
            call.send(rig.anonymous()).then().statusCode(401);
            call.send(forged()).then().statusCode(401).body("error.code", equalTo("login_required"));
            call.send(foreign(session)).then().statusCode(403).body("error.code", equalTo("forbidden_origin"));
        }
        // nothing changed: the check is open, and the session still works
        viewer(session).get("/features?project=code/app").then().statusCode(200).body("pending.id", hasItem((int) check));

        waive.send(viewer(session)).then().statusCode(200).body("status", equalTo("waived"));
        viewer(session).get("/graph/summary?project=code/app").then().statusCode(200).body("files", equalTo(0));
        viewer(session).get("/replay/s1").then().statusCode(200).body("steps.kind", contains("prompt"));
        new Call("POST", "/viewer/logout", null).send(viewer(session)).then().statusCode(200).body("logged_out", equalTo(true));
        viewer(session).get("/replay/s1").then().statusCode(401).body("error.code", equalTo("login_required"));
    }

    /** A prune job of {@code project} that ran out of attempts: claimed, then failed for good. */
    private long deadJob(String project) {
        long id = rig.jobQueue.prune(project).id();
        JobStore store = new JobStore();
        rig.t.db.write(tx -> {
            JobRow claimed = store.claim(tx, 10, Instant.parse("2100-01-01T00:00:00Z"), "test", rig.clock.instant()).stream()
                    .filter(j -> j.id() == id).findFirst().orElseThrow();
            return store.fail(tx, claimed, "no job kind 'reindex-v9' in this eagle-mem", null, rig.clock.instant());
        });
        return id;
    }

    @Test
    void jobsRetryCancelAndPurgeDeadThroughTheViewerCookieAndNotWithoutItOrFromAnotherSite() {
        String session = login();
        long dead = deadJob(ApiRig.PROJECT);
        long other = deadJob("code/other");
        long pending = rig.jobQueue.enrichSummary(ApiRig.PROJECT, "s1").id();
        List<Call> actions = List.of(new Call("POST", "/jobs/" + dead + "/retry", null),
                new Call("POST", "/jobs/" + pending + "/cancel", null), new Call("DELETE", "/jobs/dead", null),
                new Call("POST", "/jobs/retry-dead", null));

        for (Call call : actions) {
            call.send(rig.anonymous()).then().statusCode(401);
            call.send(forged()).then().statusCode(401).body("error.code", equalTo("login_required"));
            call.send(foreign(session)).then().statusCode(403).body("error.code", equalTo("forbidden_origin"));
            call.send(rig.anonymous().cookie("eagle_mem_viewer", session)).then().statusCode(403)
                    .body("error.code", equalTo("forbidden_origin"));
        }
        viewer(session).get("/jobs?status=all").then().statusCode(200).body("counts.dead", equalTo(2))
                .body("counts.pending", equalTo(1));

        viewer(session).post("/jobs/" + dead + "/retry").then().statusCode(200)
                .body("changes[0].status", equalTo("retried")).body("changes[0].job.status", equalTo("pending"));
        viewer(session).post("/jobs/job-" + pending + "/cancel").then().statusCode(200)
                .body("changes[0].status", equalTo("cancelled"));
        viewer(session).delete("/jobs/dead").then().statusCode(200).body("purged", equalTo(1));
        viewer(session).get("/jobs?status=all").then().statusCode(200).body("jobs.id", not(hasItem((int) other)))
                .body("counts.dead", equalTo(0)).body("counts.pending", equalTo(1)).body("counts.cancelled", equalTo(1));
    }
}
