package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** HealthStore on a real migrated file: what doctor and status report about a healthy database. */
class HealthStoreTest extends TempDbTest {

    private final HealthStore health = new HealthStore();

    @Test
    void aFreshDatabaseIsIntactAtTheLatestSchemaVersion() {
        assertThat(t.db.read((Tx tx) -> health.integrityCheck(tx, 10))).containsExactly("ok");
        assertThat(t.db.read((Tx tx) -> health.integrityCheck(tx, 0))).as("max bounds the lines").isEmpty();
        assertThat(t.db.<Integer>read(health::schemaVersion)).isEqualTo(Migrations.LATEST);
    }

    @Test
    void theBundledSqliteHasWhatTheStoresUse() {
        assertThat(t.db.<Boolean>read(health::fts5Available)).isTrue();
        String version = t.db.read(health::sqliteVersion);
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+");
        int[] parts = Arrays.stream(version.split("\\.")).mapToInt(Integer::parseInt).toArray();
        // RETURNING (JobStore, FeatureStore) needs 3.35; the trigram tokenizer (V8) needs 3.34
        assertThat(parts[0] * 1000 + parts[1]).isGreaterThanOrEqualTo(3035);
    }

    @Test
    void settingsReportTheBusyTimeoutTheDatabaseWasOpenedWith() throws Exception {
        try (TestDb other = TestDb.in(Files.createDirectories(dir.resolve("other")), 1234, 0)) {
            ConnectionSettings settings = other.db.read(health::settings);
            assertThat(settings.busyTimeoutMs()).isEqualTo(1234);
            assertThat(settings.journalMode()).isEqualTo("wal");
            assertThat(settings.foreignKeys()).isTrue();
        }
    }
}
