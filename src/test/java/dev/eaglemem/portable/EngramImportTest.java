package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * engram's database, built from the documented facts of its schema (the fixture's DDL is our own, see
 * engram-schema.sql), and the same data as the JSON file {@code engram export} writes, imported into a real store
 * that already knows the project as code/shop-api.
 */
class EngramImportTest {

    static final String SHOP = "b7f3c2a1-5d4e-4f6a-9b8c-1d2e3f4a5b6c";
    static final String GHP = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
    static final String AKIA = "AKIAABCDEFGHIJKLMNOP";
    static final String SUMMARY = """
            ## Goal
            Make checkout totals match the invoice

            ## Instructions
            Small commits, one concern each

            ## Discoveries
            - Line items were rounded twice
            - The tax table is cached for an hour

            ## Accomplished
            - ✅ Round once at checkout (src/cart.ts)
            - 🔲 Backfill old invoices

            ## Relevant Files
            - src/cart.ts — totals
            - `src/tax.ts` — tax table""";

    /** Three sessions (Claude Code, OpenCode, engram's catch-all for saves outside a session) in two projects. */
    static final String ROWS = """
            ALTER TABLE observations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
            INSERT INTO sessions (id, project, directory, started_at, ended_at, summary) VALUES
              ('%1$s', 'shop-api', '/home/u/code/shop-api', '2026-02-20 10:00:00', '2026-02-20 11:00:00', NULL),
              ('ses_01JMBLOG7Q', 'blog', '/home/u/blog', '2026-02-21 09:00:00', '2026-02-21 09:30:00',
               'Drafted the launch post, images still missing.'),
              ('manual-save-shop-api', 'shop-api', '', '2026-02-18 09:00:00', NULL, NULL);
            INSERT INTO observations (session_id, type, title, content, tool_name, project, scope, topic_key, revision_count,
              duplicate_count, last_seen_at, created_at, updated_at, deleted_at) VALUES
              ('%1$s', 'decision', 'Round totals once', '**What**: Totals are rounded once, at checkout
            **Why**: rounding each line drifted by a cent
            **Where**: src/cart.ts, src/tax.ts — rounding helpers
            **Learned**: keep cents as integers', NULL, 'shop-api', 'project', NULL, 1, 1, '2026-02-20 10:10:00',
               '2026-02-20 10:10:00', '2026-02-20 10:10:00', NULL),
              ('%1$s', 'bugfix', 'Line items were rounded twice', '**What**: each line was rounded, then the total
            **Where**: src/cart.ts', NULL, 'shop-api', 'project', NULL, 1, 1, '2026-02-20 10:10:00', '2026-02-20 10:10:00',
               '2026-02-20 10:10:00', NULL),
              ('manual-save-shop-api', 'architecture', 'Auth model', '**What**: sessions are JWTs the gateway signs', NULL,
               'shop-api', 'project', 'architecture/auth-model', 3, 1, '2026-02-20 10:30:00', '2026-02-18 09:00:00',
               '2026-02-20 10:30:00', NULL),
              ('manual-save-shop-api', 'preference', 'Prefers pnpm', 'Use pnpm, never npm, in every project.', NULL,
               'shop-api', 'personal', NULL, 1, 1, '2026-02-18 09:05:00', '2026-02-18 09:05:00', '2026-02-18 09:05:00', NULL),
              ('manual-save-shop-api', 'manual', 'Staging URL', 'Staging lives at staging.shop.test', NULL, 'shop-api',
               'project', NULL, 1, 1, '2026-02-18 09:10:00', '2026-02-18 09:10:00', '2026-02-20 12:00:00',
               '2026-02-20 12:00:00'),
              ('%1$s', 'config', 'CI deploy token', '**What**: CI pushes with %2$s and reads S3 with %3$s
            **Where**: .github/workflows/ci.yml', NULL, 'shop-api', 'project', NULL, 1, 1, '2026-02-20 10:15:00',
               '2026-02-20 10:15:00', '2026-02-20 10:15:00', NULL),
              ('%1$s', 'command', 'npm test', 'ran the suite: 42 passed', 'bash', 'shop-api', 'project', NULL, 1, 1,
               '2026-02-20 10:20:00', '2026-02-20 10:20:00', '2026-02-20 10:20:00', NULL),
              ('%1$s', 'file_change', 'Edit src/cart.ts', '**Where**: src/cart.ts', 'edit', 'shop-api', 'project', NULL, 1, 1,
               '2026-02-20 10:20:00', '2026-02-20 10:20:00', '2026-02-20 10:20:00', NULL),
              ('%1$s', 'file_read', 'Read src/tax.ts', 'export const RATES', NULL, 'shop-api', 'project', NULL, 1, 1,
               '2026-02-20 10:21:00', '2026-02-20 10:21:00', '2026-02-20 10:21:00', NULL),
              ('%1$s', 'session_summary', 'Session summary: shop-api', '## Goal
            Fix totals', NULL, 'shop-api', 'project', NULL, 1, 1, '2026-02-20 10:25:00', '2026-02-20 10:25:00',
               '2026-02-20 10:25:00', NULL),
              ('%1$s', 'session_summary', 'Session summary: shop-api', '%4$s', NULL, 'shop-api', 'project', NULL, 1, 1,
               '2026-02-20 10:50:00', '2026-02-20 10:50:00', '2026-02-20 10:50:00', NULL),
              ('ses_01JMBLOG7Q', 'discovery', 'Feeds need absolute URLs', '**What**: RSS readers drop relative links
            **Where**: feed.xml', NULL, 'blog', 'project', NULL, 1, 2, '2026-02-21 09:12:00', '2026-02-21 09:10:00',
               '2026-02-21 09:12:00', NULL),
              ('ses_01JMBLOG7Q', 'search', 'grep -r href', 'matches in 3 files', 'grep', 'blog', 'project', NULL, 1, 1,
               '2026-02-21 09:11:00', '2026-02-21 09:11:00', '2026-02-21 09:11:00', NULL),
              ('ses_01JMBLOG7Q', 'session', 'Session compacted — blog', '**What**: Session on blog was compacted', 'compaction',
               'blog', 'project', NULL, 1, 1, '2026-02-21 09:20:00', '2026-02-21 09:20:00', '2026-02-21 09:20:00', NULL),
              ('ses_01JMBLOG7Q', 'passive', 'Feed validators reject relative links', 'Feed validators reject relative links',
               'subagent-stop', 'blog', 'project', NULL, 1, 1, '2026-02-21 09:25:00', '2026-02-21 09:25:00',
               '2026-02-21 09:25:00', NULL);
            INSERT INTO user_prompts (session_id, content, project, created_at) VALUES
              ('%1$s', 'why is the total off by a cent?', 'shop-api', '2026-02-20 10:01:00'),
              ('%1$s', 'push with %2$s please', 'shop-api', '2026-02-20 10:01:00'),
              ('ses_01JMBLOG7Q', 'write the launch post', 'blog', '2026-02-21 09:01:00');
            INSERT INTO sync_chunks (chunk_id, imported_at) VALUES ('a3f8c1d2', '2026-02-22 08:00:00'),
              ('b7d2e4f1', '2026-02-22 08:05:00')
            """.formatted(SHOP, GHP, AKIA, SUMMARY);

