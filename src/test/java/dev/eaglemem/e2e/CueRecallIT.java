package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Search cues end to end, with the real Claude Code: a memory that names the cause shares no word with the symptom a
 * developer later types. serve asks the (fake) Anthropic API for the memory's cues, redacts and embeds them, and the
 * prompt that describes the symptom gets the memory injected; with the cues taken back, it does not.
 */
class CueRecallIT {

    private static final String CUE_SYSTEM = "You write search cues for the memory of an AI coding agent";
    private static final String SECRET = "ghp_" + "0123456789abcdefghijklmnopqrstuvwxyz";
    private static final String TITLE = "Scheduler containers use the host's local clock";
    /** The first words of prompt recall's header (recall/PromptRecall), which SessionStart's context does not have. */
    private static final String PROMPT_RECALL = "project memory matching this prompt";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void aSymptomWordedPromptFindsTheCauseWordedMemoryByItsCues() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        eagle.run("config", "set", "llm.provider", "anthropic");
        eagle.run("memories", "add", "-k", "gotcha", "--title", TITLE, "--content",
                "The cron container runs in Europe/Berlin time, so at the daylight-saving change the batch fires a second"
                        + " time. Schedule in UTC.");
        // eight newer gotchas fill SessionStart's list, so the cued memory is left for the prompt's own recall (which
        // does not repeat what SessionStart gave); the fake model gives every memory the same cues, which changes
        // nothing for them: SessionStart listed them all
        for (int i = 1; i <= 8; i++) {
            eagle.run("memories", "add", "-k", "gotcha", "--keep-both", "--title", "Filler gotcha " + i, "--content",
                    "Filler gotcha number " + i + " about an unrelated part of the build.");
        }
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.answerSide(CUE_SYSTEM, """
                    {"cues": ["customers got the weekly report email twice on Sunday",
                              "the Sunday report went out two times after the clocks changed",
                              "why do scheduled jobs run twice once a year?",
                              "token %s showed up in the duplicate run's log",
                              "alert: duplicate batch run detected at 02:00"]}""".formatted(SECRET));
            // the first session starts serve; its watcher asks for the memory's cues, then embeds them
            fake.script(FakeAnthropic.Turn.text("Hello."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("hello").assertSucceeded();
            List<String> embedded = List.of("9");
            assertThat(eagle.eventually("SELECT count(*) FROM memory_cues WHERE vector_model = 'all-minilm-l6-v2-q'",
                    embedded, 180)).isEqualTo(embedded);
            assertThat(fake.sideRequests(CUE_SYSTEM)).hasSize(9).anySatisfy(r -> assertThat(r.bodyContains(TITLE)).isTrue());
            assertThat(eagle.rawDatabase()).as("the model's answer is redacted before it is stored").doesNotContain(SECRET);

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("The schedule runs in local time."));
            ClaudeSession.in(workspace, fake).env(eagle.env())
                    .run("why did customers get the weekly report email twice this Sunday?").assertSucceeded();
            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains(PROMPT_RECALL)).as(first.describe()).isTrue();
            assertThat(first.bodyContains(TITLE)).as(first.describe()).isTrue();

            // the control: with the cues taken back (by the CLI, while serve runs), the same prompt finds nothing
            eagle.run("memories", "cues", "1", "--clear");
            fake.script(FakeAnthropic.Turn.text("No idea."));
            ClaudeSession.in(workspace, fake).env(eagle.env())
                    .run("why did customers get the weekly report email twice this Sunday?").assertSucceeded();
            // SessionStart lists the project's gotchas either way, and the third prompt finds the second session's
            // summary by its words; which memories each prompt recalled is in recall_events
            // (a filler SessionStart did not show may come along: the fake model gave it the same cues)
            assertThat(eagle.query("SELECT EXISTS (SELECT 1 FROM json_each(memory_ids) WHERE value = 1) FROM recall_events"
                    + " WHERE hook_event = 'UserPromptSubmit' ORDER BY id"))
                    .as("without its cues the memory shares nothing with the prompt").containsExactly("0", "1", "0");
            assertThat(fake.sideRequests(CUE_SYSTEM)).as("cues taken back are not asked for again").hasSize(9);
        }
        JsonNode cues = eagle.runJson("memories", "cues", "1", "--json");
        System.out.println("memories cues 1 --json after --clear: " + cues);
        assertThat(cues.path("cues")).isEmpty();
        assertThat(cues.path("written").path("provider").asText()).isEqualTo("person");
        assertThat(eagle.runJson("llm", "usage", "--json").path("lines"))
                .anySatisfy(l -> assertThat(l.path("purpose").asText()).isEqualTo("cue-memories"));
    }
}
