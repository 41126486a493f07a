package dev.eaglemem.curate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.store.CommandRuleRow;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ProposalRow;
import dev.eaglemem.tokenguard.TokenDecision;
import dev.eaglemem.tokenguard.TokenPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Accept, reject and undo of every kind of proposal, on a real store: what changes, who it names, what undo restores. */
class ProposalsTest {

    private static final String P = SeededHistory.PROJECT;

    @TempDir
    Path dir;

    private CurateRig rig;
    private List<ProposalRow> made;

    @BeforeEach
    void propose() {
        ScriptedLlm llm = new ScriptedLlm(true);
        rig = new CurateRig(dir, llm);
        SeededHistory.write(rig.t.db, 50, 3);
        CurateServiceTest.script(rig, llm);
        made = rig.curate.run(P, false, 77L).proposals();
        assertThat(made).hasSize(6);
    }

    @AfterEach
    void close() {
        rig.close();
    }

    private ProposalRow of(String kind) {
        return made.stream().filter(p -> p.kind().equals(kind)).findFirst().orElseThrow();
    }

    @Test
    void anAcceptedGotchaIsAGuardRuleNamingTheCuratorItsJobAndProposalAndUndoRemovesIt() {
        ProposalRow p = of("promote_gotcha");
        Decision d = rig.proposals.accept(P, List.of(p.id()), null).getFirst();
        assertThat(d.proposal().status()).isEqualTo("accepted");
        assertThat(d.proposal().decidedAt()).isNotNull();
        GuardRuleRow rule = rig.t.db.read(tx -> new GuardRuleStore().live(tx, P)).getFirst();
        assertThat(rule.source()).isEqualTo("curator");
        assertThat(rule.jobId()).isEqualTo(77L);
        assertThat(rule.proposalId()).isEqualTo(p.id());
        assertThat(rule.pattern()).isEqualTo("src/pay/**");
        assertThat(d.done()).isEqualTo("added guard rule #" + rule.id() + " for src/pay/**");

        Decision undone = rig.proposals.undo(P, p.id());
        assertThat(undone.proposal().status()).isEqualTo("reverted");
        assertThat(undone.done()).isEqualTo("removed guard rule #" + rule.id());
        List<GuardRuleRow> live = rig.t.db.read(tx -> new GuardRuleStore().live(tx, P));
        assertThat(live).isEmpty();
        assertThat(rig.t.db.read(tx -> new GuardRuleStore().find(tx, rule.id())).orElseThrow().deletedAt())
                .as("soft-deleted, still there to look up").isNotNull();
        assertThatThrownBy(() -> rig.proposals.accept(P, List.of(p.id()), null)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.errorCode()).isEqualTo("proposal_decided"));
    }

    @Test
    void anAcceptedSupersessionForgetsNothingAndUndoRestoresTheOldDecision() {
        ProposalRow p = of("supersede");
        long oldId = ((Number) p.payload().get("old_id")).longValue();
        long newId = ((Number) p.payload().get("new_id")).longValue();
        rig.proposals.accept(P, List.of(p.id()), null);
        MemoryRow old = rig.memory("Cart totals are kept as float");
        assertThat(old.id()).isEqualTo(oldId);
        assertThat(old.isDeleted()).isTrue();
        assertThat(old.supersededBy()).isEqualTo(newId);
        assertThat(old.deleteReason()).isEqualTo("superseded by memory " + newId + " (curation proposal " + p.id() + ")");

        rig.proposals.undo(P, p.id());
        MemoryRow back = rig.memory("Cart totals are kept as float");
        assertThat(back.isDeleted()).isFalse();
        assertThat(back.supersededBy()).isNull();
    }

    @Test
    void anAcceptedConsolidationIsANewCuratorMemoryOverItsSourcesAndUndoPutsThemBack() {
        ProposalRow p = of("consolidate");
        Decision d = rig.proposals.accept(P, List.of(p.id()), null).getFirst();
        long merged = ((Number) d.proposal().applied().get("memory_id")).longValue();
        MemoryRow m = rig.t.db.read(tx -> new MemoryStore().find(tx, merged)).orElseThrow();
        assertThat(m.sourceAgent()).isEqualTo("curator");
        assertThat(m.kind()).isEqualTo("pattern");
        assertThat(m.content()).isEqualTo("Run pytest with -x so the run stops at the first failing test");
        assertThat(rig.memory("Run pytest with -x so the run stops at the first failure").supersededBy()).isEqualTo(merged);
        assertThat(rig.memory("Use pytest -x").supersededBy()).isEqualTo(merged);

        Decision undone = rig.proposals.undo(P, p.id());
        assertThat(undone.done()).contains("restored mem-").contains("forgot mem-" + merged);
        assertThat(rig.memory("Use pytest -x").isDeleted()).isFalse();
        assertThat(rig.t.db.read(tx -> new MemoryStore().find(tx, merged)).orElseThrow().isDeleted()).isTrue();
        MemoryService memories = TestServices.on(rig.t.db, rig.clock).memories();
        assertThat(memories.restore(merged).changed()).as("the merged memory is forgotten, not deleted").isTrue();
    }

    @Test
    void anAcceptedCommandRuleReachesTheTokenGuardAndUndoTakesItAway() {
        ProposalRow p = of("command_rule");
        TokenPolicy policy = new TokenPolicy(EagleConfig.defaults(dir.resolve("config.toml")),
                new EagleEnv(Map.of("PATH", ""), dir, dir), new DataDir(dir, dir.resolve("config.toml")), rig.clock,
                rig.t.db, new CurationStore());
        assertThat(policy.decide(AgentSource.CLAUDE_CODE, P, "docker compose logs api")).isInstanceOf(TokenDecision.Allow.class);

        rig.proposals.accept(P, List.of(p.id()), null);
        CommandRuleRow rule = rig.t.db.read(tx -> new CurationStore().commandRules(tx, P)).getFirst();
        assertThat(rule.source()).isEqualTo("curator");
        assertThat(rule.proposalId()).isEqualTo(p.id());
        assertThat(rule.jobId()).isEqualTo(77L);
        assertThat(policy.decide(AgentSource.CLAUDE_CODE, P, "docker compose logs api"))
                .as("no rtk on PATH and mode auto: the learned rule advises, it never blocks")
                .isInstanceOfSatisfying(TokenDecision.Advise.class, a -> assertThat(a.context())
                        .startsWith("Eagle Mem command rule #" + rule.id() + " (learned from past sessions): `docker compose"
                                + " logs` output is typically long (api logs run to thousands of lines), about 500 lines."));
        assertThat(policy.decide(AgentSource.CLAUDE_CODE, "other/project", "docker compose logs api"))
                .as("a project's rules stay in it").isInstanceOf(TokenDecision.Allow.class);

        rig.proposals.undo(P, p.id());
        assertThat(policy.decide(AgentSource.CLAUDE_CODE, P, "docker compose logs api")).isInstanceOf(TokenDecision.Allow.class);
    }

    @Test
    void anAcceptedFeatureSuggestionIsAFeatureWithItsFilesAndUndoArchivesIt() {
        ProposalRow p = of("feature");
        assertThatThrownBy(() -> rig.proposals.accept(P, List.of(of("supersede").id()), ProposalKind.FEATURE))
                .as("feature suggest --accept takes feature proposals only").isInstanceOf(EagleException.class);
        rig.proposals.accept(P, List.of(p.id()), ProposalKind.FEATURE);
        Feature f = rig.features.list(P, false).getFirst();
        assertThat(f.name()).isEqualTo("payments-webhooks");
        assertThat(f.files()).containsExactly("src/pay/stripe.py", "src/pay/webhooks.py");
        rig.proposals.undo(P, p.id());
        assertThat(rig.features.list(P, false)).isEmpty();
        assertThat(rig.features.list(P, true)).singleElement().extracting(Feature::name).isEqualTo("payments-webhooks");
    }

    @Test
    void rejectedProposalsStayRejectedAndAStaleOneIsRefusedWithoutChangingAnything() {
        ProposalRow gotcha = of("promote_gotcha");
        Decision r = rig.proposals.reject(P, List.of(gotcha.id())).getFirst();
        assertThat(r.proposal().status()).isEqualTo("rejected");
        assertThatThrownBy(() -> rig.proposals.undo(P, gotcha.id())).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("cannot undo proposal " + gotcha.id() + ": it is rejected"));

        ProposalRow supersede = of("supersede");
        MemoryService memories = TestServices.on(rig.t.db, rig.clock).memories();
        long newId = ((Number) supersede.payload().get("new_id")).longValue();
        memories.forget(newId, "wrong");
        assertThatThrownBy(() -> rig.proposals.accept(P, List.of(supersede.id()), null))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("proposal_stale");
                    assertThat(e.fix()).isEqualTo("eagle-mem curate reject " + supersede.id());
                });
        assertThat(rig.memory("Cart totals are kept as float").isDeleted()).as("nothing changed").isFalse();
        assertThat(rig.proposals.list(P, "proposed", ProposalKind.SUPERSEDE, 10)).singleElement()
                .extracting(ProposalRow::id).isEqualTo(supersede.id());
        assertThatThrownBy(() -> rig.proposals.accept("other/project", List.of(supersede.id()), null))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.errorCode()).isEqualTo("not_found"));
    }
}
