package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryStoreTest {

    @TempDir
    Path dir;

    private TestDb t;
    private final SummaryStore summaries = new SummaryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void session() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, now);
            new SessionStore().upsert(tx, "s1", "code/app", "codex", "/home/u/code/app", null, "startup", now);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static SummaryFields fields(String request, String completed, String decisions, List<String> files) {
        return new SummaryFields(request, null, null, completed, decisions, null, null, null, files, List.of(), List.of());
    }

    @Test
    void capturedWritesKeepAnAuthoritativeRowsSourceAndNeverEraseWithBlanks() {
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("Fix login", "Fixed it", null, List.of()), "agent", now);
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields(null, "  ", "auto decision", List.of("src/a.ts")),
                    "hook", now.plusSeconds(5));
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().request()).isEqualTo("Fix login");
        assertThat(row.fields().completed()).isEqualTo("Fixed it");
        assertThat(row.fields().decisions()).isEqualTo("auto decision");
        assertThat(row.fields().keyFiles()).containsExactly("src/a.ts");
        assertThat(row.captureSource()).isEqualTo("agent");
    }

    @Test
    void theAgentOverridesWhatAutomaticCaptureWroteButBlankValuesEraseNothing() {
        t.db.write(tx -> {
            summaries.saveCaptured(tx, "s1", "code/app", "codex", fields("auto", "auto done", "auto decision", List.of("a")),
                    "hook", now);
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("Real request", "  ", null, List.of()), "agent", now);
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().request()).isEqualTo("Real request");
        assertThat(row.fields().completed()).isEqualTo("auto done");
        assertThat(row.fields().decisions()).isEqualTo("auto decision");
        assertThat(row.fields().keyFiles()).containsExactly("a");
        assertThat(row.captureSource()).isEqualTo("agent");
    }

    @Test
    void aSecondAgentSaveUpdatesTheFieldsItGives() {
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields("R", "first", "d1", List.of()), "agent", now);
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", fields(null, "second", null, List.of()), "agent",
                    now.plusSeconds(60));
            return null;
        });
        SummaryRow row = t.db.read(tx -> summaries.findBySession(tx, "s1")).orElseThrow();
        assertThat(row.fields().completed()).isEqualTo("second");
        assertThat(row.fields().decisions()).isEqualTo("d1");
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(row.updatedAt()).isEqualTo("2026-11-22T10:01:00.000Z");
    }

    @Test
    void sessionsThatOnlyAskedDoNotPushWorkOutOfTheRecentOnes() {
        // an older session that changed a file, then six newer ones that only asked questions
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("fix the retry", null, null, "done",
                    null, null, null, null, List.of(), List.of(), List.of("src/retry.ts")), "agent", now);
            for (int i = 0; i < 6; i++) {
                String id = "q" + i;
                new SessionStore().upsert(tx, id, "code/app", "codex", "/home/u/code/app", null, "startup", now);
                summaries.saveAuthoritative(tx, id, "code/app", "codex", fields("what is a bloom filter " + i, null, null,
                        List.of()), "agent", now.plusSeconds(60 + i));
            }
            return null;
        });
        List<SummaryRow> recent = t.db.read(tx -> summaries.recent(tx, "code/app", null, 5));
        assertThat(recent).extracting(SummaryRow::sessionId).containsExactly("q5", "q4", "q3", "q2", "s1");
        List<Long> ids = t.db.read(tx -> summaries.recent(tx, "code/app", null, 10)).stream().map(SummaryRow::id).toList();
        Set<Long> asked = t.db.read(tx -> summaries.questionsOnly(tx, ids));
        assertThat(asked).hasSize(6);
    }
}
