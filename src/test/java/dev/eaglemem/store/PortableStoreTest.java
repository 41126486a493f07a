package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.store.PortableStore.Row;
import dev.eaglemem.store.PortableStore.Scope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PortableStore between two real migrated files: every export type copies over with the same stable ids and fields,
 * scopes select what they say, a unique clash writes nothing, and a record the schema refuses is named as rejected.
 * (ExportImportTest covers the services on top: merging, conflicts between versions, redaction.)
 */
class PortableStoreTest {

    private static final String FEATURE = "code/shop/checkout@2026-01-01T10:40:00.000Z";
    private static final String SEED = """
            INSERT INTO projects (key, root_path, created_at, last_seen_at) VALUES
              ('code/shop', '/home/u/shop', '2026-01-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z'),
              ('code/blog', NULL, '2026-01-02T10:00:00.000Z', '2026-01-05T10:00:00.000Z');
            INSERT INTO sessions (id, project, agent, cwd, model, source, status, started_at, ended_at, last_activity_at) VALUES
              ('s1', 'code/shop', 'claude-code', '/home/u/shop', 'opus', 'startup', 'completed', '2026-01-01T10:00:00.000Z',
               '2026-01-01T11:00:00.000Z', '2026-01-01T11:00:00.000Z'),
              ('b1', 'code/blog', 'codex', NULL, NULL, NULL, 'active', '2026-01-02T10:00:00.000Z', NULL, '2026-01-02T12:00:00.000Z');
            INSERT INTO observations (session_id, project, agent, tool_name, command, category, files_read, files_modified,
              exit_status, output_bytes, output_lines, tool_use_id, created_at) VALUES
              ('s1', 'code/shop', 'claude-code', 'Bash', 'mvn test', 'test', '[]', '[]', 0, 1200, 40, 'tu1', '2026-01-01T10:05:00.000Z'),
              ('s1', 'code/shop', 'claude-code', 'Edit', NULL, NULL, '[]', '["src/Ä.java"]', NULL, NULL, NULL, NULL, '2026-01-01T10:05:00.000Z'),
              ('b1', 'code/blog', 'codex', 'Read', NULL, NULL, '["README.md"]', '[]', NULL, 10, 1, NULL, '2026-01-02T10:01:00.000Z');
            UPDATE sessions SET last_activity_at = '2026-01-01T11:00:00.000Z' WHERE id = 's1';
            UPDATE sessions SET last_activity_at = '2026-01-02T12:00:00.000Z' WHERE id = 'b1';
            INSERT INTO summaries (session_id, project, agent, request, learned, key_files, files_read, files_modified,
              capture_source, created_at, updated_at) VALUES ('s1', 'code/shop', 'claude-code', 'fix checkout', 'it rounds twice',
              '["src/Cart.java"]', '[]', '[]', 'agent', '2026-01-01T11:00:00.000Z', '2026-01-01T11:00:00.000Z');
            INSERT INTO user_prompts (session_id, project, agent, prompt, created_at) VALUES
              ('s1', 'code/shop', 'claude-code', 'warum? 🛒', '2026-01-01T10:01:00.000Z'),
              ('s1', 'code/shop', 'claude-code', 'and now?', '2026-01-01T10:01:00.000Z');
            INSERT INTO memories (project, scope, kind, title, content, topic_key, files, normalized_hash, revision_count,
              duplicate_count, source_agent, session_id, created_at, updated_at, last_seen_at) VALUES
              ('code/shop', 'project', 'decision', 'Round once', 'Round at the end', 'cart-rounding', '["src/Cart.java"]', 'h1',
               2, 0, 'claude-code', 's1', '2026-01-01T10:30:00.000Z', '2026-02-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z'),
              ('code/shop', 'project', 'gotcha', 'Old rounding', 'Per line', NULL, '[]', 'h2', 1, 0, 'claude-code', 's1',
               '2026-01-01T10:30:00.000Z', '2026-01-01T10:30:00.000Z', '2026-01-01T10:30:00.000Z'),
              (NULL, 'personal', 'preference', 'Terse', 'Terse answers', NULL, '[]', 'h3', 1, 0, 'codex', NULL,
               '2026-01-03T10:00:00.000Z', '2026-01-03T10:00:00.000Z', '2026-01-03T10:00:00.000Z');
            UPDATE memories SET superseded_by = 1 WHERE id = 2;
            INSERT INTO overviews (project, content, source, updated_at) VALUES ('code/shop', 'A shop.', 'manual', '2026-01-01T12:00:00.000Z');
            INSERT INTO features (project, name, description, status, last_verified_at, last_verified_notes, created_at, updated_at)
              VALUES ('code/shop', 'checkout', 'the checkout', 'active', '2026-01-01T12:00:00.000Z', 'ran e2e',
              '2026-01-01T10:40:00.000Z', '2026-01-01T12:00:00.000Z');
            INSERT INTO feature_files (feature_id, pattern) VALUES (1, 'src/Checkout/**'), (1, 'src/Cart*.java');
            INSERT INTO feature_dependencies (feature_id, depends_on) VALUES (1, 'payments');
            INSERT INTO feature_smoke_tests (feature_id, ord, command) VALUES (1, 0, 'mvn -q test'), (1, 1, './e2e.sh');
            INSERT INTO feature_pending (project, feature_id, file, base_blob, final_blob, fingerprint, status, reason, notes, source,
              session_id, created_at, resolved_at) VALUES ('code/shop', 1, 'src/Cart.java', 'b0', 'b1',
              '1111111111111111111111111111111111111111111111111111111111111111', 'verified', 'edited', NULL, 'post_tool_use', 's1',
              '2026-01-01T10:50:00.000Z', '2026-01-01T12:00:00.000Z');
            INSERT INTO feature_verifications (feature_id, outcome, notes, commands, resolved, verified_at)
              VALUES (1, 'verified', 'ran e2e', '[{"command":"./e2e.sh","exit":0}]', 1, '2026-01-01T12:00:00.000Z');
            INSERT INTO guard_rules (project, pattern, rule, source, created_at, deleted_at) VALUES
              ('code/shop', 'db/*.sql', 'Never edit an applied migration', 'user', '2026-01-01T10:00:00.000Z', NULL),
              ('code/shop', '*.lock', 'Do not hand-edit', 'curator', '2026-01-01T10:00:00.000Z', '2026-02-02T10:00:00.000Z');
            INSERT INTO command_rules (project, pattern, strategy, max_lines, reason, source, created_at) VALUES
              ('code/shop', 'mvn test', 'rtk', NULL, 'long output', 'user', '2026-01-05T11:00:00.000Z');
            INSERT INTO turn_messages (session_id, project, message, created_at) VALUES
              ('s1', 'code/shop', 'Fixed.', '2026-01-01T10:20:00.000Z')""";

