package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CurationStore on a real migrated file: proposals made once, decided once, and the history the curator reads. */
class CurationStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String BLOG = "code/blog";
    private static final String FP1 = "1".repeat(64);
    private static final String FP2 = "2".repeat(64);
    private static final String FP3 = "3".repeat(64);

    private final CurationStore curation = new CurationStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, BLOG, null, now);
            return null;
        });
    }

    private Optional<Long> propose(String project, String kind, String fp, Long jobId) {
        return t.db.write((Tx tx) -> curation.propose(tx, new NewProposal(project, kind, fp, Map.of("memory_ids", List.of(3, 4)),
                "Promote “flaky checkout” to a gotcha", "seen in 3 sessions", jobId), now));
    }

    private Optional<Long> rule(String pattern, Integer maxLines) {
        return t.db.write((Tx tx) -> curation.addCommandRule(tx, SHOP, pattern, "advise", maxLines, "long output", "user",
                null, null, now));
    }

    @Test
    void aProposalReadsBackAndTheSameOneIsNeverProposedTwiceInAProject() {
        long id = propose(SHOP, "promote_gotcha", FP1, 9L).orElseThrow();
        ProposalRow p = t.db.read((Tx tx) -> curation.proposal(tx, id)).orElseThrow();
        assertThat(p.project()).isEqualTo(SHOP);
        assertThat(p.kind()).isEqualTo("promote_gotcha");
        assertThat(p.fingerprint()).isEqualTo(FP1);
        assertThat(p.payload()).isEqualTo(Map.of("memory_ids", List.of(3, 4)));
        assertThat(p.summary()).isEqualTo("Promote “flaky checkout” to a gotcha");
        assertThat(p.evidence()).isEqualTo("seen in 3 sessions");
        assertThat(p.status()).isEqualTo("proposed");
        assertThat(p.source()).isEqualTo("curator");
        assertThat(p.jobId()).isEqualTo(9L);
        assertThat(p.applied()).isEmpty();
        assertThat(p.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(p.decidedAt()).isNull();

        assertThat(propose(SHOP, "promote_gotcha", FP1, null)).isEmpty();
        assertThat(t.db.write((Tx tx) -> curation.decide(tx, id, "proposed", "rejected", Map.of(), now))).isTrue();
        assertThat(propose(SHOP, "promote_gotcha", FP1, null)).isEmpty();
        assertThat(t.db.read((Tx tx) -> curation.known(tx, SHOP, "promote_gotcha", FP1))).isTrue();
        assertThat(t.db.read((Tx tx) -> curation.known(tx, SHOP, "supersede", FP1))).isFalse();
        assertThat(t.db.read((Tx tx) -> curation.known(tx, BLOG, "promote_gotcha", FP1))).isFalse();
        assertThat(propose(BLOG, "promote_gotcha", FP1, null)).isPresent();
        assertThat(propose(SHOP, "supersede", FP1, null)).isPresent();
        assertThat(t.db.read((Tx tx) -> curation.proposal(tx, 999))).isEmpty();
    }

    @Test
    void theSchemaRefusesUnknownKindsAndShortFingerprints() {
        assertThatThrownBy(() -> propose(SHOP, "delete_everything", FP1, null)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> propose(SHOP, "supersede", "abc", null)).isInstanceOf(EagleException.class);
        assertThat(t.rows("SELECT count(*) FROM curation_proposals")).containsExactly("0");
    }

    @Test
    void proposalsAreListedNewestFirstByStatusAndKind() {
        long a = propose(SHOP, "promote_gotcha", FP1, null).orElseThrow();
        long b = propose(SHOP, "command_rule", FP2, null).orElseThrow();
        long c = propose(SHOP, "promote_gotcha", FP3, null).orElseThrow();
        propose(BLOG, "promote_gotcha", FP1, null);
        t.db.write((Tx tx) -> curation.decide(tx, c, "proposed", "accepted", Map.of(), now));

        assertThat(t.db.read((Tx tx) -> curation.proposals(tx, SHOP, null, null, 10))).extracting(ProposalRow::id)
                .containsExactly(c, b, a);
        assertThat(t.db.read((Tx tx) -> curation.proposals(tx, SHOP, "proposed", null, 10))).extracting(ProposalRow::id)
                .containsExactly(b, a);
        assertThat(t.db.read((Tx tx) -> curation.proposals(tx, SHOP, null, "promote_gotcha", 10)))
                .extracting(ProposalRow::id).containsExactly(c, a);
        assertThat(t.db.read((Tx tx) -> curation.proposals(tx, SHOP, "proposed", "promote_gotcha", 10)))
                .extracting(ProposalRow::id).containsExactly(a);
        assertThat(t.db.read((Tx tx) -> curation.proposals(tx, SHOP, null, null, 1))).extracting(ProposalRow::id)
                .containsExactly(c);
    }

    @Test
    void aDecisionMovesAProposalOnlyFromTheStateItWasIn() {
        long id = propose(SHOP, "command_rule", FP1, null).orElseThrow();
        Instant later = now.plusSeconds(30);
        assertThat(t.db.write((Tx tx) -> curation.decide(tx, id, "proposed", "accepted", Map.of("rule_id", 5), later)))
                .isTrue();
        // a second accept (another window, a retry) finds it no longer proposed
        assertThat(t.db.write((Tx tx) -> curation.decide(tx, id, "proposed", "accepted", Map.of("rule_id", 6), later)))
                .isFalse();
        ProposalRow accepted = t.db.read((Tx tx) -> curation.proposal(tx, id)).orElseThrow();
        assertThat(accepted.status()).isEqualTo("accepted");
        assertThat(accepted.applied()).isEqualTo(Map.of("rule_id", 5));
        assertThat(accepted.decidedAt()).isEqualTo("2026-11-22T10:00:30.000Z");

        assertThat(t.db.write((Tx tx) -> curation.decide(tx, id, "accepted", "reverted", Map.of("rule_id", 5), later)))
                .isTrue();
        assertThat(t.db.read((Tx tx) -> curation.proposal(tx, id)).orElseThrow().status()).isEqualTo("reverted");
        // a decided proposal cannot go back to proposed: it would keep a decision time
        assertThatThrownBy(() -> t.db.write((Tx tx) -> curation.decide(tx, id, "reverted", "proposed", Map.of(), later)))
                .isInstanceOf(EagleException.class);
    }

    @Test
    void commandRulesAreOneLivePerPatternLongestFirstAndSoftDeleted() {
        long make = rule("make", null).orElseThrow();
        long makeTest = rule("make test", 400).orElseThrow();
        assertThat(rule("make", 10)).isEmpty();

        List<CommandRuleRow> live = t.db.read((Tx tx) -> curation.commandRules(tx, SHOP));
        assertThat(live).extracting(CommandRuleRow::id).containsExactly(makeTest, make);
        assertThat(live.get(0).maxLines()).isEqualTo(400);
        assertThat(live.get(1).maxLines()).isNull();
        assertThat(live.get(1).source()).isEqualTo("user");
        assertThat(live.get(1).proposalId()).isNull();
        assertThat(t.db.read((Tx tx) -> curation.commandRules(tx, BLOG))).isEmpty();

        assertThat(t.db.write((Tx tx) -> curation.removeCommandRule(tx, make, now))).isTrue();
        assertThat(t.db.write((Tx tx) -> curation.removeCommandRule(tx, make, now))).isFalse();
        assertThat(t.db.read((Tx tx) -> curation.commandRule(tx, make)).orElseThrow().deletedAt())
                .isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(t.db.read((Tx tx) -> curation.commandRules(tx, SHOP))).extracting(CommandRuleRow::id)
                .containsExactly(makeTest);
        assertThat(rule("make", 10)).isPresent();
    }

    @Test
    void aCuratorsRuleNamesItsProposalAndJob() {
        long proposal = propose(SHOP, "command_rule", FP1, 3L).orElseThrow();
        long id = t.db.write((Tx tx) -> curation.addCommandRule(tx, SHOP, "gradle build", "rtk", null, "noisy", "curator",
                3L, proposal, now)).orElseThrow();
        CommandRuleRow r = t.db.read((Tx tx) -> curation.commandRule(tx, id)).orElseThrow();
        assertThat(r).isEqualTo(new CommandRuleRow(id, SHOP, "gradle build", "rtk", null, "noisy", "curator", 3L, proposal,
                "2026-11-22T10:00:00.000Z", null));
        assertThatThrownBy(() -> t.db.write((Tx tx) -> curation.addCommandRule(tx, SHOP, "npm ci", "rtk", null, "noisy",
                "curator", 3L, 999L, now))).isInstanceOf(EagleException.class).hasMessageContaining("FOREIGN KEY");
        assertThatThrownBy(() -> rule("x", null)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> rule("npm ci", 0)).isInstanceOf(EagleException.class);
    }

    @Test
    void noisyCommandsGroupExactLinesAboveTheSizeMostFrequentFirst() {
        t.db.write((Tx tx) -> {
            new SessionStore().upsert(tx, "s-1", SHOP, "codex", null, null, "startup", now);
            new SessionStore().upsert(tx, "s-2", BLOG, "codex", null, null, "startup", now);
            ObservationStore obs = new ObservationStore();
            obs.insert(tx, shell("s-1", SHOP, "npm test", 9_000L, 300), now);
            obs.insert(tx, shell("s-1", SHOP, "npm test", 11_000L, null), now);
            obs.insert(tx, shell("s-1", SHOP, "npm test", 100L, 2), now);
            obs.insert(tx, shell("s-1", SHOP, "gradle build", 50_000L, 900), now);
            obs.insert(tx, shell("s-1", SHOP, null, 50_000L, 900), now);
            obs.insert(tx, shell("s-2", BLOG, "npm test", 50_000L, 900), now);
            obs.insert(tx, shell("s-2", BLOG, "npm test", 50_000L, 900), now);
            obs.insert(tx, shell("s-2", BLOG, "npm test", 50_000L, 900), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> curation.noisyCommands(tx, SHOP, 1_000, 10))).containsExactly(
                new CurationStore.NoisyCommand("npm test", 2, 10_000, 150),
                new CurationStore.NoisyCommand("gradle build", 1, 50_000, 900));
        assertThat(t.db.read((Tx tx) -> curation.noisyCommands(tx, SHOP, 1_000, 1))).extracting(
                CurationStore.NoisyCommand::command).containsExactly("npm test");
        assertThat(t.db.read((Tx tx) -> curation.noisyCommands(tx, SHOP, 20_000, 10))).extracting(
                CurationStore.NoisyCommand::command).containsExactly("gradle build");
    }

    @Test
    void keyFilesComeFromTheNewestSummariesThatNameAny() {
        SummaryStore summaries = new SummaryStore();
        t.db.write((Tx tx) -> {
            for (String s : List.of("s-1", "s-2", "s-3", "s-4")) {
                new SessionStore().upsert(tx, s, SHOP, "codex", null, null, "startup", now);
            }
            summaries.saveAuthoritative(tx, "s-1", SHOP, "codex", fields("old work", List.of("a.ts")), "agent", now);
            summaries.saveAuthoritative(tx, "s-2", SHOP, "codex", fields("no files", List.of()), "agent", now.plusSeconds(1));
            summaries.saveAuthoritative(tx, "s-3", SHOP, "codex", fields("new work", List.of("b.ts", "c.ts")), "agent",
                    now.plusSeconds(2));
            return null;
        });
        assertThat(t.db.read((Tx tx) -> curation.keyFiles(tx, SHOP, 10))).containsExactly(
                new CurationStore.KeyFiles("s-3", "new work", List.of("b.ts", "c.ts")),
                new CurationStore.KeyFiles("s-1", "old work", List.of("a.ts")));
        assertThat(t.db.read((Tx tx) -> curation.keyFiles(tx, SHOP, 1))).extracting(CurationStore.KeyFiles::sessionId)
                .containsExactly("s-3");
        assertThat(t.db.read((Tx tx) -> curation.keyFiles(tx, BLOG, 10))).isEmpty();
    }

    @Test
    void endedSessionsAreCountedFromTheNewestJobOfTheKind() {
        SessionStore sessions = new SessionStore();
        JobStore jobs = new JobStore();
        t.db.write((Tx tx) -> {
            for (String s : List.of("s-1", "s-2", "s-3", "s-open")) {
                sessions.upsert(tx, s, SHOP, "codex", null, null, "startup", now);
            }
            sessions.upsert(tx, "s-blog", BLOG, "codex", null, null, "startup", now);
            sessions.end(tx, "s-1", now.plusSeconds(10));
            sessions.end(tx, "s-blog", now.plusSeconds(10));
            return null;
        });
        assertThat(t.db.read((Tx tx) -> curation.endedSessionsSince(tx, SHOP, "curate"))).isEqualTo(1);

        t.db.write((Tx tx) -> {
            jobs.enqueue(tx, new NewJob("curate", SHOP, Map.of(), null), now.plusSeconds(20));
            jobs.enqueue(tx, new NewJob("scan", SHOP, Map.of(), null), now.plusSeconds(40));
            jobs.enqueue(tx, new NewJob("curate", BLOG, Map.of(), null), now.plusSeconds(40));
            sessions.end(tx, "s-2", now.plusSeconds(30));
            sessions.end(tx, "s-3", now.plusSeconds(50));
            return null;
        });
        assertThat(t.db.read((Tx tx) -> curation.endedSessionsSince(tx, SHOP, "curate"))).isEqualTo(2);
        assertThat(t.db.read((Tx tx) -> curation.endedSessionsSince(tx, SHOP, "scan"))).isEqualTo(1);
        assertThat(t.db.read((Tx tx) -> curation.endedSessionsSince(tx, BLOG, "curate"))).isZero();
    }

    private static NewObservation shell(String session, String project, String command, Long bytes, Integer lines) {
        return new NewObservation(session, project, "codex", "Bash", command, "shell", List.of(), List.of(), 0, bytes, lines,
                null);
    }

    private static SummaryFields fields(String request, List<String> keyFiles) {
        return new SummaryFields(request, null, null, null, null, null, null, null, keyFiles, List.of(), List.of());
    }
}
