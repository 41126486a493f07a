package dev.eaglemem.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;

/**
 * A team's PostgreSQL database (schema {@code eagle_mem}, see db/team/): a small Agroal pool like the local store's,
 * opened by serve's team-sync job or a {@code team} command and closed after. Every statement of the team side is here.
 *
 * <p>Pushes of one team are serialized by a transaction-level advisory lock: the sequence numbers a push takes then
 * become visible in order, so a puller that has seen number n has seen every change numbered below it.
 */
public final class TeamDatabase implements AutoCloseable {

    /** The oldest PostgreSQL major version the team schema is written for. */
    public static final int MIN_MAJOR = 13;
    static final String SCHEMA = "eagle_mem";

    /** Decides a conflict: whether an incoming revision replaces the current one (TeamRule in the team package). */
    @FunctionalInterface
    public interface Rule {
        boolean incomingWins(TeamRecord incoming, TeamRecord current);
    }

    /** What a push did with one record. */
    public enum Outcome {
        /** The record was new to the team. */
        CREATED,
        /** It replaced the current revision (a later edit of it). */
        UPDATED,
        /** It won a conflict: the current revision was an edit made beside it, now kept as lost. */
        WON,
        /** It lost a conflict: kept in the history as lost; the current revision stays. */
        LOST,
        /** Already there (a replayed push, or the same content): nothing changed. */
        UNCHANGED
    }

    /**
     * One record's push: what happened, the record current afterwards, and for {@link Outcome#WON} the revision it
     * displaced (null otherwise).
     */
    public record Pushed(TeamRecord record, Outcome outcome, TeamRecord current, TeamRecord displaced) {
    }

    private final AgroalDataSource pool;
    private final String where;
    private final String user;
    private final String database;

    private TeamDatabase(AgroalDataSource pool, String where, String user, String database) {
        this.pool = pool;
        this.where = where;
        this.user = user;
        this.database = database;
    }

