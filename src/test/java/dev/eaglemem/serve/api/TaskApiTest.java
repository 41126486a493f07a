package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.util.Map;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tasks over HTTP on the real server: list, show, add, patch, notes, the status codes and the error envelope. */
class TaskApiTest {

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private ValidatableResponse add(Map<String, Object> body) {
        return rig.http().contentType(ContentType.JSON).body(body).post("/tasks").then();
    }

    private ValidatableResponse patch(String id, Map<String, Object> body) {
        return rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT).body(body)
                .patch("/tasks/" + id).then();
    }

    private String added(String title) {
        return add(Map.of("project", ApiRig.PROJECT, "title", title)).statusCode(201).extract().path("task.id");
    }

    @Test
    void addShowPatchAndNoteRoundTrip() {
        String id = add(Map.of("project", ApiRig.PROJECT, "title", "Ship the export", "details", "CSV first"))
                .statusCode(201)
                .header("Location", equalTo("/tasks/t-1?project=" + ApiRig.PROJECT))
                .body("task.id", equalTo("t-1"))
                .body("task.status", equalTo("pending"))
                .body("task.origin", equalTo("person"))
                .body("task.owner_agent", nullValue())
                .body("notes", empty())
                .extract().path("task.id");

        rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks/" + id).then().statusCode(200)
                .body("task.title", equalTo("Ship the export")).body("task.details", equalTo("CSV first"));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks/1").then().statusCode(200).body("task.id", equalTo(id));

        patch(id, Map.of("title", "Ship the CSV export", "status", "in_progress")).statusCode(200)
                .body("task.title", equalTo("Ship the CSV export")).body("task.status", equalTo("in_progress"))
                .body("task.started_at", notNullValue());
        patch(id, Map.of("status", "blocked", "note", "waiting for review")).statusCode(200)
                .body("task.status", equalTo("blocked")).body("notes.kind", contains("blocked"))
                .body("notes.text", contains("waiting for review"));
        rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT).body(Map.of("text", "review booked"))
                .post("/tasks/" + id + "/notes").then().statusCode(201)
                .body("notes.text", contains("waiting for review", "review booked"));
        patch(id, Map.of("status", "completed")).statusCode(200).body("task.status", equalTo("completed"))
                .body("task.ended_at", notNullValue());
    }

    @Test
    void listShowsOpenTasksByDefaultAndFiltersByStatusAllAndQuery() {
        String pending = added("Pending work");
        String started = added("Started work");
        String done = added("Finished work about invoices");
        patch(started, Map.of("status", "in_progress")).statusCode(200);
        patch(done, Map.of("status", "completed")).statusCode(200);

        rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT)).body("tasks.id", contains(started, pending));
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("all", "true").get("/tasks").then().statusCode(200)
                .body("tasks.id", containsInAnyOrder(started, pending, done));
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("status", "completed,pending").get("/tasks").then()
                .statusCode(200).body("tasks.id", containsInAnyOrder(pending, done));
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("q", "invoices").get("/tasks").then().statusCode(200)
                .body("tasks.id", contains(done));
        rig.http().queryParam("project", "code/other").get("/tasks").then().statusCode(200).body("tasks", empty());
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("status", "done").get("/tasks").then().statusCode(400)
                .body("error.code", equalTo("invalid_input")).body("error.message", containsString("unknown task status"));
        rig.http().queryParam("project", ApiRig.PROJECT).queryParam("status", "pending").queryParam("all", "true")
                .get("/tasks").then().statusCode(400);
        rig.http().get("/tasks").then().statusCode(400).body("error.message", containsString("which project"));
    }

    @Test
    void anUnknownTaskIs404WithTheErrorEnvelopeAndABadIdIs400() {
        String other = add(Map.of("project", "code/other", "title", "Elsewhere")).statusCode(201).extract().path("task.id");
        for (String id : new String[] { "t-404", other }) {
            rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks/" + id).then().statusCode(404)
                    .body("error.code", equalTo("not_found")).body("error.message", containsString("no task " + id))
                    .body("error.fix", containsString("GET /tasks"));
            patch(id, Map.of("note", "x")).statusCode(404).body("error.code", equalTo("not_found"));
            rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT).body(Map.of("text", "x"))
                    .post("/tasks/" + id + "/notes").then().statusCode(404);
        }
        rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks/mem-3").then().statusCode(400)
                .body("error.fix", containsString("GET /tasks"));
        add(Map.of("project", ApiRig.PROJECT, "title", "child", "parent", "t-999")).statusCode(404);
    }

    @Test
    void bodiesAreCheckedAndWhatIsStoredIsRedacted() {
        add(Map.of("project", ApiRig.PROJECT)).statusCode(400).body("error.message", containsString("'title' is required"));
        add(Map.of("project", ApiRig.PROJECT, "title", "x", "owner", "me")).statusCode(400)
                .body("error.message", containsString("unknown field 'owner'"));
        add(Map.of("title", "no project")).statusCode(400);
        add(Map.of("project", ApiRig.PROJECT, "title", "x", "agent", "nobody")).statusCode(400);
        String id = add(Map.of("project", ApiRig.PROJECT, "title", "Agent task", "agent", "codex", "session_id", "s-1",
                "status", "in_progress", "details", "token sk-ant-api03-" + "a".repeat(40))).statusCode(201)
                .body("task.origin", equalTo("agent:codex")).body("task.owner_agent", equalTo("codex"))
                .body("task.owner_session", equalTo("s-1")).body("task.details", not(containsString("aaaa")))
                .extract().path("task.id");
        patch(id, Map.of()).statusCode(400).body("error.message", containsString("nothing to update"));
        rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT).body(Map.of("text", " "))
                .post("/tasks/" + id + "/notes").then().statusCode(400);
        String note = rig.http().contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT)
                .body(Map.of("text", "password=hunter2hunter2")).post("/tasks/" + id + "/notes").then().statusCode(201)
                .extract().path("notes[0].text");
        assertThat(note).doesNotContain("hunter2hunter2");
    }

    @Test
    void theViewersCookieMayChangeATaskFromItsOwnPageOnly() {
        String id = added("From the viewer");
        String session = rig.login();
        rig.viewer(session).contentType(ContentType.JSON).queryParam("project", ApiRig.PROJECT)
                .body(Map.of("status", "in_progress")).patch("/tasks/" + id).then().statusCode(200)
                .body("task.status", equalTo("in_progress"));
        rig.anonymous().cookie("eagle_mem_viewer", session).contentType(ContentType.JSON)
                .queryParam("project", ApiRig.PROJECT).body(Map.of("status", "cancelled")).patch("/tasks/" + id).then()
                .statusCode(403).body("error.code", equalTo("forbidden_origin"));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks/" + id).then().body("task.status",
                equalTo("in_progress"));
    }
}
