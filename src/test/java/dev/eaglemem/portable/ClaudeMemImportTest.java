package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * claude-mem's database, built from the facts of claude-mem 13.25.3's schema (claude-mem-schema.sql, our own DDL),
 * with rows shaped like those its worker writes, imported into a real store that already knows the project as code/shop-api. ClaudeMemRealIT
 * does the same with a database the real worker wrote.
 */
class ClaudeMemImportTest {

    // 1767261600000 = 2026-01-01T10:00:00.000Z
    static final String ROWS = """
            INSERT INTO sdk_sessions (id, content_session_id, memory_session_id, project, platform_source, user_prompt,
              started_at, started_at_epoch, completed_at, completed_at_epoch, status) VALUES
              (1, 'a1b2', 'openrouter-a1b2-1767261600100', 'shop-api', 'claude', 'why is the total off by a cent?',
               '2026-01-01T10:00:00.000Z', 1767261600000, '2026-01-01T11:00:00.000Z', 1767265200000, 'completed'),
              (2, 'c3d4', 'openrouter-c3d4-1767348000100', 'blog', 'codex', 'write a post', '2026-01-02T10:00:00.000Z',
               1767348000000, NULL, NULL, 'failed'),
              (3, 'manual-content-shop-api-claude', 'manual-shop-api-claude', 'shop-api', 'claude', NULL,
               '2026-01-01T09:00:00.000Z', 1767258000000, NULL, NULL, 'active'),
              (4, 'a1b2', 'openrouter-a1b2-1767261600200', 'shop-api', 'cursor', 'same id, other platform',
               '2026-01-01T10:00:00.000Z', 1767261600000, NULL, NULL, 'active');
            INSERT INTO tool_uses (tool_use_id, content_session_id, memory_session_id, session_db_id, project, platform_source,
              tool_name, tool_input, cwd, created_at, created_at_epoch) VALUES
              ('toolu_1', 'a1b2', 'openrouter-a1b2-1767261600100', 1, 'shop-api', 'claude', 'Read',
               '{"file_path":"/home/u/code/shop-api/src/tax.ts"}', '/home/u/code/shop-api/src', '2026-01-01T10:05:00.000Z',
               1767261900000);
            INSERT INTO observations (memory_session_id, project, type, title, narrative, facts, files_read, files_modified,
              prompt_number, content_hash, created_at, created_at_epoch) VALUES
              ('openrouter-a1b2-1767261600100', 'shop-api', 'decision', 'Round once', 'Totals are rounded once, at the end.',
               '["cents are integers"]', '["/home/u/code/shop-api/src/tax.ts"]', '["src/cart.ts"]', 1, 'h1',
               '2026-01-01T10:10:00.000Z', 1767262200000),
              ('openrouter-a1b2-1767261600100', 'shop-api', 'bugfix', 'Double rounding', 'Line items were rounded twice.', '[]',
               '[]', '[]', 1, 'h2', '2026-01-01T10:10:00.000Z', 1767262200000),
              ('openrouter-c3d4-1767348000100', 'blog', 'change', NULL, NULL, '[]', '[]', '[]', 1, 'h3',
               '2026-01-02T10:05:00.000Z', 1767348300000),
              ('manual-shop-api-claude', 'shop-api', 'discovery', 'Use pnpm', 'Use pnpm, not npm', '[]', '[]', '[]', 0, 'h4',
               '2026-01-01T09:00:00.000Z', 1767258000000);
            INSERT INTO session_summaries (memory_session_id, project, request, learned, completed, files_read, files_edited,
              prompt_number, created_at, created_at_epoch) VALUES
              ('openrouter-a1b2-1767261600100', 'shop-api', 'fix totals', 'rounding', 'first pass', '[]', '["src/cart.ts"]', 1,
               '2026-01-01T10:20:00.000Z', 1767262800000),
              ('openrouter-a1b2-1767261600100', 'shop-api', 'fix totals', 'rounding once', 'done',
               '["/home/u/code/shop-api/src/tax.ts"]', '["src/cart.ts"]', 2, '2026-01-01T10:50:00.000Z', 1767264600000);
            INSERT INTO user_prompts (session_db_id, content_session_id, prompt_number, prompt_text, created_at,
              created_at_epoch) VALUES
              (1, 'a1b2', 1, 'why is the total off by a cent? token ghp_0123456789abcdefghijklmnopqrstuvwxyz',
               '2026-01-01T10:01:00.000Z', 1767261660000),
              (1, 'a1b2', 2, '[media prompt]', '2026-01-01T10:30:00.000Z', 1767263400000),
              (2, 'c3d4', 1, 'write a post', '2026-01-02T10:01:00.000Z', 1767348060000),
              (4, 'a1b2', 1, 'same id, other platform', '2026-01-01T10:01:00.000Z', 1767261660000);
            INSERT INTO pending_messages (session_db_id, content_session_id, message_type, created_at_epoch) VALUES
              (1, 'a1b2', 'observation', 1767261600000)
            """;