    /**
     * Opens a pool and one connection to check the server (its version, that it answers): a wrong host, password,
     * database or version fails here, named.
     *
     * @param where host:port, for messages
     */
    public static TeamDatabase open(String jdbcUrl, String where, String user, String database, String password,
            Duration connectTimeout) {
        Properties props = new Properties();
        props.setProperty("connectTimeout", Long.toString(Math.max(1, connectTimeout.toSeconds())));
        props.setProperty("socketTimeout", "120");
        props.setProperty("tcpKeepAlive", "true");
        props.setProperty("currentSchema", SCHEMA);
        if (!jdbcUrl.contains("ApplicationName=")) {
            props.setProperty("ApplicationName", "eagle-mem");
        }
        AgroalDataSource pool;
        try {
            var config = new AgroalDataSourceConfigurationSupplier().connectionPoolConfiguration(p -> p.minSize(0)
                    .initialSize(0).maxSize(2).acquisitionTimeout(connectTimeout.plusSeconds(5))
                    .connectionFactoryConfiguration(cf -> {
                        cf.jdbcUrl(jdbcUrl).connectionProviderClass(org.postgresql.Driver.class).principal(new NamePrincipal(
                                user));
                        if (password != null) {
                            cf.credential(new SimplePassword(password));
                        }
                        props.forEach((k, v) -> cf.jdbcProperty((String) k, (String) v));
                        return cf;
                    }));
            pool = AgroalDataSource.from(config);
        } catch (SQLException e) {
            throw TeamDatabaseErrors.translate(e, where, user, database);
        }
        TeamDatabase db = new TeamDatabase(pool, where, user, database);
        try {
            db.checkServer();
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        return db;
    }

    private void checkServer() {
        int version = call(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW server_version_num")) {
                rs.next();
                return Integer.parseInt(rs.getString(1).strip());
            }
        });
        if (version / 10000 < MIN_MAJOR) {
            throw new EagleException(ExitCode.FAILURE, "team_server_too_old", "the team database at " + where
                    + " runs PostgreSQL " + (version / 10000) + "; eagle-mem's team schema needs " + MIN_MAJOR
                    + " or newer", "use a PostgreSQL " + MIN_MAJOR + "+ server (upgrade it, or point the URL at another)",
                    null);
        }
    }

    /** Applies the team schema's migrations that are missing; the number applied. */
    public int migrate() {
        return TeamMigrations.migrate(pool, where, user, database);
    }

    /** The team schema's version there (0: never migrated). */
    public int schemaVersion() {
        return call(TeamMigrations::currentVersion);
    }

    /** The server's version string, for status. */
    public String serverVersion() {
        return call(c -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW server_version")) {
                rs.next();
                return rs.getString(1);
            }
        });
    }

    /**
     * Pushes records of one team in one transaction: each is created, replaces the current revision, or loses under
     * {@code rule} — every revision is kept in team_revisions either way, and a replayed push changes nothing.
     */
    public List<Pushed> push(String team, List<TeamRecord> records, Rule rule) {
        return transaction(c -> {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(hashtext(?))")) {
                lock.setString(1, "eagle-mem:" + team);
                lock.execute();
            }
            List<Pushed> out = new ArrayList<>();
            for (TeamRecord r : records) {
                out.add(TeamPushSql.pushOne(c, team, r, rule));
            }
            return out;
        });
    }

    /** The current records of the given projects changed after {@code after}, in sequence order. */
    public List<TeamRecord> pull(String team, Collection<String> projects, long after, int limit) {
        return call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + TeamPushSql.COLUMNS + " FROM team_records"
                    + " WHERE team = ? AND seq > ? AND project = ANY (?) ORDER BY seq LIMIT ?")) {
                ps.setString(1, team);
                ps.setLong(2, after);
                ps.setArray(3, c.createArrayOf("text", projects.toArray()));
                ps.setInt(4, limit);
                return TeamPushSql.records(ps);
            }
        });
    }

    /** Current records by id (what a pulled record refers to and the puller lacks). */
    public List<TeamRecord> fetch(String team, String project, String type, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return call(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + TeamPushSql.COLUMNS + " FROM team_records"
                    + " WHERE team = ? AND project = ? AND type = ? AND record_id = ANY (?) ORDER BY seq")) {
                ps.setString(1, team);
                ps.setString(2, project);
                ps.setString(3, type);
                ps.setArray(4, c.createArrayOf("text", ids.toArray()));
                return TeamPushSql.records(ps);
            }
        });
    }

    /** The highest sequence number of the projects' records (what a fully pulled machine has seen). */
    public long lastSeq(String team, Collection<String> projects) {
        return call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COALESCE(MAX(seq), 0) FROM team_records WHERE team = ? AND project = ANY (?)")) {
                ps.setString(1, team);
                ps.setArray(2, c.createArrayOf("text", projects.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    /** Record counts per project of the team (current records, tombstones included). */
    public Map<String, Long> counts(String team) {
        return call(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT project, count(*) FROM team_records WHERE team = ? GROUP BY project ORDER BY project")) {
                ps.setString(1, team);
                Map<String, Long> out = new java.util.LinkedHashMap<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getLong(2));
                    }
                }
                return out;
            }
        });
    }

    /** Notes that a machine was here (and pushed {@code pushed} records, or pulled when {@code pulled}). */
    public void seen(String team, String machine, String person, String version, int pushed, boolean pulled) {
        call(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO team_machines (team, machine, person, eagle_mem, last_push_at, last_pull_at, records_pushed)
                    VALUES (?, ?, ?, ?, CASE WHEN ? > 0 THEN now() END, CASE WHEN ? THEN now() END, ?)
                    ON CONFLICT (team, machine) DO UPDATE SET person = EXCLUDED.person, eagle_mem = EXCLUDED.eagle_mem,
                        last_seen_at = now(),
                        last_push_at = COALESCE(EXCLUDED.last_push_at, team_machines.last_push_at),
                        last_pull_at = COALESCE(EXCLUDED.last_pull_at, team_machines.last_pull_at),
                        records_pushed = team_machines.records_pushed + EXCLUDED.records_pushed
                    """)) {
                ps.setString(1, team);
                ps.setString(2, machine);
                ps.setString(3, person);
                ps.setString(4, version);
                ps.setInt(5, pushed);
                ps.setBoolean(6, pulled);
                ps.setLong(7, pushed);
                ps.executeUpdate();
                return null;
            }
        });
    }

    public List<TeamMember> members(String team) {
        return call(c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT machine, person, eagle_mem, first_seen_at, last_seen_at, last_push_at, last_pull_at, records_pushed
                    FROM team_machines WHERE team = ? ORDER BY last_seen_at DESC, machine
                    """)) {
                ps.setString(1, team);
                List<TeamMember> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new TeamMember(rs.getString(1), rs.getString(2), rs.getString(3), TeamPushSql.time(rs, 4),
                                TeamPushSql.time(rs, 5), TeamPushSql.time(rs, 6), TeamPushSql.time(rs, 7), rs.getLong(8)));
                    }
                }
                return out;
            }
        });
    }

    /** The newest revisions of the projects that lost a conflict, with what they lost to. */
    public List<TeamLost> lost(String team, Collection<String> projects, int limit) {
        return call(c -> TeamPushSql.lost(c, team, projects, limit));
    }

    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private <T> T call(Work<T> work) {
        try (Connection c = pool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw TeamDatabaseErrors.translate(e, where, user, database);
        }
    }

    private <T> T transaction(Work<T> work) {
        return call(c -> {
            c.setAutoCommit(false);
            try {
                T out = work.run(c);
                c.commit();
                return out;
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException ignored) {
                    // the connection is gone: the server rolled the transaction back itself
                }
                throw e;
            } finally {
                try {
                    c.setAutoCommit(true);
                } catch (SQLException ignored) {
                    // a broken connection leaves the pool on close
                }
            }
        });
    }

    @Override
    public void close() {
        pool.close();
    }
}
