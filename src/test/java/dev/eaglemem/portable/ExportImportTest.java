package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export → import between real stores (temp files, real migrations), compared table by table. */
class ExportImportTest {

    static final String SEED = """
            INSERT INTO projects (key, root_path, created_at, last_seen_at) VALUES
              ('code/shop', '/home/u/code/shop', '2026-01-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z'),
              ('code/blog', NULL, '2026-01-02T10:00:00.000Z', '2026-01-05T10:00:00.000Z');
            INSERT INTO sessions (id, project, agent, cwd, model, source, status, started_at, ended_at, last_activity_at) VALUES
              ('s1', 'code/shop', 'claude-code', '/home/u/code/shop', 'opus', 'startup', 'completed', '2026-01-01T10:00:00.000Z',
               '2026-01-01T11:00:00.000Z', '2026-01-01T11:00:00.000Z'),
              ('s2', 'code/blog', 'codex', NULL, NULL, NULL, 'active', '2026-01-02T10:00:00.000Z', NULL, '2026-01-02T12:00:00.000Z');
            INSERT INTO observations (session_id, project, agent, tool_name, command, category, files_read, files_modified,
              exit_status, output_bytes, output_lines, created_at, tool_use_id) VALUES
              ('s1', 'code/shop', 'claude-code', 'Bash', 'mvn test', 'test', '[]', '[]', 0, 1200, 40, '2026-01-01T10:05:00.000Z', 'tu1'),
              ('s1', 'code/shop', 'claude-code', 'Edit', NULL, NULL, '[]', '["src/A.java"]', NULL, NULL, NULL, '2026-01-01T10:05:00.000Z', NULL),
              ('s2', 'code/blog', 'codex', 'Read', NULL, NULL, '["README.md"]', '[]', NULL, 10, 1, '2026-01-02T10:01:00.000Z', NULL);
            UPDATE sessions SET last_activity_at = '2026-01-01T11:00:00.000Z' WHERE id = 's1';
            UPDATE sessions SET last_activity_at = '2026-01-02T12:00:00.000Z' WHERE id = 's2';
            INSERT INTO summaries (session_id, project, agent, request, learned, decisions, key_files, files_read, files_modified,
              capture_source, created_at, updated_at) VALUES
              ('s1', 'code/shop', 'claude-code', 'fix checkout', 'the cart total rounds twice', 'round once at the end',
               '["src/Cart.java"]', '[]', '[]', 'agent', '2026-01-01T11:00:00.000Z', '2026-01-01T11:00:00.000Z');
            INSERT INTO user_prompts (session_id, project, agent, prompt, created_at) VALUES
              ('s1', 'code/shop', 'claude-code', 'why is the total wrong?', '2026-01-01T10:01:00.000Z'),
              ('s1', 'code/shop', 'claude-code', 'and now?', '2026-01-01T10:01:00.000Z');
            INSERT INTO memories (project, scope, kind, title, content, topic_key, files, normalized_hash, revision_count,
              duplicate_count, source_agent, session_id, created_at, updated_at, last_seen_at) VALUES
              ('code/shop', 'project', 'decision', 'Round once', 'Round the cart total once, at the end', 'cart-rounding',
               '["src/Cart.java"]', 'h1', 2, 0, 'claude-code', 's1', '2026-01-01T10:30:00.000Z', '2026-02-01T10:00:00.000Z',
               '2026-02-01T10:00:00.000Z'),
              ('code/shop', 'project', 'gotcha', 'Old rounding', 'Rounding per line', NULL, '[]', 'h2', 1, 0, 'claude-code', 's1',
               '2026-01-01T10:30:00.000Z', '2026-01-01T10:30:00.000Z', '2026-01-01T10:30:00.000Z'),
              (NULL, 'personal', 'preference', 'Terse answers', 'I like terse answers', NULL, '[]', 'h3', 1, 0, 'codex', NULL,
               '2026-01-03T10:00:00.000Z', '2026-01-03T10:00:00.000Z', '2026-01-03T10:00:00.000Z');
            INSERT INTO memories (project, scope, kind, title, content, situation, subject, predicate, object, files,
              normalized_hash, source_agent, created_at, updated_at, last_seen_at, deleted_at, delete_reason) VALUES
              ('code/blog', 'project', 'fact', 'Blog host', 'The blog runs on Fly', 'deploys', 'blog', 'runs on', 'Fly', '[]', 'h4',
               'codex', '2026-01-02T10:30:00.000Z', '2026-01-02T10:30:00.000Z', '2026-01-02T10:30:00.000Z',
               '2026-01-04T10:00:00.000Z', 'moved');
            UPDATE memories SET superseded_by = (SELECT id FROM memories WHERE title = 'Round once') WHERE title = 'Old rounding';
            INSERT INTO overviews (project, content, source, updated_at) VALUES ('code/shop', 'A shop.', 'manual', '2026-01-01T12:00:00.000Z');
            INSERT INTO features (project, name, description, status, last_verified_at, last_verified_notes, created_at, updated_at)
              VALUES ('code/shop', 'checkout', 'the checkout flow', 'active', '2026-01-01T12:00:00.000Z', 'ran e2e',
              '2026-01-01T10:40:00.000Z', '2026-01-01T12:00:00.000Z');
            INSERT INTO features (project, name, status, created_at, updated_at, archived_at) VALUES
              ('code/shop', 'legacy-cart', 'archived', '2026-01-01T10:41:00.000Z', '2026-01-01T10:42:00.000Z', '2026-01-01T10:42:00.000Z');
            INSERT INTO feature_files (feature_id, pattern) SELECT id, 'src/Cart*.java' FROM features WHERE name = 'checkout';
            INSERT INTO feature_files (feature_id, pattern) SELECT id, 'src/Checkout/**' FROM features WHERE name = 'checkout';
            INSERT INTO feature_dependencies (feature_id, depends_on) SELECT id, 'payments' FROM features WHERE name = 'checkout';
            INSERT INTO feature_smoke_tests (feature_id, ord, command) SELECT id, 0, 'mvn -q test' FROM features WHERE name = 'checkout';
            INSERT INTO feature_smoke_tests (feature_id, ord, command) SELECT id, 1, './e2e.sh' FROM features WHERE name = 'checkout';
            INSERT INTO feature_pending (project, feature_id, file, base_blob, final_blob, fingerprint, status, reason, notes, source,
              session_id, created_at, resolved_at) SELECT 'code/shop', id, 'src/Cart.java', 'b0', 'b1',
              '0000000000000000000000000000000000000000000000000000000000000001', 'verified', 'edited', NULL, 'post_tool_use', 's1',
              '2026-01-01T10:50:00.000Z', '2026-01-01T12:00:00.000Z' FROM features WHERE name = 'checkout';
            INSERT INTO feature_pending (project, feature_id, file, base_blob, final_blob, fingerprint, reason, source, created_at)
              SELECT 'code/shop', id, 'src/Checkout/Pay.java', 'b0', 'b2',
              '0000000000000000000000000000000000000000000000000000000000000002', 'edited', 'stop', '2026-01-01T10:55:00.000Z'
              FROM features WHERE name = 'checkout';
            INSERT INTO feature_verifications (feature_id, outcome, notes, commands, resolved, verified_at)
              SELECT id, 'verified', 'ran e2e', '[{"command":"./e2e.sh","exit":0}]', 1, '2026-01-01T12:00:00.000Z'
              FROM features WHERE name = 'checkout';
            INSERT INTO guard_rules (project, pattern, rule, created_at, deleted_at) VALUES
              ('code/shop', 'db/migration/*.sql', 'Never edit an applied migration', '2026-01-01T10:00:00.000Z', NULL),
              ('code/shop', '*.lock', 'Do not hand-edit', '2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z');
            INSERT INTO curation_proposals (project, kind, fingerprint, payload, summary, status, job_id, applied, created_at,
              decided_at) VALUES ('code/shop', 'promote_gotcha', '1111111111111111111111111111111111111111111111111111111111111111',
              '{}', 'Promote the rounding gotcha', 'accepted', 7, '{}', '2026-01-05T10:00:00.000Z', '2026-01-05T11:00:00.000Z');
            INSERT INTO guard_rules (project, pattern, rule, source, job_id, proposal_id, created_at) VALUES
              ('code/shop', 'src/Cart*.java', 'Round once, at the end', 'curator', 7, 1, '2026-01-05T11:00:00.000Z');
            INSERT INTO command_rules (project, pattern, strategy, max_lines, reason, source, created_at, deleted_at) VALUES
              ('code/shop', 'mvn test', 'rtk', NULL, 'hundreds of lines per run', 'user', '2026-01-05T11:00:00.000Z', NULL),
              ('code/shop', 'npm ci', 'advise', 400, 'long install logs', 'curator', '2026-01-05T11:00:00.000Z',
               '2026-02-01T00:00:00.000Z');
            INSERT INTO turn_messages (session_id, project, message, created_at) VALUES
              ('s1', 'code/shop', 'Fixed: the total is rounded once now, because per-line rounding drifted.',
               '2026-01-01T10:20:00.000Z'),
              ('s1', 'code/shop', 'Tests pass.', '2026-01-01T10:20:00.000Z');
            """;

