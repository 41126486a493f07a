package dev.eaglemem.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

import dev.eaglemem.error.EagleException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * Applies the Flyway migrations in {@code db/migration} — only when the stored version is behind, so
 * a normal command on an up-to-date database costs one indexed query, not a Flyway scan.
 */
public final class Migrations {

    /** Every migration, in order. MigrationsListTest keeps this list equal to the db/migration folder. */
    static final List<String> FILES = List.of("V1__baseline.sql", "V2__hooks.sql", "V3__jobs.sql", "V4__features.sql",
            "V5__applied_events.sql", "V6__scale_indexes.sql", "V7__embeddings.sql", "V8__substring_index.sql",
            "V9__code_index.sql", "V10__llm.sql", "V11__curation.sql",
            "V12__recall_detail.sql", "V13__summary_enrichments.sql", "V14__hot_file_counts.sql",
            "V15__memory_cues.sql", "V16__code_embeddings.sql", "V17__recall_scores.sql", "V18__anchors.sql",
            "V19__tasks.sql", "V20__agent_notes.sql",
            "V21__checkpoints.sql", "V22__orchestrations.sql", "V23__team.sql");

    /** The schema version this binary expects. */
    public static final int LATEST = versionOf(FILES.getLast());

    static final String HISTORY_TABLE = "flyway_schema_history";
    private static final String LOCATION = "db/migration";

    private Migrations() {
    }

    static int versionOf(String file) {
        return Integer.parseInt(file.substring(1, file.indexOf("__")));
    }

    /** The applied schema version; 0 for a database Flyway never touched. */
    static int currentVersion(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'flyway_schema_history'")) {
            if (!rs.next() || rs.getInt(1) == 0) {
                return 0;
            }
        }
        try (Statement st = connection.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT COALESCE(MAX(CAST(version AS INTEGER)), 0) FROM flyway_schema_history WHERE success = 1")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /**
     * Migrates under an exclusive file lock so that concurrent first runs (several hooks at once on a
     * new machine) apply each migration exactly once. Returns the number of migrations applied.
     */
    static int migrate(DataSource dataSource, Path lockFile) {
        // A file lock excludes other processes; threads of this process queue on the monitor first
        // because the JVM refuses a second lock on the same file (OverlappingFileLockException).
        synchronized (Migrations.class) {
            return migrateLocked(dataSource, lockFile);
        }
    }

    private static int migrateLocked(DataSource dataSource, Path lockFile) {
        try (FileChannel channel = FileChannel.open(lockFile, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                FileLock lock = channel.lock()) {
            try (Connection c = dataSource.getConnection()) {
                if (currentVersion(c) >= LATEST) {
                    return 0; // another process migrated while we waited for the lock
                }
            }
            return flyway(dataSource).migrate().migrationsExecuted;
        } catch (SQLException e) {
            throw EagleException.failure("migration_failed", "cannot read the schema version: " + e.getMessage(),
                    "run 'eagle-mem doctor'", e);
        } catch (IOException e) {
            throw EagleException.failure("migration_lock_failed", "cannot lock " + lockFile + ": " + e.getMessage(),
                    "check that " + lockFile.getParent() + " is writable (chmod 700 " + lockFile.getParent() + ")", e);
        } catch (FlywayException e) {
            throw EagleException.failure("migration_failed", "database migration failed: " + e.getMessage(),
                    "run 'eagle-mem doctor' and report the log at " + lockFile.resolveSibling("eagle-mem.log"), e);
        }
    }

    private static Flyway flyway(DataSource dataSource) {
        return Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .table(HISTORY_TABLE)
                .locations(LOCATION)
                .resourceProvider(new ListedResources(LOCATION, FILES))
                .javaMigrationClassProvider(List::of)
                .load();
    }

    /**
     * Serves the listed migration files by name instead of letting Flyway scan the classpath: cheaper,
     * and a native image cannot list resource directories anyway. Also serves the team database's migrations.
     */
    static final class ListedResources implements ResourceProvider {

        private final String location;
        private final List<String> files;

        ListedResources(String location, List<String> files) {
            this.location = location;
            this.files = files;
        }

        @Override
        public LoadableResource getResource(String name) {
            String file = name.substring(name.lastIndexOf('/') + 1);
            return files.contains(file) ? new MigrationResource(location, file) : null;
        }

        @Override
        public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
            return files.stream()
                    .filter(f -> f.startsWith(prefix) && List.of(suffixes).stream().anyMatch(f::endsWith))
                    .<LoadableResource>map(f -> new MigrationResource(location, f))
                    .toList();
        }
    }

    private static final class MigrationResource extends LoadableResource {

        private final String location;
        private final String file;

        MigrationResource(String location, String file) {
            this.location = location;
            this.file = file;
        }

        @Override
        public Reader read() {
            InputStream in = Migrations.class.getClassLoader().getResourceAsStream(location + "/" + file);
            if (in == null) {
                throw new UncheckedIOException(new IOException("migration resource missing: " + location + "/" + file));
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }

        @Override
        public String getAbsolutePath() {
            return location + "/" + file;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            return getAbsolutePath();
        }

        @Override
        public String getFilename() {
            return file;
        }

        @Override
        public String getRelativePath() {
            return file;
        }
    }
}
