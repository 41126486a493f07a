package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * The curator's proposals, the learned command rules an accepted proposal writes, and the history reads the
 * curator's steps start from (noisy shell commands, summaries' key files).
 */
@Singleton
public final class CurationStore {

    /** Shell command lines whose output was large: how often, how big on average. */
    public record NoisyCommand(String command, int runs, long avgBytes, long avgLines) {
    }

    /** A session's summary, as much of it as feature discovery reads. */
    public record KeyFiles(String sessionId, String request, List<String> keyFiles) {
    }

    private static final String P_COLUMNS = """
            id, project, kind, fingerprint, payload, summary, evidence, status, source, job_id, applied, created_at, decided_at
            """;
    private static final String P_INSERT = """
            INSERT INTO curation_proposals(project, kind, fingerprint, payload, summary, evidence, job_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(project, kind, fingerprint) DO NOTHING
            RETURNING id
            """;
    private static final String P_BY_ID = "SELECT " + P_COLUMNS + " FROM curation_proposals WHERE id = ?";
    private static final String P_LIST = "SELECT " + P_COLUMNS + """
            FROM curation_proposals
            WHERE project = ?1 AND (?2 IS NULL OR status = ?2) AND (?3 IS NULL OR kind = ?3)
            ORDER BY id DESC LIMIT ?4
            """;
    private static final String P_KNOWN = """
            SELECT 1 FROM curation_proposals WHERE project = ? AND kind = ? AND fingerprint = ?
            """;
    private static final String P_DECIDE = """
            UPDATE curation_proposals SET status = ?, applied = ?, decided_at = ? WHERE id = ? AND status = ?
            """;

    private static final String R_COLUMNS = """
            id, project, pattern, strategy, max_lines, reason, source, job_id, proposal_id, created_at, deleted_at
            """;
    private static final String R_INSERT = """
            INSERT INTO command_rules(project, pattern, strategy, max_lines, reason, source, job_id, proposal_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(project, pattern) WHERE deleted_at IS NULL DO NOTHING
            RETURNING id
            """;
    private static final String R_BY_ID = "SELECT " + R_COLUMNS + " FROM command_rules WHERE id = ?";
    private static final String R_LIVE = "SELECT " + R_COLUMNS
            + " FROM command_rules WHERE project = ? AND deleted_at IS NULL ORDER BY length(pattern) DESC, id";
    private static final String R_REMOVE = "UPDATE command_rules SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL";

    // The base of a command is found in Java (shell words); SQL narrows to the large outputs and groups exact lines.
    private static final String NOISY = """
            SELECT command, count(*) AS runs, CAST(avg(output_bytes) AS INTEGER) AS avg_bytes,
                   CAST(avg(COALESCE(output_lines, 0)) AS INTEGER) AS avg_lines
            FROM observations
            WHERE project = ? AND command IS NOT NULL AND output_bytes > ?
            GROUP BY command
            ORDER BY runs DESC, avg_bytes DESC
            LIMIT ?
            """;
    private static final String KEY_FILES = """
            SELECT session_id, request, key_files FROM summaries
            WHERE project = ? AND key_files <> '[]'
            ORDER BY updated_at DESC, id DESC LIMIT ?
            """;

    private static final String ENDED_SINCE = """
            SELECT count(*) FROM sessions
            WHERE project = ?1 AND ended_at IS NOT NULL
              AND ended_at > COALESCE((SELECT max(created_at) FROM jobs WHERE kind = ?2 AND project = ?1), '')
            """;