    /** What both the database and its export create (code/shop-api was here already). */
    /** The older of the two summaries of SHOP's session arrives as a context memory (a ninth memory). */
    static final Map<String, Long> CREATED = Map.of("project", 1L, "session", 3L, "summary", 2L, "observation", 4L,
            "prompt", 3L, "memory", 9L);
    static final Map<String, Long> NOT_IMPORTED = Map.of("observations (session: compaction checkpoints)", 1L);

    @TempDir
    Path tmp;
    private Path source;
    private Path export;
    private Path target;

    @BeforeEach
    void databases() throws Exception {
        source = tmp.resolve("engram/engram.db");
        Files.createDirectories(source.getParent());
        String ddl = new String(getClass().getResourceAsStream("/portable/engram-schema.sql").readAllBytes(),
                StandardCharsets.UTF_8);
        for (String statement : (ddl.replaceAll("(?m)^--.*$", "") + ";\n" + ROWS).split(";\n")) {
            if (!statement.isBlank()) {
                Stores.exec(source, statement);
            }
        }
        export = tmp.resolve("engram-export.json");
        engramExport(source, export);
        target = store("eagle");
    }

    @Test
    void sessionsSummariesToolCallsPromptsAndMemoriesArriveWithCounts() throws Exception {
        ImportReport report = importIt(source, target, false);

        assertThat(report.from()).isEqualTo("engram");
        assertThat(created(report)).isEqualTo(CREATED);
        // the project known here merges, and its root and dates already cover engram's: unchanged, not a conflict
        assertThat(count(report, "project").skipped()).isEqualTo(1);
        assertThat(report.conflicts()).isEmpty();
        assertThat(report.notImported()).containsAllEntriesOf(NOT_IMPORTED).containsEntry("sync_chunks", 2L).hasSize(2);
        Map<String, List<String>> rows = Stores.snapshot(target.resolve("memory.db"));
        assertThat(rows.get("projects")).extracting(r -> r.substring(0, r.indexOf('|'))).containsExactly("key=blog",
                "key=code/shop-api");
        assertThat(rows.get("sessions"))
                .anyMatch(r -> r.startsWith("id=" + SHOP + "|project=code/shop-api|agent=claude-code|cwd=/home/u/code/shop-api|")
                        && r.contains("status=completed|") && r.contains("last_activity_at=2026-02-20T11:00:00.000Z|"))
                .anyMatch(r -> r.startsWith("id=ses_01JMBLOG7Q|project=blog|agent=opencode|"))
                .anyMatch(r -> r.startsWith("id=manual-save-shop-api|project=code/shop-api|agent=claude-code|cwd=null|")
                        && r.contains("status=active|") && r.contains("ended_at=null|"));
        assertThat(rows.get("summaries")).hasSize(2)
                .anyMatch(r -> r.contains("session_id=" + SHOP + "|")
                        && r.contains("request=Make checkout totals match the invoice|investigated=null|"
                                + "learned=- Line items were rounded twice\n- The tax table is cached for an hour|"
                                + "completed=- Round once at checkout (src/cart.ts)|decisions=null|gotchas=null|"
                                + "next_steps=- Backfill old invoices|notes=## Instructions\nSmall commits, one concern each|"
                                + "key_files=[\"src/cart.ts\",\"src/tax.ts\"]|")
                        && r.contains("capture_source=agent|created_at=2026-02-20T10:50:00.000Z|"))
                .anyMatch(r -> r.contains("session_id=ses_01JMBLOG7Q|project=blog|agent=opencode|request=null|")
                        && r.contains("completed=Drafted the launch post, images still missing.|"));
        assertThat(rows.get("observations")).hasSize(4)
                .anyMatch(r -> r.contains("tool_name=bash|command=npm test|category=null|"))
                .anyMatch(r -> r.contains("tool_name=edit|command=Edit src/cart.ts|")
                        && r.contains("files_modified=[\"src/cart.ts\"]|"))
                .anyMatch(r -> r.contains("tool_name=file_read|command=Read src/tax.ts|"))
                .anyMatch(r -> r.contains("project=blog|agent=opencode|tool_name=grep|"));
        assertThat(rows.get("user_prompts")).hasSize(3);
        List<String> memories = rows.get("memories");
        assertThat(rows.get("projects")).anyMatch(r -> r.startsWith("key=code/shop-api|root_path=/home/u/code/shop-api|"));
        assertThat(memories).hasSize(9)
                .anyMatch(r -> r.contains("kind=context|title=Earlier session summary: Fix totals|content=## Goal\nFix totals|")
                        && r.contains("session_id=" + SHOP + "|") && r.contains("created_at=2026-02-20T10:25:00.000Z|"))
                .anyMatch(r -> r.startsWith("project=code/shop-api|scope=project|kind=decision|title=Round totals once|")
                        && r.contains("files=[\"src/cart.ts\",\"src/tax.ts\"]|") && r.contains("source_agent=claude-code|"))
                .anyMatch(r -> r.contains("kind=gotcha|title=Line items were rounded twice|"))
                .anyMatch(r -> r.contains("kind=decision|title=Auth model|") && r.contains("topic_key=architecture/auth-model|")
                        && r.contains("revision_count=3|duplicate_count=0|") && r.contains("session_id=manual-save-shop-api|")
                        && r.contains("updated_at=2026-02-20T10:30:00.000Z|"))
                .anyMatch(r -> r.startsWith("project=null|scope=personal|kind=preference|title=Prefers pnpm|"))
                .anyMatch(r -> r.contains("kind=context|title=Staging URL|")
                        && r.contains("deleted_at=2026-02-20T12:00:00.000Z|delete_reason=deleted in engram|"))
                .anyMatch(r -> r.contains("kind=context|title=CI deploy token|")
                        && r.contains("files=[\".github/workflows/ci.yml\"]|"))
                .anyMatch(r -> r.startsWith("project=blog|") && r.contains("kind=discovery|title=Feeds need absolute URLs|")
                        && r.contains("duplicate_count=1|") && r.contains("source_agent=opencode|"))
                .anyMatch(r -> r.contains("kind=discovery|title=Feed validators reject relative links|"));
        assertThat(memories.stream().filter(r -> r.contains("deleted_at=null|"))).hasSize(8);
    }