    @TempDir
    Path tmp;
    private final Clock clock = Clock.fixed(Instant.parse("2026-11-25T05:00:00Z"), ZoneOffset.UTC);
    private final PortableStore store = new PortableStore();

    private Path a;
    private Path b;

    @BeforeEach
    void stores() throws Exception {
        a = Files.createDirectories(tmp.resolve("a"));
        b = Files.createDirectories(tmp.resolve("b"));
        try (TestDb db = TestDb.in(a)) {
            db.db.open();
        }
        for (String statement : SEED.split(";\n")) {
            if (!statement.isBlank()) {
                Stores.exec(a.resolve("memory.db"), statement);
            }
        }
    }

    @Test
    void roundTripIntoAnEmptyStoreGivesEveryTableBack() throws Exception {
        Path file = export(a, null, null);
        ImportReport report = importInto(b, file, false);

        assertThat(Stores.snapshot(b.resolve("memory.db"))).isEqualTo(Stores.snapshot(a.resolve("memory.db")));
        // every table of the schema is either compared above or deliberately not exported
        Map<String, List<String>> all = Stores.snapshot(a.resolve("memory.db"));
        assertThat(Stores.tables(a.resolve("memory.db"))).allMatch(t -> Stores.NOT_EXPORTED.contains(t) || all.containsKey(t));
        assertThat(all.values()).as("every compared table has rows").allMatch(rows -> !rows.isEmpty());
        assertThat(Stores.snapshot(a.resolve("memory.db")).get("memories")).hasSize(4);
        assertThat(report.total(TypeCounts::created)).isEqualTo(report.records());
        assertThat(report.conflicts()).isEmpty();
        // the file says the same thing when written again from the copy
        assertThat(lines(export(b, null, null))).isEqualTo(lines(file));
    }

