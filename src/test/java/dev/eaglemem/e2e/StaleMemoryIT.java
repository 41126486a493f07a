package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Memories that know when the code moved on (issue 26), with the real Claude Code: the agent stores a gotcha about a
 * function, the code changes under it in a later commit, and the next session is told the gotcha together with what
 * changed since; once the file is deleted, the gotcha is no longer handed out as if it still held.
 */
class StaleMemoryIT {

    private static final String GOTCHA = "applyDiscount() in src/pricing.js rounds the discount down to whole cents";
    private static final String PRICING = """
            export function applyDiscount(cents, code) {
              const percent = code === 'TEN' ? 10 : 0;
              return cents - Math.floor(cents * percent / 100);
            }

            export function formatPrice(cents) {
              return (cents / 100).toFixed(2);
            }
            """;
    private static final String SECOND_PROMPT = "Why does applyDiscount round the discount the way it does?";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void aGotchaAboutAFunctionChangedSinceSaysWhereItWasWrittenAndWhichCommitChangedIt() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path pricing = committedPricing(workspace);
        String anchorShort = workspace.git("rev-parse", "--short=7", "HEAD").strip();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");

        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            rememberTheGotcha(workspace, eagle, fake, anchorShort);

            // the declaration's body changes, its name and file stay: the gotcha is changed, not gone
            Files.writeString(pricing, PRICING.replace("Math.floor(cents * percent / 100)",
                    "Math.round(cents * percent / 100)"));
            workspace.git("commit", "-q", "-am", "applyDiscount rounds half up");
            String newShort = workspace.git("rev-parse", "--short=7", "HEAD").strip();

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("It used to round down; since the last commit it rounds half up."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains(SECOND_PROMPT)).as(first.describe()).isTrue();
            String tag = " [changed: written at " + anchorShort + "; applyDiscount in src/pricing.js changed since in 1 commit, "
                    + "newest " + newShort + " 'applyDiscount rounds half up']";
            List<String> told = linesWithTheGotcha(first);
            // SessionStart's Decisions & Gotchas line; the commit count and the newest commit come from git, which only
            // serve asks: a hook answered without serve would say "changed since" and no more
            assertThat(told).as(first.describe()).anyMatch(line -> line.startsWith("- [gotcha] "));
            assertThat(told).as(first.describe()).allMatch(line -> line.endsWith(tag));
        }
    }

    @Test
    void aGotchaAboutADeletedFileIsLeftOutOfSessionStartAndMarkedGoneWhenNothingElseAnswers() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        committedPricing(workspace);
        String anchorShort = workspace.git("rev-parse", "--short=7", "HEAD").strip();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");

        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            rememberTheGotcha(workspace, eagle, fake, anchorShort);

            workspace.git("rm", "-q", "src/pricing.js");
            workspace.git("commit", "-q", "-m", "drop the old pricing module");
            String deletedShort = workspace.git("rev-parse", "--short=7", "HEAD").strip();

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("src/pricing.js is gone; there is no applyDiscount any more."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains(SECOND_PROMPT)).as(first.describe()).isTrue();
            assertThat(first.bodyContains("SessionStart hook additional context")).as(first.describe()).isTrue();
            // SessionStart leaves a gone record out; the prompt's recall shows it only because no other record answers
            // (session 1's summary shares no word with the prompt), and then marked. That the file was deleted, and in
            // which commit, is git's word through serve: without it a missing file is only "changed", not gone.
            assertThat(linesWithTheGotcha(first)).as(first.describe()).singleElement().satisfies(line -> {
                assertThat(line).startsWith("- [gotcha mem-1, ");
                assertThat(line).endsWith(" [gone: written at " + anchorShort + "; src/pricing.js is gone (deleted in "
                        + deletedShort + " 'drop the old pricing module')]");
            });
        }
    }

    /** A repository whose second commit adds src/pricing.js with applyDiscount and a second function. */
    private static Path committedPricing(E2eWorkspace workspace) throws Exception {
        Path pricing = workspace.repo().resolve("src/pricing.js");
        Files.createDirectories(pricing.getParent());
        Files.writeString(pricing, PRICING);
        workspace.git("add", "-A");
        workspace.git("commit", "-q", "-m", "pricing");
        return pricing;
    }

    /**
     * Session 1: the agent stores the gotcha with the command install pre-approves; it is anchored at HEAD to the
     * declaration it names, not just to the file. Session 2 must find serve running, as a user's second session would:
     * hooks without serve never ask git how the code moved on.
     */
    private static void rememberTheGotcha(E2eWorkspace workspace, EagleMemInstall eagle, FakeAnthropic fake,
            String anchorShort) throws Exception {
        fake.script(
                FakeAnthropic.Turn.bash("eagle-mem memories add --kind gotcha --title 'applyDiscount rounds down' "
                        + "--file src/pricing.js --content '" + GOTCHA + "'"),
                FakeAnthropic.Turn.text("Noted."));
        ClaudeSession.in(workspace, fake).env(eagle.env()).run("Keep a note for later sessions.").assertSucceeded();

        assertThat(eagle.query("SELECT kind || ': ' || content FROM memories")).containsExactly("gotcha: " + GOTCHA);
        assertThat(eagle.query("SELECT substr(commit_id, 1, 7) FROM anchors WHERE record_kind = 'memory'"))
                .containsExactly(anchorShort);
        assertThat(eagle.query("SELECT t.path || ' ' || COALESCE(t.decl, '-') FROM anchor_targets t "
                + "JOIN anchors a ON a.id = t.anchor_id WHERE a.record_kind = 'memory'"))
                .containsExactly("src/pricing.js applyDiscount");
        JsonNode serve = eagle.serveStatus();
        assertThat(serve.path("state").asText()).as(serve.toString()).isEqualTo("running");
        assertThat(serve.path("health").path("hook_requests").asLong()).as(serve.toString()).isPositive();
    }

    /** Every line of the request's texts that carries the gotcha: SessionStart's list and the prompt's recall alike. */
    private static List<String> linesWithTheGotcha(RecordedRequest request) {
        return request.strings().stream().flatMap(String::lines).filter(line -> line.contains(GOTCHA)).toList();
    }
}
