package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.MemoryRow;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The exact bytes of the HTTP bodies that are not a service's record as it comes (health, jobs, a memory with its
 * freshness, projects, features, a run, a contradiction, the error envelope): field names, their order, and which
 * fields are null and which absent. The CLI's --json and the viewer's page read these shapes.
 */
class ApiBodiesTest {

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private String body(Response r, int status) {
        r.then().statusCode(status);
        return r.asString().replace(rig.dir.toString(), "DIR");
    }

    @Test
    void healthListsTheServersFactsThenTheAddedSections() {
        String body = body(rig.http().get("/health"), 200).replaceFirst("\"version\":\"[^\"]*\"", "\"version\":\"V\"")
                .replaceFirst("\"pid\":\\d+", "\"pid\":1").replaceFirst("\"started_at\":\"[^\"]*\"", "\"started_at\":\"T\"")
                .replaceFirst("\"uptime_seconds\":\\d+", "\"uptime_seconds\":2").replaceFirst("\"schema_version\":\\d+",
                        "\"schema_version\":9");
        assertThat(body).isEqualTo("{\"status\":\"ok\",\"version\":\"V\",\"pid\":1,\"started_at\":\"T\",\"uptime_seconds\":2,"
                + "\"db\":\"DIR/memory.db\",\"schema_version\":9,\"socket\":\"DIR/serve.sock\",\"host\":\"127.0.0.1\","
                + "\"tcp_port\":null,\"tcp_problem\":null,\"hook_requests\":0,\"jobs\":{\"pending\":0,\"running\":0,\"done\":0,"
                + "\"dead\":0,\"cancelled\":0},\"jobs_running_here\":0,\"event_streams\":0,\"spool_pending\":0,"
                + "\"events_held_in_memory\":0,\"events_dropped_from_memory\":0,\"semantic\":\"off: no model\"}");
    }

    @Test
    void jobsAnswerInTheShapesOfTheJobsCommand() {
        assertThat(body(rig.http().get("/jobs"), 200)).isEqualTo("{\"statuses\":[\"pending\",\"running\",\"dead\"],"
                + "\"kind\":null,\"jobs\":[],\"counts\":{\"pending\":0,\"running\":0,\"done\":0,\"dead\":0,\"cancelled\":0}}");
        assertThat(body(rig.http().get("/jobs?status=all&kind=prune"), 200)).isEqualTo("{\"statuses\":[\"all\"],"
                + "\"kind\":\"prune\",\"jobs\":[],\"counts\":{\"pending\":0,\"running\":0,\"done\":0,\"dead\":0,\"cancelled\":0}}");
        assertThat(body(rig.http().post("/jobs/retry-dead"), 200)).isEqualTo("{\"changes\":[]}");
        long job = rig.jobQueue.prune(ApiRig.PROJECT).id();
        String cancelled = body(rig.http().post("/jobs/" + job + "/cancel"), 200);
        assertThat(cancelled).startsWith("{\"changes\":[{").endsWith("}]}");
        assertThat(fieldNames(cancelled)).containsExactly("changes");
        // Map.of's order changed from one run to the next; the record fixes it as the CLI prints it
        assertThat(body(rig.http().delete("/jobs/dead"), 200)).isEqualTo("{\"purged\":0,\"older_than_days\":\"all\"}");
        assertThat(body(rig.http().delete("/jobs/dead?older_than_days=7"), 200))
                .isEqualTo("{\"purged\":0,\"older_than_days\":7}");
    }

    @Test
    void aMemoryComesWithItsFreshnessNullWhenItHasNoProject() {
        MemoryRow m = rig.memory(MemoryKind.DECISION, null, "Tabs", "Use tabs in Makefiles");
        assertThat(body(rig.http().get("/memories/" + m.id()), 200))
                .isEqualTo("{\"memory\":" + JsonOutput.write(rig.memories.show(m.id())) + ",\"freshness\":null}");
    }