    @Test
    void importingTwiceChangesNothing() throws Exception {
        Path file = export(a, null, null);
        importInto(b, file, false);
        Map<String, List<String>> once = Stores.snapshot(b.resolve("memory.db"));

        ImportReport again = importInto(b, file, false);

        assertThat(Stores.snapshot(b.resolve("memory.db"))).isEqualTo(once);
        assertThat(again.total(TypeCounts::created)).isZero();
        assertThat(again.total(TypeCounts::updated)).isZero();
        assertThat(again.total(TypeCounts::skipped)).isEqualTo(again.records());
        assertThat(again.conflicts()).isEmpty();
    }

    @Test
    void aNewerLocalEditWinsAndIsReportedAsAConflict() throws Exception {
        Path file = export(a, null, null);
        importInto(b, file, false);
        Stores.exec(b.resolve("memory.db"),
                "UPDATE memories SET title = 'Round once (local)', updated_at = '2026-06-01T00:00:00.000Z'"
                        + " WHERE title = 'Round once'");
        // the source changed that memory too, but earlier
        Stores.exec(a.resolve("memory.db"),
                "UPDATE memories SET title = 'Round once (source)', updated_at = '2026-05-01T00:00:00.000Z'"
                        + " WHERE title = 'Round once'");

        ImportReport report = importInto(b, export(a, null, null), false);

        assertThat(Stores.snapshot(b.resolve("memory.db")).get("memories")).anyMatch(r -> r.contains("title=Round once (local)|"))
                .noneMatch(r -> r.contains("(source)"));
        assertThat(report.conflicts()).singleElement().satisfies(c -> {
            assertThat(c.type()).isEqualTo("memory");
            assertThat(c.reason()).contains("2026-06-01T00:00:00.000Z").contains("local copy is kept");
        });
        assertThat(count(report, "memory").conflicts()).isEqualTo(1);
    }

    @Test
    void aNewerImportedEditReplacesTheLocalCopy() throws Exception {
        importInto(b, export(a, null, null), false);
        Stores.exec(a.resolve("memory.db"), "UPDATE memories SET content = 'Round once; never per line', updated_at = "
                + "'2026-07-01T00:00:00.000Z' WHERE title = 'Round once'");

        ImportReport report = importInto(b, export(a, null, null), false);

        assertThat(count(report, "memory").updated()).isEqualTo(1);
        assertThat(Stores.snapshot(b.resolve("memory.db"))).isEqualTo(Stores.snapshot(a.resolve("memory.db")));
    }

