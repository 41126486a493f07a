package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.TestServices;
import dev.eaglemem.jobs.EnrichRig;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.llm.FakeProviders.Step;
import dev.eaglemem.session.EnrichmentUndo;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code session show} says which fields a model wrote (provider, model, job) and {@code session unenrich} takes them
 * back, in text and JSON, after a real enrich-summary job against a fake OpenAI-compatible server.
 */
class SessionUnenrichCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private EnrichRig rig;
    private JobRow job;

    @BeforeEach
    void enrich() throws Exception {
        rig = new EnrichRig(dir, Instant.parse("2026-11-22T10:00:00Z"));
        rig.fake.then(Step.text(EnrichRig.ANSWER));
        job = rig.session("s1");
        try (JobEngine engine = rig.engine()) {
            assertThat(engine.drain(1).succeeded()).isEqualTo(1);
        }
    }

    @AfterEach
    void close() {
        rig.close();
    }

    private String session(String... args) {
        SessionService sessions = TestServices.on(rig.t.db, rig.clock).sessions();
        EnrichmentUndo undo = new EnrichmentUndo(rig.t.db, new SessionStore(), new SummaryStore(), new EnrichmentStore(),
                new EventStore(), rig.clock);
        StringWriter out = new StringWriter();
        int exit = new CommandLine(new SessionCommand(sessions, undo, null, rig.settings()), CommandTree.WITHOUT_SERVICES)
                .setOut(new PrintWriter(out, true)).execute(args);
        assertThat(exit).as(out.toString()).isZero();
        return out.toString();
    }

    @Test
    void showNamesTheModelAndJobOfEachFieldItWrote() throws Exception {
        String by = "(model: openai gpt-4o-mini-2024-07-18, job " + job.id() + ")";
        String text = session("show", "s1");
        assertThat(text).contains("Request " + by + ":", "Completed " + by + ":", "Decisions " + by + ":",
                "Fields marked (model …) were written by a model; undo: eagle-mem session unenrich s1");
        assertThat(text).as("the digest is not the model's").containsPattern("(?m)^Notes:$");

        JsonNode e = JSON.readTree(session("show", "s1", "--json")).get("enrichments").get(0);
        assertThat(e.get("job_id").asLong()).isEqualTo(job.id());
        assertThat(e.get("source").asText()).isEqualTo("enrich");
        assertThat(e.get("provider").asText()).isEqualTo("openai");
        assertThat(e.get("model").asText()).isEqualTo("gpt-4o-mini-2024-07-18");
        assertThat(e.get("undone_at").isNull()).isTrue();
        assertThat(e.get("changes").findValuesAsText("field")).containsExactly("request", "completed", "decisions");
        assertThat(e.get("changes").get(2).get("before").isNull()).isTrue();
    }

    @Test
    void unenrichTakesTheFieldsBackAndSaysSoOnceThenNothing() throws Exception {
        JsonNode undone = JSON.readTree(session("unenrich", "s1", "--json"));
        assertThat(undone.get("status").asText()).isEqualTo("undone");
        assertThat(undone.get("restored").findValuesAsText("")).isEmpty();
        assertThat(undone.get("restored").toString()).isEqualTo("[\"request\",\"completed\",\"decisions\"]");
        assertThat(undone.get("kept").size()).isZero();
        assertThat(undone.get("summary").get("fields").get("decisions").isNull()).isTrue();

        assertThat(session("unenrich", "s1")).isEqualTo(
                "Session s1: the model's changes were undone already; nothing changed.\n");
        assertThat(JSON.readTree(session("unenrich", "s1", "--json")).get("status").asText()).isEqualTo("already_undone");
        assertThat(session("show", "s1")).doesNotContain("(model:").contains("A model's changes were undone 2026-11-22");
    }

    @Test
    void unenrichInTextSaysWhatWasPutBack() {
        assertThat(session("unenrich", "s1")).isEqualTo("""
                Session s1: undid 1 model change; put back request, completed, decisions.
                The model is not asked about this session again.
                """);
    }
}
