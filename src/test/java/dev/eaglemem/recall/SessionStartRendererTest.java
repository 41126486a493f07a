package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import dev.eaglemem.checkpoint.OpenTask;
import dev.eaglemem.format.Times;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.recall.SessionStartRenderer.FileEdits;
import dev.eaglemem.recall.SessionStartRenderer.Rendered;
import dev.eaglemem.recall.SessionStartRenderer.Style;
import dev.eaglemem.recall.SessionStartRenderer.View;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The SessionStart text: its sections, both styles, the empty project, and the character budget. */
class SessionStartRendererTest {

    private static final String PROJECT = "code/shop";
    private static final String SESSION = "sess-42";
    private static final int BUDGET = 8000;

    // ---- builders ----

    private static MemoryRow memory(long id, String kind, String title, String content) {
        return memory(id, kind, title, content, "2026-11-20T10:00:" + String.format("%02d", id % 60) + "Z");
    }

    private static MemoryRow memory(long id, String kind, String title, String content, String updatedAt) {
        return new MemoryRow(id, PROJECT, "project", kind, title, content, MemoryDetails.NONE, null, List.of(),
                "hash-" + id, 0, 0, "claude-code", null, null, updatedAt, updatedAt, updatedAt, null, null);
    }

    private static SummaryFields fields(String request, String completed, String learned, String decisions,
            String gotchas, String nextSteps, List<String> keyFiles) {
        return new SummaryFields(request, null, learned, completed, decisions, gotchas, nextSteps, null, keyFiles, List.of(),
                List.of());
    }

    private static SummaryRow summary(long id, String agent, String updatedAt, SummaryFields f) {
        return new SummaryRow(id, "prior-" + id, PROJECT, agent, f, "session_save", updatedAt, updatedAt);
    }

    private static View view(String source, String overview, List<MemoryRow> memories, List<SummaryRow> summaries,
            List<FileEdits> workingSet) {
        return new View(PROJECT, SESSION, source, 2, memories.size(),
                summaries.isEmpty() ? null : summaries.getFirst().updatedAt(),
                overview, memories, summaries, workingSet, "eagle-mem", Times.UTC);
    }

    /** One of everything: two key memories, one other, two sessions, an overview and a working set. */
    private static View full(String source) {
        return view(source, "shop-api: the shop's Python web API.",
                List.of(memory(1, "decision", "Money is integer cents", "Totals are computed in integer cents."),
                        memory(2, "gotcha", "CartTest needs TZ=UTC", "CartTest needs TZ=UTC"),
                        memory(3, "pattern", "Errors end with a fix", "")),
                List.of(summary(11, "claude-code", "2026-11-21T16:30:00Z",
                        fields("Fix rounding", "Totals add up", "Floats drift", "Money is cents", "CI runs in UTC",
                                "Add property tests; Cover refunds", List.of("src/cart.py"))),
                        summary(10, "codex", "2026-11-20T10:00:00Z",
                                fields("Add the release gate", null, null, null, null, "Cover gh pr merge\nAdd property tests",
                                        List.of()))),
                List.of(new FileEdits("src/cart.py", 3), new FileEdits("README.md", 1)));
    }