    @TempDir
    Path tmp;
    private Path source;
    private Path target;

    @BeforeEach
    void databases() throws Exception {
        source = tmp.resolve("claude-mem/claude-mem.db");
        Files.createDirectories(source.getParent());
        String ddl = new String(getClass().getResourceAsStream("/portable/claude-mem-schema.sql").readAllBytes());
        for (String statement : (ddl.replaceAll("(?m)^--.*$", "") + ";\n" + ROWS).split(";\n")) {
            if (!statement.isBlank()) {
                Stores.exec(source, statement);
            }
        }
        target = Files.createDirectories(tmp.resolve("eagle"));
        try (TestDb t = TestDb.in(target)) {
            t.db.open();
        }
        Stores.exec(target.resolve("memory.db"),
                "INSERT INTO projects (key, root_path) VALUES ('code/shop-api', '/home/u/code/shop-api')");
    }

    @Test
    void sessionsNotesSummariesPromptsAndDirectivesArriveWithCounts() throws Exception {
        ImportReport report = importIt();

        assertThat(report.from()).isEqualTo("claude-mem");
        assertThat(created(report)).containsEntry("project", 1L).containsEntry("session", 2L).containsEntry("summary", 1L)
                .containsEntry("prompt", 2L).containsEntry("memory", 3L);
        // code/shop-api was here already (seen today): it merges, taking claude-mem's earlier first sighting
        assertThat(count(report, "project").updated()).isEqualTo(1);
        assertThat(report.conflicts()).isEmpty();
        assertThat(report.notImported()).containsOnly(Map.entry("pending_messages", 1L), Map.entry("tool_uses", 1L),
                Map.entry("observations (no session or no text)", 1L),
                Map.entry("session_summaries (older summary of the same session)", 1L),
                Map.entry("sdk_sessions (stand-in for memories saved by hand)", 1L),
                Map.entry("sdk_sessions (a second session with the same id, from another platform)", 1L),
                Map.entry("user_prompts (no session or empty)", 1L),
                Map.entry("user_prompts (image or other media, no text)", 1L));
        Map<String, List<String>> rows = Stores.snapshot(target.resolve("memory.db"));
        assertThat(rows.get("projects")).extracting(r -> r.substring(0, r.indexOf('|'))).containsExactly("key=blog",
                "key=code/shop-api");
        assertThat(rows.get("projects")).anyMatch(r -> r.startsWith("key=code/shop-api|root_path=/home/u/code/shop-api|"
                + "created_at=2026-01-01T09:00:00.000Z|"));
        assertThat(rows.get("sessions")).hasSize(2)
                .anyMatch(r -> r.contains("id=a1b2|project=code/shop-api|agent=claude-code|cwd=/home/u/code/shop-api/src|"))
                .anyMatch(r -> r.contains("id=c3d4|project=blog|agent=codex|") && r.contains("status=abandoned|"));
        assertThat(rows.get("summaries")).singleElement().asString().contains("completed=done|")
                .contains("files_read=[\"src/tax.ts\"]|").contains("capture_source=enrich|");
        assertThat(rows.get("memories")).hasSize(3).anyMatch(r -> r.contains("kind=decision|title=Round once|")
                && r.contains("- cents are integers") && r.contains("files=[\"src/cart.ts\",\"src/tax.ts\"]|"))
                .anyMatch(r -> r.contains("kind=gotcha|"))
                .anyMatch(r -> r.contains("project=code/shop-api|scope=project|kind=discovery|title=Use pnpm|")
                        && r.contains("session_id=null|"));
        assertThat(rows.get("user_prompts")).hasSize(2).noneMatch(r -> r.contains("ghp_0123456789"));
    }

    @Test
    void importingTwiceChangesNothing() throws Exception {
        importIt();
        Map<String, List<String>> once = Stores.snapshot(target.resolve("memory.db"));
        ImportReport again = importIt();
        assertThat(Stores.snapshot(target.resolve("memory.db"))).isEqualTo(once);
        assertThat(again.total(TypeCounts::created) + again.total(TypeCounts::updated)).isZero();
    }

    private ImportReport importIt() {
        try (TestDb db = TestDb.in(target)) {
            return new ImportService(db.db, new PortableStore(), Redactor.defaults()).importFile(source, null, false);
        }
    }

    private static TypeCounts count(ImportReport report, String type) {
        return report.counts().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }

    private static Map<String, Long> created(ImportReport report) {
        return report.counts().stream().collect(Collectors.toMap(TypeCounts::type, TypeCounts::created));
    }
}