    @Test
    void aContradictionIsTheAddResultFollowedByTheErrorEnvelope() {
        Map<String, Object> first = Map.of("kind", "gotcha", "project", ApiRig.PROJECT, "title", "CI timezone", "content",
                "CartTest needs TZ=UTC");
        int id = rig.http().contentType(ContentType.JSON).body(first).post("/memories").then().statusCode(201).extract()
                .path("memory.id");
        String body = body(rig.http().contentType(ContentType.JSON).body(Map.of("kind", "gotcha", "project", ApiRig.PROJECT,
                "title", "CI timezone", "content", "CartTest needs TZ=Europe/Paris")).post("/memories"), 409);
        assertThat(fieldNames(body)).containsExactly("outcome", "memory", "conflicts", "superseded", "error");
        assertThat(body).contains("\"memory\":null,").endsWith(",\"error\":{\"code\":\"contradiction\",\"message\":\"not stored: "
                + "it may contradict memory " + id + " (see conflicts)\",\"fix\":\"send it again with \\\"supersedes\\\": " + id
                + " to replace it, or \\\"keep_both\\\": true\"}}");
    }

    @Test
    void theErrorEnvelopeHasCodeMessageAndFix() {
        assertThat(body(rig.http().get("/memories/99"), 404)).isEqualTo("{\"error\":{\"code\":\"not_found\",\"message\":"
                + "\"no memory with id 99\",\"fix\":\"eagle-mem memories list   (or --forgotten for forgotten ones)\"}}");
    }

    @Test
    void theViewersProjectsFeaturesAndRunBodies() throws IOException, InterruptedException {
        String session = rig.login();
        rig.memory(MemoryKind.DECISION, ApiRig.PROJECT, "Money", "Money is integer cents");
        // Map.of's order changed from one run to the next; the record fixes it
        assertThat(body(viewer(session).get("/projects"), 200))
                .isEqualTo("{\"projects\":[\"code/app\"],\"timezone\":\"Etc/UTC\"}");
        assertThat(body(viewer(session).get("/features?project=code/other"), 200))
                .isEqualTo("{\"project\":\"code/other\",\"root\":null,\"features\":[],\"pending\":[]}");

        Path root = Files.createDirectories(rig.dir.resolve("repo"));
        new ProcessBuilder("git", "init", "-q", root.toString()).inheritIO().start().waitFor();
        rig.features.add(ApiRig.PROJECT, root, new FeatureSpec("checkout", "Pays for the cart", List.of("src/cart/**"),
                List.of(), List.of("echo smoke-ok")));
        String features = body(viewer(session).get("/features?project=code/app"), 200);
        assertThat(fieldNames(features)).containsExactly("project", "root", "features", "pending");
        assertThat(features).startsWith("{\"project\":\"code/app\",\"root\":\"DIR/repo\",\"features\":[{");
        String run = body(viewer(session).post("/features/checkout/run?project=code/app"), 200);
        assertThat(fieldNames(run)).containsExactly("result", "output");
        assertThat(run).startsWith("{\"result\":{").contains("smoke-ok");
    }

    private io.restassured.specification.RequestSpecification viewer(String session) {
        return rig.viewer(session);
    }

    private static List<String> fieldNames(String json) {
        try {
            JsonNode node = JsonOutput.mapper().readTree(json);
            List<String> out = new ArrayList<>();
            node.fieldNames().forEachRemaining(out::add);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aTaskIsItsViewThenItsNotesAndAListIsTheProjectThenItsTasks() {
        String task = body(rig.http().contentType(ContentType.JSON).body(Map.of("project", ApiRig.PROJECT, "title", "Ship it"))
                .post("/tasks"), 201);
        String view = "{\"id\":\"t-1\",\"project\":\"code/app\",\"title\":\"Ship it\",\"details\":\"\",\"status\":\"pending\","
                + "\"stale\":false,\"owner_agent\":null,\"owner_session\":null,\"origin\":\"person\",\"origin_ref\":null,"
                + "\"parent_id\":null,\"created_at\":\"2026-11-22T10:00:01.000Z\",\"updated_at\":\"2026-11-22T10:00:01.000Z\","
                + "\"started_at\":null,\"ended_at\":null}";
        assertThat(task).isEqualTo("{\"task\":" + view + ",\"notes\":[]}");
        String list = body(rig.http().queryParam("project", ApiRig.PROJECT).get("/tasks"), 200);
        assertThat(list).isEqualTo("{\"project\":\"code/app\",\"tasks\":[" + view + "]}");
    }
}