    private static int count(String text, String needle) {
        int n = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
            n++;
        }
        return n;
    }

    // ---- an empty project ----

    /**
     * Issue 25: a memory whose title is its content's first 80 characters was shown as the title and then the same
     * words again, and a long one lost its reason to the cut.
     */
    @Test
    void aMemoryIsNotSaidTwiceAndKeepsItsReason() {
        String content = "Totals are computed in integer cents for every line item, discount and tax line of the cart"
                + " and the invoice, because the payment gateway rounds half-up and floats drifted by a cent";
        String title = "Totals are computed in integer cents for every line item, discount and tax line…";
        Rendered r = SessionStartRenderer.render(view("startup", null, List.of(memory(7, "decision", title, content)),
                List.of(), List.of()), Style.RICH, BUDGET);
        String line = r.text().lines().filter(l -> l.startsWith("- [decision]")).findFirst().orElseThrow();
        assertThat(line).startsWith("- [decision] Totals are computed in integer cents").doesNotContain(" — ")
                .contains("because the payment gateway rounds half-up").endsWith("(mem-7)");
        assertThat(line.split("Totals are computed", -1)).as("said once").hasSize(2);
    }

    @Test
    void anEmptyProjectGetsOneLineThatSaysHowToSave() {
        Rendered r = SessionStartRenderer.render(view("startup", null, List.of(), List.of(), List.of()), Style.RICH, BUDGET);
        assertThat(r.text()).isEqualTo("Eagle Mem: no memory yet for code/shop — it fills in as you work. When you finish"
                + " substantive work, save it: eagle-mem session save --session-id sess-42 --completed \"…\" --decisions \"…\""
                + " --gotchas \"…\"");
        assertThat(r.sectionsTrimmed()).isZero();
        assertThat(r.memoryIds()).isEmpty();
        assertThat(r.summaryIds()).isEmpty();
    }

    @Test
    void aBlankOverviewAloneIsStillEmptyButARealOneIsShown() {
        View blank = view("startup", "  \n ", List.of(), List.of(), List.of());
        assertThat(blank.empty()).isTrue();
        assertThat(SessionStartRenderer.render(blank, Style.COMPACT, BUDGET).text()).startsWith("Eagle Mem: no memory yet");

        Rendered r = SessionStartRenderer.render(view("startup", "A web\n  API.", List.of(), List.of(), List.of()),
                Style.RICH, BUDGET);
        assertThat(r.text()).contains("=== Eagle Mem: Project Overview ===\nA web API.")
                .doesNotContain("Decisions & Gotchas", "Recent Sessions", "Open Tasks", "Other Memories");
    }

    @Test
    void theCommandTheAgentIsToldIsTheOneInstallRecordedAndDatesAreTheUsersDays() {
        View v = full("startup");
        String path = "'/home/dev/My Tools/eagle-mem'";
        View configured = new View(v.project(), v.sessionId(), v.source(), v.sessions(), v.memories(), v.lastWork(),
                v.overview(), v.memoryRows(), v.summaries(), v.workingSet(), path, new Times(ZoneId.of("Asia/Tokyo")));
        for (Style style : Style.values()) {
            String text = SessionStartRenderer.render(configured, style, BUDGET).text();
            assertThat(text).contains(path + " session save --session-id sess-42").doesNotContain(" eagle-mem ")
                    .doesNotContain("\neagle-mem ");
        }
        String rich = SessionStartRenderer.render(configured, Style.RICH, BUDGET).text();
        assertThat(rich).contains("Older memory: " + path + " search <words>, then " + path + " show <id>.",
                path + " memories add --kind decision");
        // 16:30 UTC on the 21st is 01:30 on the 22nd in Tokyo
        assertThat(rich).contains("last work 2026-11-22)", "- 2026-11-22 (claude-code, sum-11)", "- 2026-11-20 (codex, sum-10)");
        View empty = view("startup", null, List.of(), List.of(), List.of());
        assertThat(SessionStartRenderer.render(new View(PROJECT, SESSION, "startup", 0, 0, null, null, List.of(), List.of(),
                List.of(), path, Times.UTC), Style.RICH, BUDGET).text()).contains("save it: " + path + " session save");
        assertThat(SessionStartRenderer.render(empty, Style.RICH, BUDGET).text()).contains("save it: eagle-mem session save");
    }

    // ---- the rich style ----

    @Test
    void richRendersEverySectionInOrderBetweenHeaderAndFooter() {
        Rendered r = SessionStartRenderer.render(full("compact"), Style.RICH, BUDGET);
        assertThat(r.text()).isEqualTo("""
                Eagle Mem recall ready — code/shop (2 sessions, 3 memories, last work 2026-11-21)
                Use this project memory before making design or implementation claims. If it shapes your answer, say so \
                in one short "Eagle Mem recalls:" line.

                === Eagle Mem: Decisions & Gotchas ===
                - [decision] Money is integer cents — Totals are computed in integer cents. (mem-1)
                - [gotcha] CartTest needs TZ=UTC (mem-2)

                === Eagle Mem: Working Set ===
                Files this session was changing before the context was reset:
                - src/cart.py (3 edits)
                - README.md (1 edit)

                === Eagle Mem: Recent Sessions ===
                - 2026-11-21 (claude-code, sum-11)
                  Request: Fix rounding
                  Done: Totals add up
                  Learned: Floats drift
                  Decisions: Money is cents
                  Gotchas: CI runs in UTC
                  Key files: src/cart.py

                === Eagle Mem: Open Tasks ===
                - Add property tests
                - Cover refunds
                - Cover gh pr merge

                === Eagle Mem: Project Overview ===
                shop-api: the shop's Python web API.

                === Eagle Mem: Other Memories ===
                - [pattern] Errors end with a fix (mem-3)

                === Eagle Mem: Keep This Session ===
                When you finish substantive work (or before the context fills up), save it once — quiet and pre-approved:
                eagle-mem session save --session-id sess-42 --request "…" --completed "…" --decisions "choice — why; …" \
                --gotchas "…" --next-steps "…" --key-files "a.ts,b.ts"
                Older memory: eagle-mem search <words>, then eagle-mem show <id>. A lasting decision or gotcha: eagle-mem \
                memories add --kind decision --title "…" --content "…\"""");
        assertThat(r.sectionsTrimmed()).isZero();
        assertThat(r.memoryIds()).containsExactly(1L, 2L, 3L);
        assertThat(r.summaryIds()).containsExactly(11L, 10L);
    }

    @ParameterizedTest
    @ValueSource(strings = { "startup", "resume" })
    void aFreshOrResumedSessionGetsThreeRecentSessionsAndNoWorkingSet(String source) {
        List<SummaryRow> four = IntStream.rangeClosed(1, 4).mapToObj(i -> summary(i, "codex", "2026-11-0" + i + "T10:00:00Z",
                fields("Request " + i, null, null, null, null, null, List.of()))).toList();
        Rendered r = SessionStartRenderer.render(view(source, null, List.of(), four, List.of(new FileEdits("a.py", 2))),
                Style.RICH, BUDGET);
        assertThat(r.text()).doesNotContain("Working Set", "a.py")
                .contains("Request 1", "Request 2", "Request 3").doesNotContain("Request 4");
    }

    @ParameterizedTest
    @ValueSource(strings = { "compact", "clear" })
    void afterACompactionOrClearOnlyTheNewestSessionAndTheWorkingSetAreShown(String source) {
        List<SummaryRow> two = List.of(summary(2, "codex", "2026-11-02T10:00:00Z", fields("Newest", null, null, null, null,
                null, List.of())),
                summary(1, "codex", "2026-11-01T10:00:00Z", fields("Earlier request", null, null, null, null, null,
                        List.of())));
        Rendered r = SessionStartRenderer.render(view(source, null, List.of(), two, List.of(new FileEdits("a.py", 2))),
                Style.RICH, BUDGET);
        assertThat(r.text()).contains("=== Eagle Mem: Working Set ===", "- a.py (2 edits)", "Request: Newest")
                .doesNotContain("Earlier request");
        assertThat(SessionStartRenderer.render(view(source, null, List.of(), two, List.of()), Style.RICH, BUDGET).text())
                .as("an empty working set is no section").doesNotContain("Working Set");
    }

    // ---- memories ----

    @ParameterizedTest
    @EnumSource(MemoryKind.class)
    void everyMemoryKindIsShownInItsSection(MemoryKind kind) {
        MemoryRow m = memory(7, kind.id(), "A " + kind.id(), "Details of the " + kind.id() + ".\nSecond line.");
        for (Style style : Style.values()) {
            Rendered r = SessionStartRenderer.render(view("startup", null, List.of(m), List.of(), List.of()), style, BUDGET);
            boolean key = kind == MemoryKind.DECISION || kind == MemoryKind.GOTCHA;
            String section = key ? "Decisions & Gotchas" : "Other Memories";
            String line = "- [" + kind.id() + "] A " + kind.id() + " — Details of the " + kind.id() + "."
                    + (style == Style.RICH ? " (mem-7)" : "");
            String heading = style == Style.RICH ? "=== Eagle Mem: " + section + " ===\n" : section + ":\n";
            assertThat(r.text()).as(style.name()).contains(heading + line).doesNotContain("Second line");
            assertThat(r.text()).doesNotContain(key ? "Other Memories" : "Decisions & Gotchas");
            assertThat(r.memoryIds()).containsExactly(7L);
        }
    }

    @Test
    void keyMemoriesAreCappedPerKindAndOtherMemoriesShowTheNewestEight() {
        List<MemoryRow> rows = new ArrayList<>();
        IntStream.rangeClosed(1, 10).forEach(i -> rows.add(memory(i, "decision", "Decision " + i, "")));
        IntStream.rangeClosed(11, 20).forEach(i -> rows.add(memory(i, "gotcha", "Gotcha " + i, "")));
        // other kinds are sorted by updated_at, newest first, whatever order they come in
        IntStream.rangeClosed(21, 30).forEach(i -> rows.add(memory(i, i % 2 == 0 ? "pattern" : "context", "Other " + i, "",
                "2026-11-" + (i - 10) + "T00:00:00Z")));
        Rendered r = SessionStartRenderer.render(view("startup", null, rows, List.of(), List.of()), Style.RICH, 100_000);
        assertThat(count(r.text(), "[decision]")).isEqualTo(8);
        assertThat(count(r.text(), "[gotcha]")).isEqualTo(6);
        assertThat(r.text()).contains("Decision 8 ", "Gotcha 16 ").doesNotContain("Decision 9 ", "Gotcha 17 ");
        assertThat(r.text()).contains("Other 30 ", "Other 23 ").doesNotContain("Other 22 ", "Other 21 ");
        assertThat(r.text().indexOf("Other 30 ")).isLessThan(r.text().indexOf("Other 23 "));
        assertThat(r.memoryIds()).hasSize(8 + 6 + 8).doesNotContain(9L, 17L, 21L, 22L);
    }

    @Test
    void theDetailIsTheFirstContentLineCutToAStyleLimit() {
        MemoryRow same = memory(1, "decision", "Use WAL", "\n   Use WAL  \nmore");
        MemoryRow longer = memory(2, "decision", "Long", "x".repeat(500));
        Rendered rich = SessionStartRenderer.render(view("startup", null, List.of(same, longer), List.of(), List.of()),
                Style.RICH, BUDGET);
        assertThat(rich.text()).contains("- [decision] Use WAL (mem-1)")
                .contains("- [decision] Long — " + "x".repeat(199) + "… (mem-2)");
        Rendered compact = SessionStartRenderer.render(view("startup", null, List.of(longer), List.of(), List.of()),
                Style.COMPACT, BUDGET);
        assertThat(compact.text()).contains("- [decision] Long — " + "x".repeat(139) + "…\n");
    }

    // ---- sessions and tasks ----

    @Test
    void openTasksAreSplitDeduplicatedAndCappedAtEight() {
        SummaryRow newest = summary(2, "codex", "2026-11-02T10:00:00Z",
                fields("R", null, null, null, null, "One; Two\nThree;;  \nOne", List.of()));
        SummaryRow older = summary(1, "codex", "2026-11-01T10:00:00Z",
                fields("R", null, null, null, null, "Four;Five;Six;Seven;Eight;Nine;Ten", List.of()));
        Rendered rich = SessionStartRenderer.render(view("startup", null, List.of(), List.of(newest, older), List.of()),
                Style.RICH, BUDGET);
        assertThat(rich.text()).contains("=== Eagle Mem: Open Tasks ===\n- One\n- Two\n- Three\n- Four\n- Five\n- Six\n"
                + "- Seven\n- Eight\n\n").doesNotContain("Nine");
        Rendered compact = SessionStartRenderer.render(view("startup", null, List.of(), List.of(newest, older), List.of()),
                Style.COMPACT, BUDGET);
        assertThat(compact.text()).contains("Open Tasks:\nOne; Two; Three; Four; Five; Six; Seven; Eight\n");
    }

    @Test
    void aSessionWithoutNextStepsLeavesNoOpenTasksSection() {
        SummaryRow s = summary(1, "codex", "2026-11-01T10:00:00Z", fields("Only a request", null, null, null, null, null,
                List.of()));
        Rendered r = SessionStartRenderer.render(view("startup", null, List.of(), List.of(s), List.of()), Style.RICH, BUDGET);
        assertThat(r.text()).contains("- 2026-11-01 (codex, sum-1)\n  Request: Only a request\n\n")
                .doesNotContain("Open Tasks", "Done:", "Key files");
    }

    // ---- the compact style ----

    @Test
    void compactHasPlainHeadingsNoIdsAndOneLinePerSession() {
        Rendered r = SessionStartRenderer.render(full("startup"), Style.COMPACT, BUDGET);
        assertThat(r.text()).isEqualTo("""
                Eagle Mem recall ready — code/shop: 2 sessions, 3 memories, last work 2026-11-21.

                Decisions & Gotchas:
                - [decision] Money is integer cents — Totals are computed in integer cents.
                - [gotcha] CartTest needs TZ=UTC

                Recent Sessions:
                - 2026-11-21: Totals add up | decided: Money is cents | watch: CI runs in UTC
                - 2026-11-20: Add the release gate

                Open Tasks:
                Add property tests; Cover refunds; Cover gh pr merge

                Project Overview:
                shop-api: the shop's Python web API.

                Other Memories:
                - [pattern] Errors end with a fix

                At the end of substantive work, save the session: eagle-mem session save --session-id sess-42 \
                --request "…" --completed "…" --decisions "choice — why; …" --gotchas "…" --next-steps "…" \
                --key-files "a.ts,b.ts"
                Use recalled context only when relevant; keep replies to the user clean.""");
        assertThat(r.text()).doesNotContain("===", "mem-", "sum-");
    }

    @Test
    void theHeaderCountsInTheSingularAndLeavesOutAnUnknownLastWork() {
        View one = new View(PROJECT, SESSION, "startup", 1, 1, null, null, List.of(memory(1, "decision", "D", "")),
                List.of(), List.of(), "eagle-mem", Times.UTC);
        assertThat(SessionStartRenderer.render(one, Style.COMPACT, BUDGET).text())
                .startsWith("Eagle Mem recall ready — code/shop: 1 session, 1 memory.\n");
        View none = new View(PROJECT, SESSION, "startup", 0, 0, null, null, List.of(memory(1, "decision", "D", "")),
                List.of(), List.of(), "eagle-mem", Times.UTC);
        assertThat(SessionStartRenderer.render(none, Style.RICH, BUDGET).text())
                .startsWith("Eagle Mem recall ready — code/shop (0 sessions, 0 memories)\n");
    }

    // ---- the budget ----

    /** Big enough that every section is near its own bound: titles are not cut, so they make the size. */
    private static View oversized() {
        List<MemoryRow> rows = new ArrayList<>();
        IntStream.rangeClosed(1, 4).forEach(i -> rows.add(memory(i, "decision", "Decision " + i + " " + "d".repeat(250),
                "why " + "w".repeat(300))));
        IntStream.rangeClosed(5, 6).forEach(i -> rows.add(memory(i, "gotcha", "Gotcha " + i + " " + "g".repeat(250), "")));
        IntStream.rangeClosed(7, 14).forEach(i -> rows.add(memory(i, "pattern", "Pattern " + i + " " + "p".repeat(250),
                "how " + "h".repeat(300))));
        List<SummaryRow> summaries = IntStream.rangeClosed(1, 3).mapToObj(i -> summary(i, "codex", "2026-11-0" + i + "T10:00:00Z",
                fields("r".repeat(300), "c".repeat(300), "l".repeat(300), "d".repeat(300), "g".repeat(300),
                        "Task " + i + "a " + "t".repeat(200) + "; Task " + i + "b " + "t".repeat(200), List.of("a.py"))))
                .toList();
        return view("startup", "o".repeat(2000), rows, summaries, List.of());
    }

    @Test
    void theDefaultBudgetDropsWholeSectionsLowestPriorityFirst() {
        View v = oversized();
        String unlimited = SessionStartRenderer.render(v, Style.RICH, 1_000_000).text();
        // about 12,100 characters: without Other Memories (~3,900) still over 8,000, without the Overview too under it
        assertThat(unlimited.length()).as("the fixture must overflow the budget").isGreaterThan(BUDGET);

        Rendered r = SessionStartRenderer.render(v, Style.RICH, BUDGET);
        assertThat(r.text().length()).isLessThanOrEqualTo(BUDGET);
        assertThat(r.text()).isEqualTo(without(without(unlimited, "Other Memories"), "Project Overview"));
        assertThat(r.sectionsTrimmed()).isEqualTo(2);
        assertThat(r.trimmed()).as("what the recall inspector shows as trimmed").containsExactly("Other Memories",
                "Project Overview");
        assertThat(r.text()).endsWith("--content \"…\"");
    }

    private static String without(String text, String title) {
        String gone = "\n\n=== Eagle Mem: " + title + " ===\n" + section(text, title);
        assertThat(text).contains(gone);
        return text.replace(gone, "");
    }

    @Test
    void eachTighterBudgetDropsTheNextSectionInPriorityOrder() {
        View v = oversized();
        String unlimited = SessionStartRenderer.render(v, Style.RICH, 1_000_000).text();
        // priorities: Other Memories 50 < Project Overview 60 < Open Tasks 80 < Recent Sessions 90 < Decisions 100
        List<String> lowestFirst = List.of("Other Memories", "Project Overview", "Open Tasks", "Recent Sessions");
        String remaining = unlimited;
        for (int dropped = 1; dropped <= lowestFirst.size(); dropped++) {
            String gone = lowestFirst.get(dropped - 1);
            remaining = without(remaining, gone);
            Rendered r = SessionStartRenderer.render(v, Style.RICH, remaining.length());
            assertThat(r.text()).as("cap %d", remaining.length()).isEqualTo(remaining);
            assertThat(r.sectionsTrimmed()).isEqualTo(dropped);
            Rendered oneLess = SessionStartRenderer.render(v, Style.RICH, remaining.length() - 1);
            assertThat(oneLess.sectionsTrimmed()).as("one character less drops one more").isEqualTo(dropped + 1);
        }
    }

    @Test
    void theSaveInstructionsSurviveAnyBudget() {
        for (Style style : Style.values()) {
            Rendered r = SessionStartRenderer.render(oversized(), style, 1200);
            assertThat(r.text().length()).isLessThanOrEqualTo(1200);
            assertThat(r.text()).contains("eagle-mem session save --session-id sess-42");
            assertThat(r.sectionsTrimmed()).as(style.name()).isEqualTo(5);
        }
    }

    @Test
    void memoriesOfADroppedSectionAreNotReportedAsShown() {
        Rendered r = SessionStartRenderer.render(oversized(), Style.RICH, BUDGET);
        assertThat(r.text()).doesNotContain("[pattern]");
        assertThat(r.memoryIds()).as("ids of memories in the text").doesNotContain(7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L);
    }

    /** 200 open tasks: eight listed, in progress first and stale ones marked, the rest counted, inside the budget. */
    @ParameterizedTest
    @EnumSource(Style.class)
    void aStartupListsTheOpenTasksInProgressFirstWithinTheBudget(Style style) {
        java.time.Instant now = java.time.Instant.parse("2026-11-22T15:00:00Z");
        List<OpenTask> open = IntStream.rangeClosed(1, 200)
                .mapToObj(i -> new OpenTask(i, "Task " + i, i <= 10 ? "in_progress" : "pending",
                        now.minus(java.time.Duration.ofHours(i)), i == 2))
                .toList();
        Rendered r = SessionStartRenderer.render(full("startup").withTasks(open, now), style, BUDGET);
        assertThat(r.text().length()).isLessThanOrEqualTo(BUDGET);
        String tasks = style == Style.RICH ? section(r.text(), "Tasks")
                : r.text().substring(r.text().indexOf("\n\nTasks:\n") + 9, r.text().indexOf("\n\nOpen Tasks:"));
        assertThat(tasks.lines()).hasSize(9).startsWith("- t-1 Task 1 (in progress 1h)", "- t-2 Task 2 (in progress 2h, stale)")
                .last().isEqualTo("- … 192 more: eagle-mem tasks list");
        assertThat(SessionStartRenderer.render(full("compact").withTasks(List.of(), now), style, BUDGET).text())
                .as("after a reset the tasks are the where-you-were block's").doesNotContain("t-1 ");
    }

    /** The body of a rich section: the lines after its heading up to the blank line. */
    private static String section(String text, String title) {
        String heading = "=== Eagle Mem: " + title + " ===\n";
        int start = text.indexOf(heading);
        assertThat(start).as("section %s", title).isNotNegative();
        int bodyStart = start + heading.length();
        int end = text.indexOf("\n\n", bodyStart);
        return text.substring(bodyStart, end);
    }
}
