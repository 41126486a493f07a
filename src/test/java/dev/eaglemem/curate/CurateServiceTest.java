package dev.eaglemem.curate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.jobs.CurateJob;
import dev.eaglemem.llm.LlmDeferred;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;
import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.FileHintStore.HotFile;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.ProposalRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A curate run on a seeded history in a real store, with good, malformed and empty model answers. */
class CurateServiceTest {

    private static final String P = SeededHistory.PROJECT;

    @TempDir
    Path dir;

    private CurateRig rig;

    @AfterEach
    void close() {
        if (rig != null) {
            rig.close();
        }
    }

    private CurateRig seeded(ScriptedLlm llm, int sessions) {
        rig = new CurateRig(dir, llm);
        SeededHistory.write(rig.t.db, sessions, 7);
        return rig;
    }

    /** Answers that name real records of the seeded history, as a good model would, plus items that must be dropped. */
    static void script(CurateRig rig, ScriptedLlm llm) {
        long stripe = rig.memory("Stripe retries").id();
        long cart = rig.memory("Cart totals must").id();
        long oldDecision = rig.memory("Cart totals are kept as float").id();
        long newDecision = rig.memory("Cart totals are integer cents").id();
        long x1 = rig.memory("Run pytest with -x").id();
        long x2 = rig.memory("Use pytest -x").id();
        llm.answer(ProposalKind.PROMOTE_GOTCHA,
                "```json\n{\"promote\":[{\"memory_ids\":[" + stripe + "],\"pattern\":\"src/pay/**\","
                        + "\"rule\":\"Webhook handlers must be idempotent on the Stripe event id\"},{\"memory_ids\":[" + cart
                        + "],\"pattern\":\"src/cart.py\",\"rule\":\"Sum cart totals in integer cents, never floats\"},"
                        + "{\"memory_ids\":[999999],\"pattern\":\"**\",\"rule\":\"An id the model was never shown\"}]}\n```")
                .answer(ProposalKind.SUPERSEDE, "Here you go: {\"superseded\":[{\"old_id\":" + oldDecision + ",\"new_id\":"
                        + newDecision + ",\"reason\":\"pricing moved to integer cents\"},{\"old_id\":" + newDecision
                        + ",\"new_id\":" + oldDecision + ",\"reason\":\"backwards\"}]} Hope it helps.")
                .answer(ProposalKind.CONSOLIDATE, "{\"consolidations\":[{\"source_ids\":[" + x1 + "," + x2 + "],\"title\":"
                        + "\"pytest -x\",\"content\":\"Run pytest with -x so the run stops at the first failing test\"}]}")
                .answer(ProposalKind.COMMAND_RULE, "{\"rules\":[{\"pattern\":\"docker compose logs\",\"strategy\":\"rtk\","
                        + "\"max_lines\":500,\"reason\":\"api logs run to thousands of lines\"},{\"pattern\":\"x\","
                        + "\"strategy\":\"rtk\",\"reason\":\"too short\"},{\"pattern\":\"make all\",\"strategy\":\"rtk\","
                        + "\"reason\":\"never ran\"},{\"pattern\":\"npm test\",\"strategy\":\"truncate\",\"reason\":\"bad strategy\"}]}")
                .answer(ProposalKind.FEATURE, "{\"features\":[{\"name\":\"payments-webhooks\",\"description\":\"Stripe "
                        + "webhooks and retries\",\"files\":[\"src/pay/stripe.py\",\"src/pay/webhooks.py\",\"src/nowhere.py\"]},"
                        + "{\"name\":\"Bad Name\",\"files\":[\"src/cart.py\",\"src/pricing.py\"]}]}");
    }

    @Test
    void aDryRunComputesTheHintsSaysWhatItWouldAskAndWritesAndSendsNothing() {
        ScriptedLlm llm = new ScriptedLlm(true);
        seeded(llm, 220);
        CurateReport r = rig.curate.run(P, true, null);
        assertThat(r.coEdits()).extracting(CoEditPair::a, CoEditPair::b).contains(tuple("src/cart.py", "src/pricing.py"),
                tuple("src/pay/stripe.py", "src/pay/webhooks.py"));
        assertThat(r.coEdits()).as("CHANGELOG.md is edited in over 85% of the sessions: it pairs with nothing")
                .noneMatch(p -> p.a().equals("CHANGELOG.md") || p.b().equals("CHANGELOG.md"));
        assertThat(r.coEdits()).allMatch(p -> p.sessions() >= 2).hasSizeLessThanOrEqualTo(30);
        assertThat(r.hotFiles()).extracting(HotFile::path).contains("README.md", "src/config.py");
        assertThat(r.steps()).extracting(StepReport::status).containsOnly(StepStatus.WOULD_ASK);
        assertThat(r.steps().getFirst().detail()).startsWith("would ask the model about ").contains("gotchas");
        assertThat(llm.requests).isEmpty();
        assertThat(r.hintsStored()).isFalse();
        assertThat(rig.hints.partners(P, "src/cart.py")).as("a dry run stores no hints").isEmpty();
        assertThat(rig.proposals.list(P, null, null, 100)).isEmpty();
    }

