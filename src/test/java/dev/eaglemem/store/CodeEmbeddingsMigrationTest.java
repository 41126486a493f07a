package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** V16 rebuilds `embeddings` so code chunks may have vectors: the vectors stored before it are all kept. */
class CodeEmbeddingsMigrationTest {

    @TempDir
    Path dir;

    @Test
    void vectorsStoredBeforeTheRebuildAreKeptAndCodeIsAllowedAfterIt() throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("memory.db");
        Flyway.configure().dataSource(url, null, null).table(Migrations.HISTORY_TABLE).locations("classpath:db/migration")
                .target("15").load().migrate();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO embeddings VALUES ('memory', 7, 'm', '2026-11-01T00:00:00.000Z', 1, x'0000803f',"
                    + " '2026-11-02T00:00:00.000Z')");
            st.executeUpdate("INSERT INTO embeddings VALUES ('summary', 9, 'm', 's', 1, x'000000bf', 'c')");
            assertThatThrownBy(() -> st.executeUpdate("INSERT INTO embeddings VALUES ('code', 1, 'm', 's', 1, x'00000000', 'c')"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("CHECK");
        }
        try (TestDb t = TestDb.in(dir)) {
            assertThat(t.db.<Integer>read(tx -> new HealthStore().schemaVersion(tx))).isEqualTo(Migrations.LATEST);
        }
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO embeddings VALUES ('code', 1, 'm', 'hash:1', 1, x'00000000', 'c')");
            try (ResultSet rs = st.executeQuery("SELECT record_kind || ':' || record_id || ':' || source_at || ':' || hex(vector)"
                    + " || ':' || created_at FROM embeddings ORDER BY record_kind")) {
                List<String> rows = new java.util.ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
                assertThat(rows).containsExactly("code:1:hash:1:00000000:c",
                        "memory:7:2026-11-01T00:00:00.000Z:0000803F:2026-11-02T00:00:00.000Z", "summary:9:s:000000BF:c");
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'idx_embeddings_model'")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }
}
