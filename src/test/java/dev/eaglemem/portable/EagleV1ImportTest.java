package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The original Eagle Mem's memory.db, built from the documented facts of its final schema (the fixture's DDL is
 * our own, see eagle-mem-v1-schema.sql), imported into a real store.
 */
class EagleV1ImportTest {

    static final String ROWS = """
            INSERT INTO sessions (id, project, cwd, model, source, started_at, ended_at, status, last_activity_at, agent) VALUES
              ('c1', 'code/shop-api', '/home/u/code/shop-api', 'opus', 'startup', '2025-03-01T09:00:00.000Z',
               '2025-03-01T10:00:00.000Z', 'completed', '2025-03-01T10:00:00.000Z', 'claude-code'),
              ('c2', 'code/shop-api', NULL, NULL, 'resume', '2025-03-02 09:00:00', NULL, 'active', NULL, 'codex'),
              ('c3', 'srv/infra', '/srv/infra', NULL, NULL, '2025-03-03T09:00:00.000Z', NULL, 'abandoned', NULL, 'claude-code');
            INSERT INTO observations (session_id, project, tool_name, tool_input_summary, files_read, files_modified, created_at,
              output_bytes, output_lines, command_category, agent) VALUES
              ('c1', 'code/shop-api', 'Bash', 'npm test', '[]', '[]', '2025-03-01T09:10:00.000Z', 900, 30, 'test', 'claude-code'),
              ('c1', 'code/shop-api', 'Edit', NULL, '[]', '["src/cart.ts"]', '2025-03-01T09:10:00.000Z', NULL, NULL, NULL, 'claude-code'),
              ('c2', 'code/shop-api', 'Bash', 'export API_KEY=sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '[]', '[]',
               '2025-03-02T09:05:00.000Z', 10, 1, 'other', 'codex'),
              ('c3', 'srv/infra', 'Read', NULL, '["main.tf"]', '[]', '2025-03-03T09:01:00.000Z', 100, 5, NULL, 'claude-code');
            INSERT INTO summaries (session_id, project, request, learned, completed, next_steps, decisions, gotchas, key_files,
              created_at, agent, capture_source) VALUES
              ('c1', 'code/shop-api', 'fix the cart', 'totals were rounded twice', 'rounding fixed', 'ship it', 'round once',
               'the tax table is cached', 'src/cart.ts, src/tax.ts', '2025-03-01T10:00:00.000Z', 'claude-code', 'agent'),
              ('c3', 'srv/infra', 'plan the move', NULL, NULL, NULL, NULL, NULL, '["main.tf"]', '2025-03-03T09:30:00.000Z',
               'claude-code', '');
            INSERT INTO overviews (project, content, updated_at, source) VALUES
              ('code/shop-api', 'An API for the shop.', '2025-03-01T08:00:00.000Z', 'scan');
            INSERT INTO agent_memories (project, file_path, memory_name, description, memory_type, content, origin_session_id,
              captured_at, updated_at, origin_agent) VALUES
              ('code/shop-api', '/home/u/.claude/projects/x/memory/feedback_tests.md', 'Run tests first', 'before a commit',
               'feedback', 'Always run npm test before committing', 'c1', '2025-03-01T09:30:00.000Z', '2025-03-01T09:30:00.000Z',
               'claude-code'),
              ('code/shop-api', '/home/u/.claude/projects/x/memory/project_db.md', 'Database', NULL, 'project',
               'Postgres 16 in docker-compose', NULL, '2025-03-01T09:30:00.000Z', '2025-03-04T09:30:00.000Z', 'claude-code');
            INSERT INTO features (id, project, name, description, status, created_at, updated_at) VALUES
              (1, 'code/shop-api', 'checkout', 'cart and payment', 'active', '2025-03-01T09:00:00.000Z', '2025-03-01T09:00:00.000Z'),
              (2, 'code/shop-api', 'old-export', NULL, 'deprecated', '2025-02-01T09:00:00.000Z', '2025-02-10T09:00:00.000Z');
            INSERT INTO feature_files (feature_id, file_path) VALUES (1, 'src/cart.ts'), (1, 'src/pay/*.ts');
            INSERT INTO feature_smoke_tests (feature_id, command) VALUES (1, 'npm test -- cart');
            INSERT INTO feature_dependencies (feature_id, kind, target, name) VALUES (1, 'env_var', 'STRIPE_KEY', 'stripe'),
              (1, 'feature', 'auth', 'auth');
            INSERT INTO pending_feature_verifications (project, feature_id, feature_name, file_path, status) VALUES
              ('code/shop-api', 1, 'checkout', 'src/cart.ts', 'pending');
            INSERT INTO guardrails (project, file_pattern, rule, active, created_at, updated_at) VALUES
              ('code/shop-api', 'migrations/*', 'Never edit an applied migration', 1, '2025-03-01T09:00:00.000Z', '2025-03-01T09:00:00.000Z'),
              ('code/shop-api', '', 'Ask before adding a dependency', 0, '2025-03-01T09:00:00.000Z', '2025-03-05T09:00:00.000Z');
            INSERT INTO agent_tasks (project, source_session_id, source_task_id, subject, status) VALUES
              ('code/shop-api', 'c1', '1', 'write tests', 'pending');
            INSERT INTO eagle_events (event_type) VALUES ('hook_started'), ('hook_completed')
            """;

