package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Orchestration lanes over HTTP on the real server: status, add, spawn (a real detached worker process, a stand-in for
 * codex on PATH), the log tail, sync, moves by hand and the handoff; status codes and the error envelope.
 */
class LaneApiTest {

    private ApiRig rig;
    private Path work;

    @BeforeEach
    void start() throws IOException {
        rig = new ApiRig();
        work = Files.createDirectories(rig.dir.resolve("work")); // not a git repository: lanes need no_worktree
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private ValidatableResponse post(String path, Map<String, Object> body) {
        var request = rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT);
        return (body == null ? request : request.body(body)).post(path).then();
    }

    private ValidatableResponse addLane(String key, String validate) {
        return post("/lanes", Map.of("key", key, "scope", "Write pay.txt", "validate", validate));
    }

    @Test
    void statusIsEmptyAtFirstAndAddNeedsAnOrchestration() {
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT)).body("orchestration", nullValue());
        addLane("api", "true").statusCode(404).body("error.code", equalTo("not_found"))
                .body("error.message", containsString("no active orchestration"));
        rig.http().get("/orchestration").then().statusCode(400).body("error.message", containsString("which project"));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration/handoff").then().statusCode(404);

        rig.orchestrate.init(ApiRig.PROJECT, "Split the payment work", work);
        addLane("api", "test -s pay.txt").statusCode(201).header("Location", equalTo("/lanes/api?project=code/app"))
                .body("lane.key", equalTo("api")).body("lane.status", equalTo("pending"))
                .body("lane.agent", equalTo("codex")).body("lane.next", equalTo("eagle-mem orchestrate spawn api"));
        addLane("api", "true").statusCode(409).body("error.message", containsString("already exists"));
        addLane("bad key", "true").statusCode(400);
        post("/lanes", Map.of("scope", "x")).statusCode(400).body("error.message", containsString("'key' is required"));
        post("/lanes", Map.of("key", "x", "colour", "red")).statusCode(400)
                .body("error.message", containsString("unknown field 'colour'"));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration").then().statusCode(200)
                .body("orchestration.goal", equalTo("Split the payment work"))
                .body("orchestration.lanes.key", equalTo(List.of("api")));
    }

    @Test
    void anUnknownLaneIs404NamingTheStatusRoute() {
        rig.orchestrate.init(ApiRig.PROJECT, "Split the payment work", work);
        for (ValidatableResponse r : List.of(post("/lanes/nope/spawn", null), post("/lanes/nope/sync", null),
                rig.http().queryParam("project", ApiRig.PROJECT).get("/lanes/nope/log").then(),
                rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT)
                        .body(Map.of("status", "cancelled")).patch("/lanes/nope").then())) {
            r.statusCode(404).body("error.code", equalTo("not_found")).body("error.message", containsString("no lane 'nope'"))
                    .body("error.fix", containsString("GET /orchestration"));
        }
    }

    @Test
    void aSpawnedWorkerRunsDetachedItsLogTailsRedactedAndSyncCompletesTheLane() throws Exception {
        rig.orchestrate.init(ApiRig.PROJECT, "Split the payment work", work);
        addLane("api", "test -s pay.txt").statusCode(201);

        post("/lanes/api/spawn", Map.of("dry_run", true)).statusCode(400)
                .body("error.message", containsString("not in a git repository"))
                .body("error.fix", containsString("--no-worktree"));
        post("/lanes/api/spawn", Map.of("dry_run", true, "no_launch", true)).statusCode(400);
        post("/lanes/api/spawn", Map.of("dry_run", true, "no_worktree", true)).statusCode(200)
                .body("mode", equalTo("dry_run")).body("pid", nullValue());
        rig.http().queryParam("project", ApiRig.PROJECT).get("/lanes/api/log").then().statusCode(200)
                .body("log", nullValue()).body("exists", equalTo(false)).body("lines", hasSize(0));

        // serve's own route: the worker is serve's job, bounded by orchestrate.max_workers like the CLI's spawn
        int job = post("/lanes/api/spawn", Map.of("no_worktree", true)).statusCode(200)
                .body("mode", equalTo("queued")).body("pid", nullValue()).body("agent", equalTo("codex"))
                .body("job.deduplicated", equalTo(false)).body("job.max_workers", equalTo(2)).extract().path("job.id");
        post("/lanes/api/spawn", Map.of("no_worktree", true)).statusCode(200).body("job.id", equalTo(job))
                .body("job.deduplicated", equalTo(true));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration").then().statusCode(200)
                .body("orchestration.lanes[0].status", equalTo("pending"));
        assertThat(rig.runLaneJobs().jobs()).singleElement()
                .satisfies(o -> assertThat(o.detail()).startsWith("started the codex worker of lane api"));
        String runDir = rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration").then().statusCode(200)
                .body("orchestration.lanes[0].status", equalTo("running"))
                .body("orchestration.lanes[0].attempt.pid", notNullValue()).extract()
                .path("orchestration.lanes[0].attempt.run_dir");
        Path exit = Path.of(runDir, "exit_code");
        for (int i = 0; i < 200 && !Files.exists(exit); i++) {
            Thread.sleep(100);
        }
        assertThat(exit).as("the worker ended").exists();

        List<String> tail = rig.http().queryParam("project", ApiRig.PROJECT).queryParam("lines", 3)
                .get("/lanes/api/log").then().statusCode(200).body("exists", equalTo(true))
                .body("truncated", equalTo(true)).body("status", equalTo("running")).extract().path("lines");
        assertThat(tail).hasSize(3).last().isEqualTo("final: done");
        assertThat(tail.get(1)).startsWith("using key ").doesNotContain("AAAAAAAAAAAA");
        assertThat(Files.readString(Path.of(runDir, "worker.log"))).as("the file keeps what the worker wrote")
                .contains("AAAAAAAAAAAA");
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("lines", 0).get("/lanes/api/log").then()
                .statusCode(400);
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("lines", 501).get("/lanes/api/log").then()
                .statusCode(400);

        post("/orchestration/sync", null).statusCode(200).body("lanes.key", equalTo(List.of("api")))
                .body("lanes[0].before", equalTo("running")).body("lanes[0].after", equalTo("completed"));
        assertThat(work.resolve("pay.txt")).hasContent("paid");
        post("/lanes/api/sync", null).statusCode(200).body("lanes[0].after", equalTo("completed"))
                .body("lanes[0].message", containsString("nothing new"));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration").then().statusCode(200)
                .body("orchestration.lanes[0].status", equalTo("completed"))
                .body("orchestration.lanes[0].attempt.exit_code", equalTo(0))
                .body("orchestration.lanes[0].attempt.validation_exit", equalTo(0));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/orchestration/handoff").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT))
                .body("markdown", containsString("### api")).body("markdown", containsString("- Status: completed"));
    }

    @Test
    void aLaneIsMovedByHandWithItsNoteAndFinalStatesStayFinal() {
        rig.orchestrate.init(ApiRig.PROJECT, "Split the payment work", work);
        addLane("docs", "true").statusCode(201);
        var patch = rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT);
        patch.body(Map.of("status", "done")).patch("/lanes/docs").then().statusCode(400)
                .body("error.message", containsString("unknown lane status 'done'"));
        patch.body(Map.of("note", "x")).patch("/lanes/docs").then().statusCode(400)
                .body("error.message", containsString("'status' is required"));
        patch.body(Map.of("status", "cancelled", "note", "not needed")).patch("/lanes/docs").then().statusCode(200)
                .body("lane.status", equalTo("cancelled"));
        patch.body(Map.of("status", "running")).patch("/lanes/docs").then().statusCode(409);
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("all", true).get("/tasks").then().statusCode(200)
                .body("tasks.status", hasItem("cancelled"));
    }
}
