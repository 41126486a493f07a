package dev.eaglemem.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.NewMemoryRow;
import org.junit.jupiter.api.Test;

/** The row a draft becomes: titles, topics, files, scope and limits, before anything touches the database. */
class MemoryDraftsTest {

    private static final Redactor REDACTOR = Redactor.defaults();

    private static MemoryDraft draft(MemoryKind kind, MemoryScope scope, String title, String content, MemoryDetails details,
            String topic, List<String> files) {
        return new MemoryDraft(kind, scope, title, content, details, topic, files, "code/app", "codex", null, null, false);
    }

    private static NewMemoryRow row(String title, String content) {
        return MemoryDrafts.toRow(draft(MemoryKind.DECISION, MemoryScope.PROJECT, title, content, null, null, List.of()),
                REDACTOR);
    }

    @Test
    void withoutATitleTheFirstNonBlankLineIsOneAndALongOneIsCutAtAWord() {
        assertThat(row(null, "\n\n  Use   WAL mode \nbecause readers never block").title()).isEqualTo("Use WAL mode");

        String words = "Retries of the payment webhook must be idempotent because Stripe redelivers events after timeouts";
        String title = row(null, words).title();
        assertThat(title).isEqualTo("Retries of the payment webhook must be idempotent because Stripe redelivers…");
        assertThat(title.length()).isLessThanOrEqualTo(81);

        String oneWord = "x".repeat(120);
        assertThat(row(null, oneWord).title()).as("no space to cut at: cut at 80").isEqualTo("x".repeat(80) + "…");
        assertThat(row("  A   given\ntitle ", "content").title()).isEqualTo("A given title");
    }

    @Test
    void aFactIsTitledBySubjectAndPredicateAndFeedbackBySituation() {
        NewMemoryRow fact = MemoryDrafts.toRow(draft(MemoryKind.FACT, MemoryScope.PROJECT, null, null,
                new MemoryDetails("deploying", null, null, null, "the api", "is deployed on", "Fly.io"), null, List.of()),
                REDACTOR);
        assertThat(fact.title()).isEqualTo("the api is deployed on");
        assertThat(fact.content()).isEqualTo("Situation: deploying\nFact: the api is deployed on Fly.io");

        NewMemoryRow feedback = MemoryDrafts.toRow(draft(MemoryKind.FEEDBACK, MemoryScope.PROJECT, null, "  see PR 12 ",
                new MemoryDetails("editing migrations", "edited V1", "checksum mismatch", "add V2", null, null, null), null,
                List.of()), REDACTOR);
        assertThat(feedback.title()).isEqualTo("editing migrations");
        assertThat(feedback.content()).isEqualTo("Situation: editing migrations\nBehavior: edited V1\nImpact: checksum mismatch\n"
                + "Action: add V2\n\nsee PR 12");
    }