    @Test
    void theJsonExportOfTheSameDataImportsTheSame() throws Exception {
        assertThat(Files.readString(export)).startsWith("{\n  \"version\": \"0.1.0\",\n  \"exported_at\": ");
        Path other = store("eagle-json");
        ImportReport fromDb = importIt(source, target, false);
        ImportReport fromJson = importIt(export, other, false);

        assertThat(fromJson.from()).isEqualTo("engram");
        assertThat(created(fromJson)).isEqualTo(CREATED).isEqualTo(created(fromDb));
        assertThat(fromJson.notImported()).isEqualTo(NOT_IMPORTED); // an export has no sync_chunks
        assertThat(Stores.snapshot(other.resolve("memory.db"))).isEqualTo(Stores.snapshot(target.resolve("memory.db")));
    }

    @Test
    void aDryRunWritesNothingAndImportingTwiceChangesNothing() throws Exception {
        Map<String, List<String>> before = Stores.snapshot(target.resolve("memory.db"));
        ImportReport dry = importIt(source, target, true);
        assertThat(dry.dryRun()).isTrue();
        assertThat(created(dry)).isEqualTo(CREATED);
        assertThat(Stores.snapshot(target.resolve("memory.db"))).isEqualTo(before);

        ImportReport first = importIt(source, target, false);
        Map<String, List<String>> once = Stores.snapshot(target.resolve("memory.db"));
        ImportReport again = importIt(source, target, false);
        assertThat(Stores.snapshot(target.resolve("memory.db"))).isEqualTo(once);
        assertThat(again.total(TypeCounts::created) + again.total(TypeCounts::updated)).isZero();
        assertThat(again.total(TypeCounts::skipped)).isEqualTo(first.records());
        ImportReport json = importIt(export, target, false); // the export matches what the database brought
        assertThat(json.total(TypeCounts::created) + json.total(TypeCounts::updated)).isZero();
    }

