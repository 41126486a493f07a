package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.embed.NoModel;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.search.SearchRequest;
import dev.eaglemem.serve.control.SocketClient;
import dev.eaglemem.store.Migrations;
import dev.eaglemem.store.RecallEvent;
import dev.eaglemem.store.RecallStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The JSON API against the real server: access control, every read endpoint, and bad input. */
class ServeApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    /** Session s1 of code/app: prompt, two tool calls, a memory, the summary; one tool call of another project between. */
    private void seedSession() {
        rig.prompt("s1", ApiRig.PROJECT, "make the release gate cover npm publish");
        rig.toolCall("s1", ApiRig.PROJECT, "npm test");
        rig.toolCall("other-1", "code/other", "cargo build");
        rig.toolCall("s1", ApiRig.PROJECT, "git diff");
        rig.memory(MemoryKind.DECISION, ApiRig.PROJECT, "Release gate covers npm publish",
                "npm publish is a release command; the gate blocks it until features are verified");
        rig.summary("s1", ApiRig.PROJECT, "Release gate for npm publish", "The gate now blocks npm publish");
    }

    @Test
    void tcpRequestsNeedTheTokenInEitherHeader() {
        rig.anonymous().get("/health").then().statusCode(401).body("error.code", equalTo("token_required"))
                .body("error.fix", containsString("X-Eagle-Token"));
        rig.anonymous().header("X-Eagle-Token", "wrong").get("/memories").then().statusCode(401);
        rig.anonymous().header("X-Eagle-Token", ApiRig.TOKEN).get("/health").then().statusCode(200);
        rig.anonymous().header("Authorization", "Bearer " + ApiRig.TOKEN).get("/health").then().statusCode(200);
    }

    @Test
    void aForeignOriginIsRefusedEvenWithTheTokenAndTheServersOwnOriginIsNot() {
        rig.http().header("Origin", "https://evil.example").get("/memories").then().statusCode(403)
                .body("error.code", equalTo("forbidden_origin"));
        rig.http().header("Origin", "http://127.0.0.1:" + (rig.port() + 1)).get("/health").then().statusCode(403);
        rig.http().header("Origin", "http://127.0.0.1:" + rig.port()).get("/health").then().statusCode(200);
        rig.http().header("Origin", "http://localhost:" + rig.port()).get("/health").then().statusCode(200);
    }

    @Test
    void theUnixSocketNeedsNoToken() throws Exception {
        rig.memory(MemoryKind.GOTCHA, ApiRig.PROJECT, "CartTest needs TZ=UTC", "CartTest fails on CI unless TZ=UTC");
        SocketClient.Response health = SocketClient.request(rig.socket(), "GET", "/health", null, Duration.ofSeconds(10))
                .orElseThrow();
        assertThat(health.status()).isEqualTo(200);
        assertThat(JSON.readTree(health.body()).get("status").asText()).isEqualTo("ok");
        SocketClient.Response list = SocketClient.request(rig.socket(), "GET", "/memories?project=code/app", null,
                Duration.ofSeconds(10)).orElseThrow();
        assertThat(list.status()).isEqualTo(200);
        assertThat(JSON.readTree(list.body()).get("memories").get(0).get("title").asText()).isEqualTo("CartTest needs TZ=UTC");
    }

    @Test
    void statusLineIsWhatTheCommandPrintsForTheCallersProject() {
        rig.memory(MemoryKind.GOTCHA, ApiRig.PROJECT, "CartTest needs TZ=UTC", "CartTest fails on CI unless TZ=UTC");
        rig.http().header("X-Eagle-Env-EAGLE_MEM_PROJECT", ApiRig.PROJECT).body("{\"workspace\":{\"current_dir\":\"/\"}}")
                .post("/statusline").then().statusCode(200).contentType(containsString("text/plain"))
                .body(equalTo("eagle-mem · " + ApiRig.PROJECT + " · 1 memory · 0 sessions\n"));
        rig.http().header("X-Eagle-Cwd", "/").body("not json").post("/statusline").then().statusCode(200)
                .body(equalTo("eagle-mem · no project here\n"));
        rig.anonymous().post("/statusline").then().statusCode(401);
    }

    @Test
    void healthReportsTheServerAndTheAddedSections() {
        rig.http().get("/health").then().statusCode(200)
                .body("status", equalTo("ok"))
                .body("version", equalTo(BuildInfo.version()))
                .body("pid", equalTo((int) ProcessHandle.current().pid()))
                .body("started_at", notNullValue())
                .body("uptime_seconds", notNullValue())
                .body("db", equalTo(rig.t.db.file().toString()))
                .body("schema_version", equalTo(Migrations.LATEST))
                .body("jobs.pending", equalTo(0)).body("semantic", equalTo("off: no model"));
    }

    @Test
    void statusIsWhatTheCliPrints() {
        seedSession();
        rig.http().queryParam("project", ApiRig.PROJECT).get("/status").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT))
                .body("project_counts.observations", equalTo(2))
                .body("project_counts.memories", equalTo(1))
                .body("totals.observations", equalTo(3))
                .body("schema_version", equalTo(Migrations.LATEST));
        rig.http().get("/status").then().statusCode(200).body("project", nullValue()).body("project_counts", nullValue());
        rig.http().queryParam("project", " ").get("/status").then().statusCode(200);
        rig.http().queryParam("project", "a".repeat(300)).get("/status").then().statusCode(400)
                .body("error.code", equalTo("invalid_input")).body("error.message", containsString("project"));
    }

    @Test
    void searchAnswersExactlyWhatSearchJsonPrints() throws Exception {
        seedSession();
        String body = rig.http().queryParam("q", "release gate").queryParam("project", ApiRig.PROJECT).get("/search")
                .then().statusCode(200).extract().asString();
        String cli = JsonOutput.write(NoModel.search(rig.t.db)
                .search(new SearchRequest("release gate", null, ApiRig.PROJECT, 10)));
        assertThat(JSON.readTree(body)).isEqualTo(JSON.readTree(cli));
        assertThat(JSON.readTree(body).get("hits")).extracting(h -> h.get("kind").asText())
                .contains("memory", "summary", "prompt");

        rig.http().queryParam("q", "release").queryParam("type", "decision").get("/search").then().statusCode(200)
                .body("project", nullValue()).body("hits.id", contains("mem-1"));
        rig.http().queryParam("q", "release").queryParam("kind", "decision").get("/search").then().statusCode(200)
                .body("hits.id", contains("mem-1"));
        rig.http().queryParam("q", "release").queryParam("type", "prompt").queryParam("kind", "decision").get("/search")
                .then().statusCode(400).body("error.message", containsString("--kind decision keeps only memories"));
        rig.http().queryParam("q", "release").queryParam("limit", "1").get("/search").then().body("hits", hasSize(1));
    }

    @Test
    void searchRefusesBadInputWithAFix() {
        rig.http().get("/search").then().statusCode(400).body("error.code", equalTo("invalid_input"))
                .body("error.message", containsString("'q'")).body("error.fix", containsString("/search?q="));
        rig.http().queryParam("q", "*()").get("/search").then().statusCode(400).body("error.fix", notNullValue());
        rig.http().queryParam("q", "gate").queryParam("type", "nonsense").get("/search").then().statusCode(400);
        rig.http().queryParam("q", "gate").queryParam("limit", "many").get("/search").then().statusCode(400)
                .body("error.message", containsString("limit"));
        rig.http().queryParam("q", "gate").queryParam("limit", "0").get("/search").then().statusCode(400);
        rig.http().queryParam("q", "gate").queryParam("project", ApiRig.PROJECT).queryParam("all_projects", "true")
                .get("/search").then().statusCode(400).body("error.message", containsString("all_projects"));
        rig.http().queryParam("q", "gate").queryParam("all_projects", "maybe").get("/search").then().statusCode(400);
    }

    @Test
    void timelineInterleavesTheProjectsRecordsAroundTheAnchor() {
        seedSession();
        rig.http().queryParam("id", "obs-1").queryParam("before", "5").queryParam("after", "5").get("/timeline")
                .then().statusCode(200)
                .body("anchor", equalTo("obs-1"))
                .body("anchor_index", equalTo(1))
                .body("project", equalTo(ApiRig.PROJECT))
                .body("items.id", contains("prm-1", "obs-1", "obs-3", "mem-1", "sum-1"))
                .body("items[2].title", equalTo("Bash"))
                .body("items[2].snippet", equalTo("git diff"))
                .body("items[3].memory_kind", equalTo("decision"))
                .body("items.project", everyItem(equalTo(ApiRig.PROJECT)));
        rig.http().queryParam("id", "mem-1").queryParam("before", "1").queryParam("after", "0").get("/timeline")
                .then().statusCode(200).body("items.id", contains("obs-3", "mem-1")).body("anchor_index", equalTo(1));
        rig.http().queryParam("id", "sum-1").get("/timeline").then().statusCode(200).body("anchor_index", equalTo(4));
    }

    @Test
    void timelineErrors() {
        rig.http().get("/timeline").then().statusCode(400).body("error.fix", containsString("/timeline?id="));
        rig.http().queryParam("id", "obs-99").get("/timeline").then().statusCode(404).body("error.code", equalTo("not_found"));
        rig.http().queryParam("id", "x-1").get("/timeline").then().statusCode(400).body("error.message", containsString("obs-N"));
        rig.toolCall("s1", ApiRig.PROJECT, "ls");
        rig.http().queryParam("id", "obs-1").queryParam("before", "101").get("/timeline").then().statusCode(400)
                .body("error.message", containsString("before"));
    }

    @Test
    void recordsReturnsEachAsShowPrintsItAndListsTheMissing() {
        seedSession();
        rig.http().queryParam("ids", "mem-1,sum-1, prm-1,obs-3,mem-77").get("/records").then().statusCode(200)
                .body("records.id", contains("mem-1", "sum-1", "prm-1", "obs-3"))
                .body("records.kind", contains("memory", "summary", "prompt", "observation"))
                .body("records[0].memory.title", equalTo("Release gate covers npm publish"))
                .body("records[1].session.id", equalTo("s1"))
                .body("records[3].observation.command", equalTo("git diff"))
                .body("records[3].session.project", equalTo(ApiRig.PROJECT))
                .body("missing", contains("mem-77"));
        rig.http().queryParam("ids", "mem-1").queryParam("ids", "MEM:1").get("/records").then().statusCode(200)
                .body("records", hasSize(1));
    }

    @Test
    void recordsRefusesMalformedAndOversizedBatches() {
        rig.http().get("/records").then().statusCode(400).body("error.fix", containsString("/records?ids="));
        rig.http().queryParam("ids", "mem-1,banana").get("/records").then().statusCode(400)
                .body("error.message", containsString("banana"));
        String tooMany = IntStream.rangeClosed(1, 51).mapToObj(i -> "mem-" + i).collect(Collectors.joining(","));
        rig.http().queryParam("ids", tooMany).get("/records").then().statusCode(400)
                .body("error.message", containsString("at most 50"));
    }

    @Test
    void sessionsListAndShowLikeTheCli() {
        seedSession();
        rig.http().queryParam("project", ApiRig.PROJECT).get("/sessions").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT)).body("all_projects", equalTo(false))
                .body("sessions.session.id", contains("s1"))
                .body("sessions[0].observations", equalTo(2)).body("sessions[0].prompts", equalTo(1));
        rig.http().get("/sessions").then().statusCode(200).body("all_projects", equalTo(true))
                .body("sessions.session.id", contains("s1", "other-1"));
        rig.http().queryParam("limit", "1").get("/sessions").then().body("sessions", hasSize(1));
        rig.http().get("/sessions/s1").then().statusCode(200).body("session.project", equalTo(ApiRig.PROJECT))
                .body("summary.fields.completed", equalTo("The gate now blocks npm publish"));
        rig.http().get("/sessions/nope").then().statusCode(404).body("error.code", equalTo("not_found"))
                .body("error.fix", equalTo("eagle-mem session list"));
    }

    @Test
    void recallEventsNewestFirstFilteredBySessionAndProject() {
        seedSession();
        RecallStore store = new RecallStore();
        rig.t.db.write(tx -> {
            store.insert(tx, new RecallEvent("s1", ApiRig.PROJECT, "codex", "SessionStart", "startup", null, List.of(1L),
                    List.of(), 420, 0, "h1", "injected"), Instant.parse("2026-11-22T11:00:00Z"));
            store.insert(tx, new RecallEvent("s1", ApiRig.PROJECT, "codex", "UserPromptSubmit", null, "release gate",
                    List.of(1L), List.of(1L), 300, 1, null, "injected"), Instant.parse("2026-11-22T11:05:00Z"));
            store.insert(tx, new RecallEvent("other-1", "code/other", "codex", "UserPromptSubmit", null, "cargo", List.of(),
                    List.of(), 0, 0, null, "no_match"), Instant.parse("2026-11-22T11:10:00Z"));
            return null;
        });
        rig.http().get("/recall-events").then().statusCode(200).body("events.session_id", contains("other-1", "s1", "s1"));
        rig.http().queryParam("session", "s1").get("/recall-events").then().statusCode(200)
                .body("session", equalTo("s1"))
                .body("events.hook_event", contains("UserPromptSubmit", "SessionStart"))
                .body("events[0].query", equalTo("release gate"))
                .body("events[0].memory_ids", contains(1))
                .body("events[0].injected_chars", equalTo(300))
                .body("events[0].sections_trimmed", equalTo(1))
                .body("events[0].created_at", equalTo("2026-11-22T11:05:00.000Z"));
        rig.http().queryParam("project", "code/other").get("/recall-events").then().body("events.status", contains("no_match"));
        rig.http().queryParam("limit", "1").get("/recall-events").then().body("events", hasSize(1));
    }

    @Test
    void jobsListRetryCancelAndPurgeLikeTheCli() {
        long prune = rig.jobQueue.prune(ApiRig.PROJECT).id();
        long enrich = rig.jobQueue.enrichSummary(ApiRig.PROJECT, "s1").id();
        rig.http().get("/jobs").then().statusCode(200)
                .body("statuses", equalTo(List.of("pending", "running", "dead")))
                .body("jobs.id", hasItems((int) prune, (int) enrich))
                .body("counts.pending", equalTo(2));
        rig.http().get("/jobs?kind=prune").then().statusCode(200).body("jobs.id", equalTo(List.of((int) prune)));
        rig.http().get("/jobs?status=sleeping").then().statusCode(400).body("error.code", equalTo("invalid_input"));

        rig.http().post("/jobs/" + enrich + "/cancel").then().statusCode(200)
                .body("changes[0].status", equalTo("cancelled"));
        rig.http().post("/jobs/job-" + enrich + "/retry").then().statusCode(200)
                .body("changes[0].status", equalTo("retried"));
        rig.http().post("/jobs/999/cancel").then().statusCode(404).body("error.fix", containsString("jobs list"));
        rig.http().post("/jobs/abc/retry").then().statusCode(400);
        rig.http().delete("/jobs/dead").then().statusCode(200).body("purged", equalTo(0));
        rig.http().post("/jobs/retry-dead").then().statusCode(200).body("changes", equalTo(List.of()));
    }

    @Test
    void unknownEndpointsAnswerWithTheErrorEnvelope() throws Exception {
        String body = rig.http().get("/nope").then().statusCode(404).extract().asString();
        JsonNode error = JSON.readTree(body).get("error");
        assertThat(error.get("code").asText()).isEqualTo("not_found");
        assertThat(error.has("fix")).isTrue();
    }
}