    @Test
    void topicKeysAreLowerCasedAndABlankOneIsNone() {
        assertThat(MemoryDrafts.topic("  Architecture/Storage ")).isEqualTo("architecture/storage");
        assertThat(MemoryDrafts.topic("   ")).isNull();
        assertThat(MemoryDrafts.topic(null)).isNull();
        assertThat(MemoryDrafts.topic("a".repeat(120))).hasSize(120);
        for (String bad : List.of("-leading-dash", "has space", "a".repeat(121), "ümlaut")) {
            assertThatThrownBy(() -> MemoryDrafts.topic(bad)).as(bad).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                assertThat(e.getMessage()).startsWith("invalid topic key '" + bad + "'");
            });
        }
    }

    @Test
    void filesAreStrippedAndListedOnceInTheOrderGiven() {
        NewMemoryRow row = MemoryDrafts.toRow(draft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "t", "c", null, null,
                List.of(" src/b.ts ", "src/a.ts", "src/b.ts", "  ")), REDACTOR);
        assertThat(row.files()).containsExactly("src/b.ts", "src/a.ts");
    }

    @Test
    void aPersonalMemoryKeepsNoProjectAndAProjectOneNeedsOne() {
        NewMemoryRow personal = MemoryDrafts.toRow(draft(MemoryKind.PREFERENCE, MemoryScope.PERSONAL, null, "tabs", null,
                null, List.of()), REDACTOR);
        assertThat(personal.project()).isNull();
        assertThat(personal.scope()).isEqualTo("personal");

        MemoryDraft nowhere = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "t", "c", null, null, List.of(), null,
                "codex", null, null, false);
        assertThatThrownBy(() -> MemoryDrafts.toRow(nowhere, REDACTOR))
                .hasMessage("no project to attach a project memory to");
    }

    @Test
    void contentAndTitleHaveLimitsCountedAfterRedaction() {
        String atLimit = "a".repeat(MemoryText.MAX_CONTENT);
        assertThat(row("t", atLimit).content()).hasSize(MemoryText.MAX_CONTENT);
        assertThatThrownBy(() -> row("t", atLimit + "b")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(e.getMessage()).isEqualTo("the content is 65537 characters; the limit is 65536");
        });
        assertThatThrownBy(() -> row("t".repeat(MemoryText.MAX_TITLE + 1), "c"))
                .hasMessage("the title is 301 characters; the limit is 300");
        assertThat(row("t", "a <private>" + "x".repeat(MemoryText.MAX_CONTENT) + "</private>").content())
                .as("a private block is gone before the length is counted").isEqualTo("a");
    }

    @Test
    void theHashIgnoresCaseSpacingAndTrailingPunctuationButNotTheKind() {
        assertThat(row("a", "Use WAL mode.").normalizedHash()).isEqualTo(row("b", "  use  wal MODE!").normalizedHash())
                .isEqualTo(MemoryKind.DECISION.normalizedHash("use wal mode"));
        assertThat(MemoryKind.PATTERN.normalizedHash("use wal mode"))
                .isNotEqualTo(MemoryKind.DECISION.normalizedHash("use wal mode"));
        assertThat(row("a", "Use WAL mode").normalizedHash()).isNotEqualTo(row("a", "Use WAL").normalizedHash());
    }

    @Test
    void aDraftEitherSupersedesOrKeepsBothNeverBoth() {
        assertThatThrownBy(() -> new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "t", "c", null, null, null,
                "code/app", "codex", null, 7L, true)).isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage()).startsWith("supersedes and keep_both exclude each other"));
        MemoryDraft defaults = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "t", "c", null, null, null,
                "code/app", "codex", null, null, false, null);
        assertThat(defaults.files()).isEmpty();
        assertThat(defaults.cues()).isEmpty();
        assertThat(defaults.details()).isEqualTo(MemoryDetails.NONE);
    }

    @Test
    void kindsAndScopesParseWhateverTheCaseAndAPatchOfOnlyAnAgentIsEmpty() {
        assertThat(MemoryKind.parse(" Gotcha ")).contains(MemoryKind.GOTCHA);
        assertThat(MemoryKind.parse("gotchas")).isEmpty();
        assertThat(MemoryScope.parse("PERSONAL")).contains(MemoryScope.PERSONAL);
        assertThat(MemoryScope.parse("team")).isEmpty();
        assertThat(MemoryKind.allIds()).isEqualTo("decision, gotcha, pattern, preference, discovery, friction, context, "
                + "feedback, fact, note");

        assertThat(new MemoryPatch(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                "claude-code").isEmpty()).isTrue();
        assertThat(new MemoryPatch(null, null, null, null, null, null, null, null, null, null, null, null, List.of("a"), null,
                null).isEmpty()).isFalse();
        assertThat(new MemoryPatch(null, null, null, null, null, null, null, null, null, "x", null, null, null, null,
                null).isEmpty()).isFalse();
    }

    @Test
    void cuesAreTidiedDedupedIgnoringCaseCutAndCapped() {
        assertThat(Cues.tidy(Arrays.asList("  the weekly\n email  ", "THE WEEKLY EMAIL", "", null, " "))).containsExactly(
                "the weekly email");
        assertThat(Cues.tidy(List.of("y".repeat(Cues.MAX_CHARS + 5))).getFirst()).hasSize(Cues.MAX_CHARS);
        List<String> many = java.util.stream.IntStream.range(0, 12).mapToObj(i -> "cue " + i).toList();
        assertThat(Cues.tidy(many)).hasSize(Cues.MAX).startsWith("cue 0").endsWith("cue 7");
    }
}