    @Test
    void withoutAProviderTheSqlPartsRunAndTheModelStepsSaySo() {
        ScriptedLlm llm = new ScriptedLlm(false);
        seeded(llm, 60);
        CurateReport r = rig.curate.run(P, false, null);
        assertThat(r.modelConfigured()).isFalse();
        assertThat(r.steps()).extracting(StepReport::status).containsOnly(StepStatus.NO_PROVIDER);
        assertThat(r.steps().getFirst().detail()).contains("eagle-mem llm init");
        assertThat(llm.requests).isEmpty();
        assertThat(rig.hints.partners(P, "src/cart.py")).contains("src/pricing.py");
        assertThat(rig.hints.note(P, "src/cart.py", List.of("src/cart.py")))
                .startsWith("Eagle Mem: src/cart.py is usually edited together with ");
        assertThat(rig.hints.note(P, "README.md", List.of("README.md"))).as("never edited, but read in most sessions")
                .isEqualTo("Eagle Mem: README.md is one of this project's most-read files (read 40 times in 40 of 60 sessions).");
        assertThat(rig.hints.note(P, "src/never.py", List.of("src/never.py"))).as("neither").isEmpty();
    }

    @Test
    void goodAnswersBecomeProposalsOnlyForWhatTheModelWasShownAndAreNeverProposedTwice() {
        ScriptedLlm llm = new ScriptedLlm(true);
        seeded(llm, 60);
        script(rig, llm);
        CurateReport r = rig.curate.run(P, false, 41L);
        assertThat(r.steps()).extracting(StepReport::status).containsOnly(StepStatus.ASKED);
        assertThat(llm.requests).hasSize(5).allSatisfy(q -> {
            assertThat(q.purpose()).isEqualTo("curate");
            assertThat(q.jobId()).isEqualTo(41L);
            assertThat(q.project()).isEqualTo(P);
            assertThat(q.json()).isTrue();
        });
        assertThat(r.proposals()).extracting(ProposalRow::kind).containsExactly("promote_gotcha", "promote_gotcha",
                "supersede", "consolidate", "command_rule", "feature");
        assertThat(r.proposals()).allSatisfy(p -> {
            assertThat(p.status()).isEqualTo("proposed");
            assertThat(p.source()).isEqualTo("curator");
            assertThat(p.jobId()).isEqualTo(41L);
            assertThat(p.evidence()).isNotBlank();
        });
        ProposalRow feature = r.proposals().getLast();
        assertThat(feature.payload().get("files")).as("a file nobody edited is dropped")
                .isEqualTo(List.of("src/pay/stripe.py", "src/pay/webhooks.py"));
        ProposalRow rule = r.proposals().get(4);
        assertThat(rule.payload()).containsEntry("pattern", "docker compose logs").containsEntry("strategy", "rtk")
                .containsEntry("max_lines", 500);

        CurateReport again = rig.curate.run(P, false, 42L);
        assertThat(again.proposals()).as("the same conclusions on the next run add nothing").isEmpty();
        assertThat(again.steps()).extracting(StepReport::alreadyKnown).containsExactly(2, 1, 1, 1, 1);
        rig.proposals.reject(P, List.of(r.proposals().getFirst().id()));
        assertThat(rig.curate.run(P, false, 43L).proposals()).as("a rejected proposal is not proposed again").isEmpty();
    }

    @Test
    void malformedTruncatedAndEmptyAnswersApplyNothingAndSaySo() {
        ScriptedLlm llm = new ScriptedLlm(true);
        seeded(llm, 40);
        llm.answer(ProposalKind.PROMOTE_GOTCHA, "I'm sorry, I can't see any repeated gotchas worth a rule.")
                .answer(ProposalKind.SUPERSEDE, "{\"superseded\":[{\"old_id\":1,\"new_")
                .answer(ProposalKind.CONSOLIDATE, "")
                .answer(ProposalKind.COMMAND_RULE, "NONE")
                .answer(ProposalKind.FEATURE, "```\n{\"features\": \"not a list\"}\n```");
        CurateReport r = rig.curate.run(P, false, null);
        assertThat(r.steps()).extracting(StepReport::status).containsExactly(StepStatus.MALFORMED, StepStatus.MALFORMED,
                StepStatus.ASKED, StepStatus.ASKED, StepStatus.ASKED);
        assertThat(r.steps().getFirst().detail()).startsWith("the answer held no JSON; nothing proposed");
        assertThat(r.steps().getFirst().model()).isEqualTo("fake-model-1");
        assertThat(r.steps()).allMatch(s -> s.proposed().isEmpty());
        assertThat(rig.proposals.list(P, null, null, 100)).isEmpty();
    }

    @Test
    void aStepWhoseProviderFailsIsReportedAndAJobWhoseEveryStepFailedIsRetried() {
        ScriptedLlm llm = new ScriptedLlm(true);
        seeded(llm, 40);
        CurateReport r = rig.curate.run(P, false, null);
        assertThat(r.steps()).extracting(StepReport::status).containsOnly(StepStatus.FAILED);
        assertThat(r.steps().getFirst().detail()).isEqualTo("no provider answered: fake provider: connection refused");
        assertThat(rig.hints.partners(P, "src/cart.py")).as("the SQL part was stored all the same").isNotEmpty();
        JobRow job = new JobRow(9, "curate", P, Map.of(), null, JobStatus.RUNNING, 1, "2026-11-25T10:00:00.000Z", "pid:1",
                "2026-11-25T10:00:00.000Z", null, null, "2026-11-25T10:00:00.000Z", "2026-11-25T10:00:00.000Z", null, null);
        assertThatThrownBy(() -> new CurateJob(rig.curate).run(job)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no model provider answered any curate step");
    }

    @Test
    void aSpentBudgetDefersTheWholeRun() {
        ScriptedLlm deferring = new ScriptedLlm(true) {
            @Override
            public LlmReply complete(LlmRequest request) {
                throw new LlmDeferred("daily budget of 200000 tokens spent", Instant.parse("2026-11-26T00:00:00Z"));
            }
        };
        seeded(deferring, 40);
        assertThatThrownBy(() -> rig.curate.run(P, false, 5L)).isInstanceOf(LlmDeferred.class);
    }
}
