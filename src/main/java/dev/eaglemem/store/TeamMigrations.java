package dev.eaglemem.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The team database's schema: Flyway migrations in {@code db/team}, in schema {@code eagle_mem} with their own history
 * table, applied by {@code team connect} (and by sync when a newer eagle-mem added one). A schema newer than this
 * binary knows is refused: an older eagle-mem must not write rows a newer one reads differently.
 */
final class TeamMigrations {

    /** Every team migration, in order (MigrationsListTest keeps it equal to the db/team folder). */
    static final List<String> FILES = List.of("V1__team.sql");
    static final int LATEST = Migrations.versionOf(FILES.getLast());
    private static final String LOCATION = "db/team";
    private static final String HISTORY = "eagle_mem_schema_history";

    private TeamMigrations() {
    }

    static int currentVersion(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?")) {
            ps.setString(1, TeamDatabase.SCHEMA);
            ps.setString(2, HISTORY);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || rs.getInt(1) == 0) {
                    return 0;
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(MAX(CAST(version AS INTEGER)), 0) FROM "
                + TeamDatabase.SCHEMA + "." + HISTORY + " WHERE success")) {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    static int migrate(DataSource pool, String where, String user, String database) {
        int current;
        try (Connection c = pool.getConnection()) {
            current = currentVersion(c);
        } catch (SQLException e) {
            throw TeamDatabaseErrors.translate(e, where, user, database);
        }
        if (current > LATEST) {
            throw new EagleException(ExitCode.FAILURE, "team_schema_too_new", "the team database at " + where
                    + " has eagle-mem's team schema version " + current + ", newer than this eagle-mem knows (" + LATEST + ")",
                    "upgrade eagle-mem on this machine to the version the team uses", null);
        }
        if (current == LATEST) {
            return 0;
        }
        try {
            return Flyway.configure(TeamMigrations.class.getClassLoader()).dataSource(pool).schemas(TeamDatabase.SCHEMA)
                    .defaultSchema(TeamDatabase.SCHEMA).createSchemas(true).table(HISTORY).locations(LOCATION)
                    .resourceProvider(new Migrations.ListedResources(LOCATION, FILES)).javaMigrationClassProvider(List::of).load()
                    .migrate().migrationsExecuted;
        } catch (FlywayException e) {
            Throwable cause = e.getCause();
            while (cause != null && !(cause instanceof SQLException)) {
                cause = cause.getCause();
            }
            if (cause instanceof SQLException sql) {
                throw TeamDatabaseErrors.translate(sql, where, user, database);
            }
            throw new EagleException(ExitCode.FAILURE, "team_migration_failed", "cannot create eagle-mem's tables in the"
                    + " team database at " + where + ": " + e.getMessage(),
                    "check that user '" + user + "' may create"
                            + " schema " + TeamDatabase.SCHEMA + " (GRANT CREATE ON DATABASE " + database + " TO " + user + ")",
                    e);
        }
    }
}
