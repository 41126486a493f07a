package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.format.Times;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;
import org.junit.jupiter.api.Test;

class MemoryLinesTest {

    private static MemoryRow row(String kind, String title, String content, MemoryDetails details) {
        return new MemoryRow(1, "code/app", "project", kind, title, content, details, null, List.of(), "h", 0, 0,
                "codex", null, null, "2026-11-20T10:00:00Z", "2026-11-20T10:00:00Z", "2026-11-20T10:00:00Z", null, null);
    }

    @Test
    void aFactWithItsDefaultTitleIsCompletedByItsObjectAndSituation() {
        MemoryDetails d = new MemoryDetails("production", null, null, null, "database", "runs on", "PostgreSQL 16");
        MemoryRow fact = row("fact", "database runs on", "Situation: production\nFact: database runs on PostgreSQL 16", d);
        assertThat(MemoryLines.detail(fact)).isEqualTo("PostgreSQL 16 (when: production)");
    }

    @Test
    void aFactWithItsOwnTitleShowsTheWholeFact() {
        MemoryDetails d = new MemoryDetails(null, null, null, null, "staging", "deploys from", "the release branch");
        assertThat(MemoryLines.detail(row("fact", "Where staging comes from", "Fact: …", d)))
                .isEqualTo("staging deploys from the release branch");
    }

    @Test
    void feedbackShowsItsActionAndEveryOtherPart() {
        MemoryDetails d = new MemoryDetails("editing migrations", "rewrote an applied migration",
                "checksums broke on every machine", "add a new V-file instead", null, null, null);
        MemoryRow feedback = row("feedback", "Never edit applied migrations", "Situation: editing migrations\n…", d);
        assertThat(MemoryLines.detail(feedback)).isEqualTo("when editing migrations; not: rewrote an applied migration;"
                + " do: add a new V-file instead; why: checksums broke on every machine");
    }

    @Test
    void freeTextMemoriesShowTheirFirstLine() {
        assertThat(MemoryLines.detail(row("gotcha", "DST", "\n  Cron runs in local time\nmore", MemoryDetails.NONE)))
                .isEqualTo("Cron runs in local time");
    }

    @Test
    void sessionStartRendersAFactWithItsObject() {
        MemoryDetails d = new MemoryDetails("production", null, null, null, "database", "runs on", "PostgreSQL 16");
        SessionStartRenderer.View view = new SessionStartRenderer.View("code/app", "s-1", "startup", 1, 1, null, null,
                List.of(row("fact", "database runs on", "Situation: production\nFact: database runs on PostgreSQL 16", d)),
                List.of(), List.of(), "eagle-mem", Times.UTC);
        String text = SessionStartRenderer.render(view, SessionStartRenderer.Style.RICH, 8000).text();
        assertThat(text).contains("- [fact] database runs on — PostgreSQL 16 (when: production) (mem-1)");
    }
}