    @Test
    void aDryRunCountsButWritesNothing() throws Exception {
        ImportReport report = importInto(b, export(a, null, null), true);

        assertThat(report.dryRun()).isTrue();
        assertThat(count(report, "observation").created()).isEqualTo(3);
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("observations")).isEmpty();
    }

    @Test
    void aBadLineAnywhereImportsNothing() throws Exception {
        Path file = export(a, null, null);
        Files.writeString(file, Files.readString(file) + "{\"type\":\"turn_message\",\"id\":\"x\",\"project\":\"code/shop\"}\n");

        assertThatThrownBy(() -> importInto(b, file, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining(":" + (lines(file).size() + 1) + ": the turn_message record has no 'session_id' field")
                .hasMessageContaining("nothing was imported");
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("projects")).isEmpty();
    }

    @Test
    void aProjectExportCarriesOnlyThatProject() throws Exception {
        Path file = export(a, List.of("code/blog"), null);
        ImportReport report = importInto(b, file, false);

        assertThat(count(report, "project").created()).isEqualTo(1);
        assertThat(count(report, "memory").created()).isEqualTo(1);
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("sessions")).singleElement().asString().contains("id=s2|");
    }

    @Test
    void secretsAreRedactedOnTheWayIn() throws Exception {
        Stores.exec(a.resolve("memory.db"),
                "UPDATE user_prompts SET prompt = 'use AKIAIOSFODNN7EXAMPLE please' WHERE prompt = 'and now?'");
        importInto(b, export(a, null, null), false);
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("user_prompts"))
                .noneMatch(r -> r.contains("AKIAIOSFODNN7EXAMPLE"));
    }

    @Test
    void sinceKeepsWhatWasCreatedOrChangedFromThatDayOn() throws Exception {
        Path file = export(a, null, "2026-01-02T00:00:00.000Z");
        List<String> lines = lines(file);

        // the removed rule was created before the date but removed on it: news
        assertThat(lines).anyMatch(l -> l.contains("\"type\":\"guard_rule\"") && l.contains("*.lock"))
                .noneMatch(l -> l.contains("Never edit an applied migration"));
        // the resolved check was created and resolved before it; the open one too, and nothing changed since
        assertThat(lines).noneMatch(l -> l.contains("\"type\":\"check\""));
        // a memory edited since (updated_at) comes, one untouched since does not
        assertThat(lines).anyMatch(l -> l.contains("Round once")).noneMatch(l -> l.contains("Old rounding"));
        assertThat(lines).noneMatch(l -> l.contains("\"type\":\"turn_message\""));
        assertThat(lines).anyMatch(l -> l.contains("\"type\":\"command_rule\"") && l.contains("npm ci"));
        // what records refer to comes whole
        assertThat(lines.stream().filter(l -> l.contains("\"type\":\"session\""))).hasSize(2);
        assertThat(importInto(b, file, false).conflicts()).isEmpty();
    }

    @Test
    void aVersion1FileIsStillReadAndItsGuardRulesAreAPersons() throws Exception {
        List<String> v2 = Files.readAllLines(export(a, null, null));
        List<String> v1 = new java.util.ArrayList<>();
        v1.add(v2.get(0).replace("\"version\":2", "\"version\":1"));
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String l : v2.subList(1, v2.size())) {
            var record = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(l);
            String type = record.path("type").asText();
            if (type.equals("guard_rule")) {
                record.remove("source");
            }
            if (!type.equals("command_rule") && !type.equals("turn_message")) {
                v1.add(json.writeValueAsString(record));
            }
        }
        assertThat(v1).noneMatch(l -> l.contains("\"type\":\"guard_rule\"") && l.contains("\"source\""));
        Path file = tmp.resolve("v1.jsonl");
        Files.write(file, v1);

        ImportReport report = importInto(b, file, false);

        assertThat(count(report, "guard_rule").created()).isEqualTo(3);
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("guard_rules")).allMatch(r -> r.contains("source=user|"));
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("command_rules")).isEmpty();
        assertThat(importInto(b, file, false).total(TypeCounts::created)).isZero();
    }

    @Test
    void aFileFromANewerFormatIsRefusedWithTheUpgradeFix() throws Exception {
        Path file = export(a, null, null);
        Files.writeString(file, Files.readString(file).replaceFirst("\"version\":2", "\"version\":3"));

        assertThatThrownBy(() -> importInto(b, file, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining("format version 3").hasMessageContaining("versions 1 to 2")
                .extracting(e -> ((EagleException) e).fix()).asString().contains("upgrade eagle-mem");
    }

    @Test
    void aRecordTheStoreRefusesMidwayNamesItsLineAndWritesNothing() throws Exception {
        Path file = export(a, null, null);
        List<String> lines = Files.readAllLines(file);
        // valid JSON with every field, so validation passes; the kind breaks the table's CHECK while writing
        int at = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"title\":\"Terse answers\"")) {
                at = i;
                lines.set(i, lines.get(i).replace("\"kind\":\"preference\"", "\"kind\":\"wish\""));
            }
        }
        Files.write(file, lines);
        int line = at + 1;

        assertThatThrownBy(() -> importInto(b, file, false)).isInstanceOf(EagleException.class)
                .hasMessageContaining(file.getFileName() + ":" + line + ": the store refused this memory record")
                .hasMessageContaining("CHECK constraint failed").hasMessageContaining("nothing was imported");
        // the projects, sessions, … before that line were written and rolled back with it
        Stores.snapshot(b.resolve("memory.db")).forEach((table, rows) -> assertThat(rows).as(table).isEmpty());
    }

    @Test
    void aMemoryWhoseTopicIsHeldByAnotherLocalMemoryIsAConflictNotAnOverwrite() throws Exception {
        try (TestDb db = TestDb.in(b)) {
            db.db.open();
        }
        Stores.exec(b.resolve("memory.db"), "INSERT INTO projects (key, created_at, last_seen_at) VALUES ('code/shop',"
                + " '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')");
        Stores.exec(b.resolve("memory.db"), "INSERT INTO memories (project, scope, kind, title, content, topic_key, files,"
                + " normalized_hash, source_agent, created_at, updated_at, last_seen_at) VALUES ('code/shop', 'project',"
                + " 'decision', 'Round per line', 'Our own rule', 'cart-rounding', '[]', 'hx', 'codex',"
                + " '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z')");

        ImportReport report = importInto(b, export(a, null, null), false);

        assertThat(report.conflicts()).singleElement().satisfies(c -> {
            assertThat(c.type()).isEqualTo("memory");
            assertThat(c.reason()).contains("same topic_key");
        });
        assertThat(Stores.snapshot(b.resolve("memory.db")).get("memories")).anyMatch(r -> r.contains("title=Round per line|"))
                .noneMatch(r -> r.contains("title=Round once|"));
    }

    @Test
    void secretsInAFileNotWrittenByExportAreRedactedOnTheWayIn() throws Exception {
        String key = "sk-ant-api03-" + "Zx8".repeat(30) + "AA";
        Path file = export(a, null, null);
        Files.writeString(file, Files.readString(file).replace("Tests pass.", "Tests pass. ANTHROPIC_API_KEY=" + key)
                .replace("I like terse answers", "I like terse answers; my token is ghp_" + "a1B2c3D4e5".repeat(3) + "f6G7h8"));

        importInto(b, file, false);

        String all = Stores.snapshot(b.resolve("memory.db")).toString();
        assertThat(all).contains("Tests pass.").contains("I like terse answers").doesNotContain(key)
                .doesNotContain("ghp_a1B2c3D4e5");
    }

    private static TypeCounts count(ImportReport report, String type) {
        return report.counts().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }

    private static List<String> lines(Path file) throws Exception {
        return Files.readAllLines(file).stream().skip(1).toList();
    }

    private Path export(Path dir, List<String> projects, String since) throws Exception {
        try (TestDb db = TestDb.in(dir)) {
            StringWriter out = new StringWriter();
            new ExportService(db.db, store, Redactor.defaults(), clock).export(projects, since, out, null);
            Path file = Files.createTempFile(tmp, "export", ".jsonl");
            Files.writeString(file, out.toString());
            assertThat(out.toString()).startsWith("{\"format\":\"eagle-mem-export\",\"version\":2,");
            return file;
        }
    }

    private ImportReport importInto(Path dir, Path file, boolean dryRun) {
        try (TestDb db = TestDb.in(dir)) {
            Db d = db.db;
            return new ImportService(d, store, Redactor.defaults()).importFile(file, null, dryRun);
        }
    }
}