    @TempDir
    Path dir;

    private TestDb a;
    private TestDb b;
    private final PortableStore store = new PortableStore();

    @BeforeEach
    void open() throws Exception {
        a = TestDb.in(Files.createDirectories(dir.resolve("a")));
        b = TestDb.in(Files.createDirectories(dir.resolve("b")));
        a.db.write((Tx tx) -> {
            try (Statement st = tx.connection().createStatement()) {
                for (String sql : SEED.split(";\n")) {
                    st.executeUpdate(sql);
                }
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        a.close();
        b.close();
    }

    /** The type's rows in the scope: stable id to record, in read order. */
    private Map<String, ObjectNode> rows(TestDb t, PortableType type, Scope scope) {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        t.db.read((Tx tx) -> {
            store.read(tx, type, scope, row -> out.put(row.id(), row.record()));
            return null;
        });
        return out;
    }

    private long count(TestDb t, String table) {
        return Long.parseLong(t.rows("SELECT count(*) FROM " + table).getFirst());
    }

    /** What an import does, by the store's methods alone: every type in file order, then superseded_by and activity. */
    private void copyAToB() {
        Map<PortableType, List<Row>> read = new LinkedHashMap<>();
        a.db.read((Tx tx) -> {
            for (PortableType type : PortableType.values()) {
                read.put(type, new ArrayList<>());
                store.read(tx, type, Scope.ALL, read.get(type)::add);
            }
            return null;
        });
        b.db.write((Tx tx) -> {
            Map<String, Long> rowids = new HashMap<>();
            read.forEach((type, rows) -> rows.forEach(row -> {
                Optional<Long> rowid = store.insert(tx, type, row.record(), rowids::get);
                assertThat(rowid).as(type + " " + row.id()).isPresent();
                rowids.put(row.id(), rowid.orElseThrow());
            }));
            for (Row memory : read.get(PortableType.MEMORY)) {
                JsonNode by = memory.record().get("superseded_by");
                if (!by.isNull()) {
                    store.supersede(tx, rowids.get(memory.id()), rowids.get(by.asText()));
                }
            }
            // the observation insert trigger moved s1's activity to its last tool call
            assertThat(store.sessionActivity(tx, "s1")).contains("2026-01-01T10:05:00.000Z");
            for (Row session : read.get(PortableType.SESSION)) {
                store.setSessionActivity(tx, session.id(), session.record().get("last_activity_at").asText());
            }
            return null;
        });
    }

    @Test
    void everyTypeCopiesIntoAnEmptyStoreWithTheSameStableIdsAndFields() {
        copyAToB();
        for (PortableType type : PortableType.values()) {
            Map<String, ObjectNode> original = rows(a, type, Scope.ALL);
            assertThat(original).as(type.id()).isNotEmpty();
            assertThat(rows(b, type, Scope.ALL)).as(type.id()).isEqualTo(original);
        }
        ObjectNode feature = rows(b, PortableType.FEATURE, Scope.ALL).get(FEATURE);
        assertThat(feature.get("files").toString()).isEqualTo("[\"src/Cart*.java\",\"src/Checkout/**\"]");
        assertThat(feature.get("smoke_tests").toString()).isEqualTo("[\"mvn -q test\",\"./e2e.sh\"]");
        assertThat(feature.get("depends_on").toString()).isEqualTo("[\"payments\"]");
        assertThat(b.rows("SELECT prompt FROM user_prompts ORDER BY id")).containsExactly("warum? 🛒", "and now?");
    }

    @Test
    void stableIdsAreNaturalKeysOrOwnerTimeAndPositionWithinTheMillisecond() {
        assertThat(rows(a, PortableType.PROMPT, Scope.ALL).keySet())
                .containsExactly("s1@2026-01-01T10:01:00.000Z#0", "s1@2026-01-01T10:01:00.000Z#1");
        assertThat(rows(a, PortableType.MEMORY, Scope.ALL).keySet()).containsExactly("code/shop@2026-01-01T10:30:00.000Z#0",
                "code/shop@2026-01-01T10:30:00.000Z#1", "~@2026-01-03T10:00:00.000Z#0");
        assertThat(rows(a, PortableType.CHECK, Scope.ALL).keySet())
                .containsExactly(FEATURE + "/src/Cart.java@2026-01-01T10:50:00.000Z#0");
        assertThat(rows(a, PortableType.VERIFICATION, Scope.ALL).keySet())
                .containsExactly(FEATURE + "@2026-01-01T12:00:00.000Z#0");
        assertThat(rows(a, PortableType.SUMMARY, Scope.ALL).keySet()).containsExactly("s1");
        assertThat(rows(a, PortableType.PROJECT, Scope.ALL).keySet()).containsExactly("code/shop", "code/blog");

        ObjectNode old = rows(a, PortableType.MEMORY, Scope.ALL).get("code/shop@2026-01-01T10:30:00.000Z#1");
        assertThat(old.get("superseded_by").asText()).isEqualTo("code/shop@2026-01-01T10:30:00.000Z#0");
        assertThat(old.has("id")).isFalse();
        ObjectNode check = rows(a, PortableType.CHECK, Scope.ALL).values().iterator().next();
        assertThat(check.get("feature").asText()).isEqualTo(FEATURE);
        assertThat(check.get("notes").isNull()).isTrue();
        ObjectNode bash = rows(a, PortableType.OBSERVATION, Scope.ALL).get("s1@2026-01-01T10:05:00.000Z#0");
        assertThat(bash.get("output_bytes").isIntegralNumber()).isTrue();
        assertThat(bash.get("output_bytes").asLong()).isEqualTo(1200);
    }

    @Test
    void aScopeSelectsProjectsPersonalMemoriesAndWhatWasCreatedOrChangedSince() {
        assertThat(rows(a, PortableType.MEMORY, new Scope(List.of("code/blog"), null, false))).isEmpty();
        assertThat(rows(a, PortableType.MEMORY, new Scope(List.of("code/blog"), null, true)).keySet())
                .containsExactly("~@2026-01-03T10:00:00.000Z#0");
        assertThat(rows(a, PortableType.VERIFICATION, new Scope(List.of("code/shop"), null, false))).hasSize(1);
        assertThat(rows(a, PortableType.VERIFICATION, new Scope(List.of("code/blog"), null, false))).isEmpty();
        assertThat(rows(a, PortableType.PROJECT, new Scope(List.of("code/blog"), null, false)).keySet())
                .containsExactly("code/blog");

        Scope since = new Scope(null, "2026-01-02T00:00:00.000Z", true);
        assertThat(rows(a, PortableType.OBSERVATION, since).keySet()).containsExactly("b1@2026-01-02T10:01:00.000Z#0");
        // a memory edited since, and a rule removed since, are news though created before
        assertThat(rows(a, PortableType.MEMORY, since).keySet()).containsExactly("code/shop@2026-01-01T10:30:00.000Z#0",
                "~@2026-01-03T10:00:00.000Z#0");
        assertThat(rows(a, PortableType.GUARD_RULE, since)).hasSize(1).allSatisfy((id, r) -> assertThat(r.get("pattern")
                .asText()).isEqualTo("*.lock"));
        assertThat(rows(a, PortableType.CHECK, since)).isEmpty();
        // what other records refer to is read whatever its age
        assertThat(rows(a, PortableType.SESSION, since)).hasSize(2);
        assertThat(rows(a, PortableType.PROJECT, since)).hasSize(2);
        assertThat(rows(a, PortableType.FEATURE, since)).hasSize(1);
    }

    @Test
    void aRowReadSinceADateHasTheIdItHasInAFullRead() {
        // both rules were created in the same millisecond; only the second was removed since: it stays #1, or an
        // incremental import would take it for the first rule and overwrite that one
        Scope since = new Scope(null, "2026-01-02T00:00:00.000Z", true);
        Map<String, ObjectNode> all = rows(a, PortableType.GUARD_RULE, Scope.ALL);
        Map<String, ObjectNode> changed = rows(a, PortableType.GUARD_RULE, since);
        assertThat(changed.keySet()).containsExactly("code/shop@2026-01-01T10:00:00.000Z#1");
        assertThat(changed).containsAllEntriesOf(Map.of("code/shop@2026-01-01T10:00:00.000Z#1",
                all.get("code/shop@2026-01-01T10:00:00.000Z#1")));

        a.db.write((Tx tx) -> {
            try (Statement st = tx.connection().createStatement()) {
                st.executeUpdate("UPDATE memories SET updated_at = '2025-12-01T00:00:00.000Z' WHERE id = 1");
                st.executeUpdate("UPDATE memories SET updated_at = '2026-03-01T00:00:00.000Z' WHERE id = 2");
            }
            return null;
        });
        assertThat(rows(a, PortableType.MEMORY, new Scope(List.of("code/shop"), "2026-02-01T00:00:00.000Z", false)))
                .containsOnlyKeys("code/shop@2026-01-01T10:30:00.000Z#1");
    }

    @Test
    void aMemorySupersededByOneOutsideTheScopeStillNamesItsStableId() {
        a.db.write((Tx tx) -> {
            store.supersede(tx, 2, 3L);
            return null;
        });
        ObjectNode old = rows(a, PortableType.MEMORY, new Scope(List.of("code/shop"), null, false))
                .get("code/shop@2026-01-01T10:30:00.000Z#1");
        assertThat(old.get("superseded_by").asText()).isEqualTo("~@2026-01-03T10:00:00.000Z#0");
        a.db.write((Tx tx) -> {
            store.supersede(tx, 2, null);
            return null;
        });
        assertThat(rows(a, PortableType.MEMORY, Scope.ALL).get("code/shop@2026-01-01T10:30:00.000Z#1").get("superseded_by")
                .isNull()).isTrue();
    }

    @Test
    void anInsertThatClashesWithAUniqueKeyWritesNothingAndSaysSo() {
        ObjectNode memory = rows(a, PortableType.MEMORY, Scope.ALL).get("code/shop@2026-01-01T10:30:00.000Z#0");
        ObjectNode feature = rows(a, PortableType.FEATURE, Scope.ALL).get(FEATURE);
        ObjectNode session = rows(a, PortableType.SESSION, Scope.ALL).get("s1");
        a.db.write((Tx tx) -> {
            assertThat(store.insert(tx, PortableType.MEMORY, memory.deepCopy().put("created_at", "2026-05-05T00:00:00.000Z"),
                    id -> null)).isEmpty();
            assertThat(store.insert(tx, PortableType.FEATURE, feature.deepCopy().put("created_at", "2026-05-05T00:00:00.000Z"),
                    id -> null)).isEmpty();
            assertThat(store.insert(tx, PortableType.SESSION, session, id -> null)).isEmpty();
            return null;
        });
        assertThat(count(a, "memories")).isEqualTo(3);
        assertThat(count(a, "features")).isEqualTo(1);
        assertThat(count(a, "feature_files")).isEqualTo(2);
        assertThat(count(a, "sessions")).isEqualTo(2);
    }

    @Test
    void aRecordTheSchemaRefusesIsRejectedWithSqlitesReasonAndOnlyThatWriteIsUndone() {
        ObjectNode rule = rows(a, PortableType.GUARD_RULE, Scope.ALL).values().iterator().next().deepCopy();
        ObjectNode check = rows(a, PortableType.CHECK, Scope.ALL).values().iterator().next().deepCopy();
        a.db.write((Tx tx) -> {
            ObjectNode fresh = rule.deepCopy().put("pattern", "src/new/**");
            fresh.remove("source");
            assertThat(store.insert(tx, PortableType.GUARD_RULE, fresh, id -> null)).isPresent();
            ObjectNode robot = rule.deepCopy().put("pattern", "other/**").put("source", "robot");
            assertThatThrownBy(() -> store.insert(tx, PortableType.GUARD_RULE, robot, id -> null))
                    .isInstanceOf(PortableStore.Rejected.class).hasMessageContaining("CHECK constraint failed")
                    .hasMessageNotContaining("[SQLITE_");
            assertThatThrownBy(() -> store.insert(tx, PortableType.CHECK, check.put("feature", "code/shop/ghost@x"), id -> null))
                    .isInstanceOf(PortableStore.Rejected.class).hasMessageContaining("FOREIGN KEY constraint failed")
                    .hasMessageContaining("code/shop/ghost@x");
            return null;
        });
        // the write before the refused ones committed; a field the record leaves out takes the column's default
        assertThat(a.rows("SELECT source FROM guard_rules WHERE pattern = 'src/new/**'")).containsExactly("user");
        assertThat(count(a, "guard_rules")).isEqualTo(3);
        assertThat(count(a, "feature_pending")).isEqualTo(1);
    }

    @Test
    void anUpdateReplacesFieldsAndAFeaturesPartsButNotAcrossAUniqueKey() {
        ObjectNode feature = rows(a, PortableType.FEATURE, Scope.ALL).get(FEATURE).deepCopy();
        feature.put("description", "the new checkout").putArray("files").add("src/checkout/**");
        feature.putArray("smoke_tests").add("./smoke.sh");
        feature.putArray("depends_on");
        ObjectNode old = rows(a, PortableType.MEMORY, Scope.ALL).get("code/shop@2026-01-01T10:30:00.000Z#1").deepCopy();
        a.db.write((Tx tx) -> {
            Map<String, Row> features = store.index(tx, PortableType.FEATURE, Scope.ALL);
            assertThat(store.update(tx, PortableType.FEATURE, features.get(FEATURE).rowid(), feature, id -> null)).isTrue();
            long memory = store.index(tx, PortableType.MEMORY, Scope.ALL).get("code/shop@2026-01-01T10:30:00.000Z#1").rowid();
            assertThat(store.update(tx, PortableType.MEMORY, memory, old.deepCopy().put("topic_key", "cart-rounding"),
                    id -> null)).isFalse();
            ObjectNode partial = old.deepCopy().put("title", "Per-line rounding");
            partial.remove("content");
            assertThat(store.update(tx, PortableType.MEMORY, memory, partial, id -> null)).isTrue();
            return null;
        });
        ObjectNode now = rows(a, PortableType.FEATURE, Scope.ALL).get(FEATURE);
        assertThat(now.get("description").asText()).isEqualTo("the new checkout");
        assertThat(now.get("files").toString()).isEqualTo("[\"src/checkout/**\"]");
        assertThat(now.get("smoke_tests").toString()).isEqualTo("[\"./smoke.sh\"]");
        assertThat(now.get("depends_on")).isEmpty();
        assertThat(a.rows("SELECT title || ' / ' || content || ' / ' || COALESCE(topic_key, '-') FROM memories WHERE id = 2"))
                .containsExactly("Per-line rounding / Per line / -");
    }

    @Test
    void aSessionsRowsAndTheProjectsAreLookedUpDirectly() {
        a.db.read((Tx tx) -> {
            Map<String, Row> observations = store.ofSession(tx, PortableType.OBSERVATION, "s1");
            assertThat(observations.keySet()).containsExactlyInAnyOrder("s1@2026-01-01T10:05:00.000Z#0",
                    "s1@2026-01-01T10:05:00.000Z#1");
            assertThat(observations.get("s1@2026-01-01T10:05:00.000Z#1").record().get("tool_name").asText()).isEqualTo("Edit");
            assertThat(store.ofSession(tx, PortableType.PROMPT, "b1")).isEmpty();
            assertThat(store.projectKeys(tx)).containsExactly("code/blog", "code/shop");
            assertThat(store.projectExists(tx, "code/shop")).isTrue();
            assertThat(store.projectExists(tx, "code/none")).isFalse();
            assertThat(store.sessionActivity(tx, "b1")).contains("2026-01-02T12:00:00.000Z");
            assertThat(store.sessionActivity(tx, "nobody")).isEmpty();
            return null;
        });
    }
}
