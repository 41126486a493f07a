package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;

import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.MemoryStore;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Memories CRUD over HTTP: the CLI's semantics (outcomes, soft delete, restore), status codes and redaction. */
class MemoryApiTest {

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private io.restassured.response.ValidatableResponse post(Object body) {
        return rig.http().contentType(ContentType.JSON).body(body).post("/memories").then();
    }

    @Test
    void createReadUpdateForgetRestoreRoundTrip() {
        int id = post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "title", "Money is integer cents",
                "content", "Totals are computed in integer cents; never floats.", "files", new String[] { "src/cart.py" }))
                .statusCode(201)
                .header("Location", equalTo("/memories/1"))
                .body("outcome", equalTo("created"))
                .body("memory.kind", equalTo("decision"))
                .body("memory.files", contains("src/cart.py"))
                .body("memory.source_agent", notNullValue())
                .body("conflicts", empty())
                .extract().path("memory.id");

        rig.http().get("/memories/" + id).then().statusCode(200).body("memory.title", equalTo("Money is integer cents"));
        rig.http().get("/memories/mem-" + id).then().statusCode(200).body("memory.id", equalTo(id));
        rig.http().queryParam("project", ApiRig.PROJECT).get("/memories").then().statusCode(200)
                .body("project", equalTo(ApiRig.PROJECT)).body("all_projects", equalTo(false)).body("memories.id", contains(id));
        rig.http().queryParam("kind", "gotcha").get("/memories").then().statusCode(200).body("memories", empty());

        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "title", "Money is integer cents",
                "content", "Totals are computed in integer cents;   never floats.")).statusCode(200)
                .body("outcome", equalTo("duplicate")).body("memory.id", equalTo(id));

        rig.http().contentType(ContentType.JSON)
                .body(Map.of("content", "Totals are integer cents (see ADR 7).", "agent", "claude"))
                .patch("/memories/" + id).then().statusCode(200)
                .body("status", equalTo("updated")).body("memory.revision_count", equalTo(2))
                .body("memory.source_agent", equalTo("claude-code"))
                .body("memory.content", equalTo("Totals are integer cents (see ADR 7)."));
        rig.http().contentType(ContentType.JSON).body(Map.of("content", "Totals are integer cents (see ADR 7)."))
                .patch("/memories/" + id).then().statusCode(200)
                .body("status", equalTo("unchanged")).body("memory.revision_count", equalTo(2));
        rig.http().contentType(ContentType.JSON).body(Map.of("add_files", List.of("src/money.ts")))
                .patch("/memories/" + id).then().statusCode(200)
                .body("status", equalTo("updated")).body("memory.files", contains("src/cart.py", "src/money.ts"));
        rig.http().contentType(ContentType.JSON).body(Map.of("files", List.of("a.ts"), "remove_files", List.of("src/money.ts")))
                .patch("/memories/" + id).then().statusCode(400).body("error.code", equalTo("invalid_input"));

        rig.http().queryParam("reason", "moved to ADR").delete("/memories/" + id).then().statusCode(200)
                .body("status", equalTo("forgotten")).body("memory.delete_reason", equalTo("moved to ADR"));
        rig.http().delete("/memories/" + id).then().statusCode(200).body("status", equalTo("already_forgotten"));
        rig.http().get("/memories").then().body("memories", empty());
        rig.http().queryParam("forgotten", "true").get("/memories").then().body("memories.id", contains(id));
        rig.http().contentType(ContentType.JSON).body(Map.of("title", "x")).patch("/memories/" + id).then().statusCode(409)
                .body("error.code", equalTo("memory_forgotten")).body("error.fix", containsString("restore"));

        rig.http().post("/memories/" + id + "/restore").then().statusCode(200).body("status", equalTo("restored"))
                .body("memory.deleted_at", nullValue());
        rig.http().post("/memories/" + id + "/restore").then().statusCode(200).body("status", equalTo("already_active"));
    }

    @Test
    void aTopicKeyRevisesAndAContradictionIsA409ListingTheConflicts() {
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "topic", "architecture/storage", "content",
                "SQLite in WAL mode"))
                .statusCode(201);
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "topic_key", "architecture/storage", "content",
                "SQLite in WAL mode, one file per user")).statusCode(200).body("outcome", equalTo("updated"))
                .body("memory.revision_count", equalTo(2));

        int first = post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "CI timezone", "content",
                "CartTest needs TZ=UTC")).statusCode(201).extract().path("memory.id");
        post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "CI timezone", "content",
                "CartTest needs TZ=Europe/Paris")).statusCode(409)
                .body("outcome", equalTo("contradiction"))
                .body("memory", nullValue())
                .body("conflicts.id", contains(first))
                .body("error.code", equalTo("contradiction"))
                .body("error.fix", containsString("\"supersedes\": " + first));
        post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "CI timezone", "content",
                "CartTest needs TZ=Europe/Paris", "supersedes", "mem-" + first)).statusCode(201)
                .body("superseded", equalTo(first));
        rig.http().get("/memories/" + first).then().body("memory.deleted_at", notNullValue());
        post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "CI timezone", "content", "Both hold",
                "keep_both", true)).statusCode(201);
    }

    @Test
    void secretsAreRedactedExactlyAsOnTheCli() {
        String key = "sk-ant-api03-" + "Xq7pLm2Rt9Vw4Ys8Bn3Kd6Fh1Jg5Zc0Ae2Ui7Oy4Tr9We3Qa6Sd1Fg8Hj5Kl2Zx";
        int id = post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "Deploy key",
                "content", "Export ANTHROPIC_API_KEY=" + key + " before deploy <private>my home address</private> then run it"))
                .statusCode(201)
                .body("memory.content", not(containsString(key)))
                .body("memory.content", not(containsString("home address")))
                .body("memory.content", containsString("[REDACTED]"))
                .extract().path("memory.id");
        assertThat(rig.t.db.read(tx -> new MemoryStore().find(tx, id)).orElseThrow().content()).doesNotContain(key)
                .contains("[REDACTED]");

        rig.http().contentType(ContentType.JSON).body(Map.of("title", "Key " + key)).patch("/memories/" + id).then()
                .statusCode(200).body("memory.title", not(containsString(key)));
        assertThat(rig.t.db.read(tx -> new MemoryStore().find(tx, id)).orElseThrow().title()).doesNotContain(key);
    }

    /** The same add as the CLI and MCP: cues given with the memory are stored with it, tidied and redacted. */
    @Test
    void cuesComeWithTheMemoryAndAreStoredInItsTransaction() {
        int id = post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "content", "Cron runs in local time: DST fires jobs"
                + " twice", "cues", List.of("the weekly email went out twice", "token ghp_0123456789abcdefghijklmnopqrstuvwxyz")))
                .statusCode(201).body("cues", contains("the weekly email went out twice", "token [REDACTED]"))
                .extract().path("memory.id");
        assertThat(rig.t.db.read(tx -> new CueStore().find(tx, id)).orElseThrow().cues()).hasSize(2);
        post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "content", "No cues here")).statusCode(201)
                .body("$", not(hasKey("cues")));
        post(Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "content", "Blank cues", "cues", List.of(" "))).statusCode(400)
                .body("error.message", containsString("every cue given was empty"));
    }

    @Test
    void personalMemoriesNeedNoProject() {
        post(Map.of("kind", "preference", "scope", "personal", "content", "I prefer small commits")).statusCode(201)
                .body("memory.scope", equalTo("personal")).body("memory.project", nullValue());
        rig.http().queryParam("project", "code/anything").get("/memories").then().body("memories.scope", contains("personal"));
    }

    @Test
    void badBodiesAndIdsAreInvalidInputWithAFix() {
        post(Map.of("project", ApiRig.PROJECT, "content", "x")).statusCode(400).body("error.message", containsString("'kind'"))
                .body("error.fix", containsString("\"kind\""));
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "titel", "typo", "content", "x")).statusCode(400)
                .body("error.message", containsString("'titel'")).body("error.fix", containsString("title"));
        post("{not json").statusCode(400).body("error.code", equalTo("invalid_input"));
        rig.http().post("/memories").then().statusCode(400).body("error.message", containsString("JSON object"));
        post("null").statusCode(400);
        post(Map.of("kind", "decision", "content", "x")).statusCode(400).body("error.fix", containsString("\"project\""));
        post(Map.of("kind", "decree", "project", ApiRig.PROJECT, "content", "x")).statusCode(400)
                .body("error.fix", containsString("decision"));
        post(Map.of("kind", "decision", "scope", "team", "project", ApiRig.PROJECT, "content", "x")).statusCode(400);
        post(Map.of("kind", "feedback", "project", ApiRig.PROJECT, "situation", "s")).statusCode(400)
                .body("error.message", containsString("behavior"));
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "content", "x", "supersedes", 1, "keep_both", true))
                .statusCode(400);
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "content", "x", "session_id", "no-such-session"))
                .statusCode(400).body("error.fix", containsString("/sessions"));
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "content", "x", "agent", "robot")).statusCode(400);
        post(Map.of("kind", "decision", "project", ApiRig.PROJECT, "content", "x", "supersedes", 99)).statusCode(404);

        rig.http().get("/memories/99").then().statusCode(404).body("error.code", equalTo("not_found"));
        rig.http().get("/memories/sum-1").then().statusCode(400).body("error.message", containsString("memory id"));
        rig.http().delete("/memories/abc").then().statusCode(400);
        rig.http().contentType(ContentType.JSON).body("{}").patch("/memories/5").then().statusCode(404);
        rig.http().queryParam("kind", "decree").get("/memories").then().statusCode(400);
    }
}
