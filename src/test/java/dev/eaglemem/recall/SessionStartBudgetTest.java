package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SessionStart budget end to end: memories read from a real database, the configured
 * {@code recall.sessionstart_chars} (default 8,000) applied, and what was trimmed recorded in recall_events.
 */
class SessionStartBudgetTest {

    private static final String PROJECT = "code/shop";
    private static final String SESSION = "sess-now";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private TestDb t;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        TestServices services = TestServices.on(t.db, CLOCK);
        MemoryService memories = services.memories();
        SessionService sessions = services.sessions();
        sessions.save(new SessionSave("sess-before", PROJECT, null, "/home/dev/code/shop", "codex", "codex",
                new SummaryFields("Fix the totals", null, null, "Totals add up", null, null, "Add refunds", null,
                        List.of(), List.of(), List.of())));
        for (MemoryKind kind : List.of(MemoryKind.DECISION, MemoryKind.GOTCHA, MemoryKind.PATTERN)) {
            for (int i = 1; i <= 8; i++) {
                String title = kind.id() + " number " + i + " " + "about the shop api ".repeat(14);
                memories.add(new MemoryDraft(kind, MemoryScope.PROJECT, title.strip(),
                        "Because of reason " + i + " for " + kind.id() + ": " + "the checkout flow matters. ".repeat(10),
                        null, null, List.of(), PROJECT, "codex", null, null, true));
            }
        }
    }

    @AfterEach
    void close() {
        t.close();
    }

    private RecallService recall(EagleConfig config) {
        return TestServices.on(t.db, CLOCK).withSettings(new Settings(config)).recall();
    }

    private RecallEventRow lastEvent() {
        return new RecallHistory(t.db, new RecallStore()).recent(SESSION, PROJECT, 1).events().getFirst();
    }

    @Test
    void theDefaultBudgetIsEightThousandCharactersAndTrimsWholeSections() {
        EagleConfig defaults = EagleConfig.defaults(dir.resolve("config.toml"));
        assertThat(defaults.intValue(ConfigKeys.RECALL_SESSION_START_CHARS)).isEqualTo(8000);

        String text = recall(defaults).sessionStart(new RecallService.Audience(SESSION, PROJECT, "claude-code", false),
                "startup").orElseThrow();
        assertThat(text.length()).isLessThanOrEqualTo(8000);
        assertThat(text).contains("=== Eagle Mem: Decisions & Gotchas ===", "=== Eagle Mem: Keep This Session ===")
                .doesNotContain("=== Eagle Mem: Other Memories ===");
        RecallEventRow event = lastEvent();
        assertThat(event.status()).isEqualTo("injected");
        assertThat(event.injectedChars()).isEqualTo(text.length());
        assertThat(event.sectionsTrimmed()).isPositive();
        assertThat(event.trimmed()).as("stored by name for the recall inspector").hasSize(event.sectionsTrimmed())
                .contains("Other Memories");
    }

    @Test
    void aSmallerConfiguredBudgetIsHonouredInBothStyles() {
        EagleConfig small = new EagleConfig(dir.resolve("config.toml"),
                Map.of(ConfigKeys.RECALL_SESSION_START_CHARS.name(), 2000L), List.of());
        for (boolean compact : List.of(false, true)) {
            String text = recall(small).sessionStart(new RecallService.Audience(SESSION + compact, PROJECT, "codex", compact),
                    "startup").orElseThrow();
            assertThat(text.length()).as("compact=%s", compact).isLessThanOrEqualTo(2000);
            assertThat(text).contains("eagle-mem session save --session-id " + SESSION + compact);
        }
    }
}