    /** Sessions of the project that ended after the newest job of {@code kind} for it was queued (all, if none was). */
    public int endedSessionsSince(Tx tx, String project, String kind) {
        return tx.call(ENDED_SINCE, ps -> {
            ps.setString(1, project);
            ps.setString(2, kind);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    /** Stores a new proposal; empty when the same one (same fingerprint) was ever proposed in the project. */
    public Optional<Long> propose(Tx tx, NewProposal p, Instant now) {
        return tx.call(P_INSERT, ps -> {
            ps.setString(1, p.project());
            ps.setString(2, p.kind());
            ps.setString(3, p.fingerprint());
            ps.setString(4, StoreJson.encodeObject(p.payload()));
            ps.setString(5, p.summary());
            ps.setString(6, p.evidence());
            Columns.setLong(ps, 7, p.jobId());
            ps.setString(8, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        });
    }

    /** Whether the same proposal was ever made in the project (whatever became of it). */
    public boolean known(Tx tx, String project, String kind, String fingerprint) {
        return tx.call(P_KNOWN, ps -> {
            ps.setString(1, project);
            ps.setString(2, kind);
            ps.setString(3, fingerprint);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    public Optional<ProposalRow> proposal(Tx tx, long id) {
        return tx.call(P_BY_ID, ps -> {
            ps.setLong(1, id);
            List<ProposalRow> rows = proposals(ps);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    /** Newest first; {@code status} and {@code kind} null for all. */
    public List<ProposalRow> proposals(Tx tx, String project, String status, String kind, int limit) {
        return tx.call(P_LIST, ps -> {
            ps.setString(1, project);
            ps.setString(2, status);
            ps.setString(3, kind);
            ps.setInt(4, limit);
            return proposals(ps);
        });
    }

    /** Moves a proposal from {@code from} to {@code to}; false when it was no longer in {@code from}. */
    public boolean decide(Tx tx, long id, String from, String to, Map<String, ?> applied, Instant now) {
        return tx.call(P_DECIDE, ps -> {
            ps.setString(1, to);
            ps.setString(2, StoreJson.encodeObject(applied));
            ps.setString(3, Timestamps.format(now));
            ps.setLong(4, id);
            ps.setString(5, from);
            return ps.executeUpdate() == 1;
        });
    }

    /** Adds a live rule; empty when the project already has a live rule for the pattern. */
    public Optional<Long> addCommandRule(Tx tx, String project, String pattern, String strategy, Integer maxLines,
            String reason, String source, Long jobId, Long proposalId, Instant now) {
        return tx.call(R_INSERT, ps -> {
            ps.setString(1, project);
            ps.setString(2, pattern);
            ps.setString(3, strategy);
            Columns.setInt(ps, 4, maxLines);
            ps.setString(5, reason);
            ps.setString(6, source);
            Columns.setLong(ps, 7, jobId);
            Columns.setLong(ps, 8, proposalId);
            ps.setString(9, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        });
    }

    public Optional<CommandRuleRow> commandRule(Tx tx, long id) {
        return tx.call(R_BY_ID, ps -> {
            ps.setLong(1, id);
            List<CommandRuleRow> rows = rules(ps);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    /** The project's live rules, longest pattern first (the most specific rule wins). */
    public List<CommandRuleRow> commandRules(Tx tx, String project) {
        return tx.call(R_LIVE, ps -> {
            ps.setString(1, project);
            return rules(ps);
        });
    }

    public boolean removeCommandRule(Tx tx, long id, Instant now) {
        return tx.call(R_REMOVE, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** Exact command lines whose output exceeded {@code minBytes}, most frequent first. */
    public List<NoisyCommand> noisyCommands(Tx tx, String project, long minBytes, int limit) {
        return tx.call(NOISY, ps -> {
            ps.setString(1, project);
            ps.setLong(2, minBytes);
            ps.setInt(3, limit);
            List<NoisyCommand> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new NoisyCommand(rs.getString("command"), rs.getInt("runs"), rs.getLong("avg_bytes"),
                            rs.getLong("avg_lines")));
                }
            }
            return out;
        });
    }

    /** The newest summaries that name key files. */
    public List<KeyFiles> keyFiles(Tx tx, String project, int limit) {
        return tx.call(KEY_FILES, ps -> {
            ps.setString(1, project);
            ps.setInt(2, limit);
            List<KeyFiles> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new KeyFiles(rs.getString("session_id"), rs.getString("request"),
                            StoreJson.decode(rs.getString("key_files"))));
                }
            }
            return out;
        });
    }

    private static List<ProposalRow> proposals(PreparedStatement ps) throws SQLException {
        List<ProposalRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new ProposalRow(rs.getLong("id"), rs.getString("project"), rs.getString("kind"),
                        rs.getString("fingerprint"), StoreJson.decodeObject(rs.getString("payload")),
                        rs.getString("summary"), rs.getString("evidence"), rs.getString("status"), rs.getString("source"),
                        Columns.longOrNull(rs, "job_id"), StoreJson.decodeObject(rs.getString("applied")),
                        rs.getString("created_at"), rs.getString("decided_at")));
            }
        }
        return out;
    }

    private static List<CommandRuleRow> rules(PreparedStatement ps) throws SQLException {
        List<CommandRuleRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new CommandRuleRow(rs.getLong("id"), rs.getString("project"), rs.getString("pattern"),
                        rs.getString("strategy"), Columns.intOrNull(rs, "max_lines"), rs.getString("reason"),
                        rs.getString("source"), Columns.longOrNull(rs, "job_id"), Columns.longOrNull(rs, "proposal_id"),
                        rs.getString("created_at"), rs.getString("deleted_at")));
            }
        }
        return out;
    }
}