    @Test
    void aPlantedSecretNeverReachesTheStoreOrItsIndexes() throws Exception {
        importIt(source, target, false);
        importIt(export, store("eagle-json"), false);

        for (Path dir : List.of(target, tmp.resolve("eagle-json"))) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.getFileName().toString().startsWith("memory.db")).toList()) {
                    String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    assertThat(bytes).as(f.toString()).doesNotContain(GHP).doesNotContain(AKIA)
                            .doesNotContain("0123456789abcdefghij");
                }
            }
            Path db = dir.resolve("memory.db");
            assertThat(matches(db, "memories_fts", "\"" + AKIA + "\"")).isZero();
            assertThat(matches(db, "user_prompts_fts", "\"" + GHP + "\"")).isZero();
            assertThat(matches(db, "memories_fts", "pushes")).isEqualTo(1); // the memory itself is there
            assertThat(Stores.snapshot(db).get("memories")).anyMatch(r -> r.contains("[REDACTED"));
        }
    }

    @Test
    void bothFormsAreRecognisedAndAnythingElseNamesEveryKind() throws Exception {
        assertThat(Sources.detect(source)).isEqualTo(ImportKind.ENGRAM);
        assertThat(Sources.detect(export)).isEqualTo(ImportKind.ENGRAM);

        Path other = tmp.resolve("other.db");
        Stores.exec(other, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
        Path json = Files.writeString(tmp.resolve("other.json"), "{\"name\": \"not a memory store\"}\n");
        for (Path unknown : List.of(other, json, target.resolve("memory.db"))) {
            EagleException e = catchThrowableOfType(EagleException.class, () -> Sources.detect(unknown));
            assertThat(e).as(unknown.toString()).isNotNull();
            assertThat(e.errorCode()).isEqualTo("import_unknown_format");
            assertThat(e.fix()).isEqualTo("eagle-mem import FILE --from eagle-mem|eagle-mem-v1|claude-mem|engram");
        }
        assertThat(catchThrowableOfType(EagleException.class, () -> Sources.detect(other)).getMessage())
                .contains("not the original Eagle Mem's, claude-mem's or engram's");
        EagleException notEngram = catchThrowableOfType(EagleException.class,
                () -> importIt(json, target, false).records());
        assertThat(notEngram.getMessage()).contains("an engram export");
        EagleException forced = catchThrowableOfType(EagleException.class, () -> {
            try (TestDb db = TestDb.in(target)) {
                new ImportService(db.db, new PortableStore(), Redactor.defaults()).importFile(json, ImportKind.ENGRAM, false);
            }
        });
        assertThat(forced.getMessage()).contains("is not an engram export (not an object with exported_at)");
        Path broken = Files.writeString(tmp.resolve("broken.json"), "{\"version\": \"0.1.0\", \"exported_at\": \"2026-02-28"
                + " 12:00:00\", \"sessions\": {}}");
        assertThat(Sources.detect(broken)).isEqualTo(ImportKind.ENGRAM);
        assertThat(catchThrowableOfType(EagleException.class, () -> importIt(broken, target, false)).getMessage())
                .contains("is not an engram export (its sessions is not an array); nothing was imported");
    }

    // --- helpers

    private Path store(String name) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        try (TestDb t = TestDb.in(dir)) {
            t.db.open();
        }
        // seen here before and after engram saw it: the local project record already covers engram's
        Stores.exec(dir.resolve("memory.db"), "INSERT INTO projects (key, root_path, created_at, last_seen_at) VALUES"
                + " ('code/shop-api', '/home/u/code/shop-api', '2026-01-05T00:00:00.000Z', '2026-03-01T00:00:00.000Z')");
        return dir;
    }

    private static ImportReport importIt(Path file, Path store, boolean dryRun) {
        try (TestDb db = TestDb.in(store)) {
            return new ImportService(db.db, new PortableStore(), Redactor.defaults()).importFile(file, null, dryRun);
        }
    }

    private static long matches(Path db, String table, String query) throws Exception {
        try (Connection c = Stores.open(db);
                var ps = c.prepareStatement("SELECT count(*) FROM " + table + " WHERE " + table
                        + " MATCH ?")) {
            ps.setString(1, query);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.getLong(1);
            }
        }
    }

    /**
     * What {@code engram export} writes for the database: its Export() columns, nil pointers left out (omitempty),
     * a prompt's empty project too, indented two spaces as Go's json.MarshalIndent does.
     */
    static void engramExport(Path db, Path out) throws Exception {
        ObjectNode root = ExportFormat.JSON.createObjectNode();
        root.put("version", "0.1.0");
        root.put("exported_at", "2026-02-28 12:00:00");
        try (Connection c = Stores.open(db)) {
            root.set("sessions", rows(c, "SELECT id, project, directory, started_at, ended_at, summary FROM sessions"
                    + " ORDER BY started_at"));
            root.set("observations", rows(c, "SELECT id, session_id, type, title, content, tool_name, project, scope, topic_key,"
                    + " revision_count, duplicate_count, last_seen_at, created_at, updated_at, deleted_at FROM observations ORDER BY id"));
            root.set("prompts", rows(c, "SELECT id, session_id, content, nullif(ifnull(project, ''), '') AS project, created_at"
                    + " FROM user_prompts ORDER BY id"));
        }
        DefaultPrettyPrinter go = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        Files.writeString(out, ExportFormat.JSON.writer(go).writeValueAsString(root).replace("\r\n", "\n"));
    }

    private static ArrayNode rows(Connection c, String sql) throws Exception {
        ArrayNode out = ExportFormat.JSON.createArrayNode();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            var meta = rs.getMetaData();
            while (rs.next()) {
                ObjectNode row = out.addObject();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    Object v = rs.getObject(i);
                    if (v instanceof Number n) {
                        row.put(meta.getColumnLabel(i), n.longValue());
                    } else if (v != null) {
                        row.put(meta.getColumnLabel(i), v.toString());
                    }
                }
            }
        }
        return out;
    }

    private static TypeCounts count(ImportReport report, String type) {
        return report.counts().stream().filter(c -> c.type().equals(type)).findFirst().orElseThrow();
    }

    private static Map<String, Long> created(ImportReport report) {
        Map<String, Long> out = new HashMap<>(report.counts().stream()
                .collect(Collectors.toMap(TypeCounts::type, TypeCounts::created)));
        out.values().removeIf(n -> n == 0);
        return out;
    }
}