    @TempDir
    Path tmp;
    private Path source;
    private Path target;

    @BeforeEach
    void sourceDatabase() throws Exception {
        source = tmp.resolve("old/memory.db");
        Files.createDirectories(source.getParent());
        String ddl = new String(getClass().getResourceAsStream("/portable/eagle-mem-v1-schema.sql").readAllBytes());
        for (String statement : (ddl.replaceAll("(?m)^--.*$", "") + ";\n" + ROWS).split(";\n")) {
            if (!statement.isBlank()) {
                Stores.exec(source, statement);
            }
        }
        target = Files.createDirectories(tmp.resolve("new"));
    }

    @Test
    void everySessionSummaryObservationMemoryFeatureAndRuleArrivesUnderTheSameProjectKeys() throws Exception {
        ImportReport report = importIt(false);

        assertThat(report.from()).isEqualTo("eagle-mem-v1");
        assertThat(created(report)).containsEntry("project", 2L).containsEntry("session", 3L).containsEntry("summary", 2L)
                .containsEntry("observation", 4L).containsEntry("memory", 2L).containsEntry("overview", 1L)
                .containsEntry("feature", 2L).containsEntry("guard_rule", 2L);
        assertThat(report.notImported()).containsEntry("agent_tasks", 1L).containsEntry("eagle_events", 2L)
                .containsEntry("pending_feature_verifications", 1L).containsEntry("feature_dependencies (kind env_var)", 1L);
        Map<String, List<String>> rows = Stores.snapshot(target.resolve("memory.db"));
        assertThat(rows.get("projects")).extracting(r -> r.substring(0, r.indexOf('|'))).containsExactly("key=code/shop-api",
                "key=srv/infra");
        // timestamps of the oldest migrations are normalised; plain-text key_files become a JSON list
        assertThat(rows.get("sessions"))
                .anyMatch(r -> r.contains("id=c2|") && r.contains("started_at=2025-03-02T09:00:00.000Z|"));
        assertThat(rows.get("summaries")).anyMatch(r -> r.contains("key_files=[\"src/cart.ts\",\"src/tax.ts\"]|"))
                .anyMatch(r -> r.contains("capture_source=hook|"));
        // secrets are redacted on the way in
        assertThat(rows.get("observations")).noneMatch(r -> r.contains("sk-ant-api03")).anyMatch(r -> r.contains("REDACTED"));
        assertThat(rows.get("memories")).anyMatch(r -> r.contains("kind=preference|") && r.contains("title=Run tests first|"))
                .anyMatch(r -> r.contains("kind=context|") && r.contains("session_id=null|"));
        assertThat(rows.get("features")).anyMatch(r -> r.contains("name=old-export|") && r.contains("status=archived|"));
        assertThat(rows.get("feature_files")).hasSize(2);
        assertThat(rows.get("feature_dependencies")).singleElement().asString().contains("depends_on=auth|");
        assertThat(rows.get("guard_rules")).anyMatch(r -> r.contains("pattern=**|") && r.contains("deleted_at=2025-03-05"));
    }

    @Test
    void importingTheSameDatabaseTwiceChangesNothing() throws Exception {
        importIt(false);
        Map<String, List<String>> once = Stores.snapshot(target.resolve("memory.db"));

        ImportReport again = importIt(false);

        assertThat(Stores.snapshot(target.resolve("memory.db"))).isEqualTo(once);
        assertThat(again.total(TypeCounts::created) + again.total(TypeCounts::updated)).isZero();
        assertThat(again.conflicts()).isEmpty();
    }

    @Test
    void aDryRunWritesNothing() throws Exception {
        ImportReport report = importIt(true);
        assertThat(created(report)).containsEntry("observation", 4L);
        assertThat(Stores.snapshot(target.resolve("memory.db")).get("sessions")).isEmpty();
    }

    private ImportReport importIt(boolean dryRun) {
        try (TestDb db = TestDb.in(target)) {
            return new ImportService(db.db, new PortableStore(), Redactor.defaults()).importFile(source, null, dryRun);
        }
    }

    private static Map<String, Long> created(ImportReport report) {
        return report.counts().stream().collect(java.util.stream.Collectors.toMap(TypeCounts::type, TypeCounts::created));
    }
}
