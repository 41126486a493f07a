package dev.eaglemem.store;

import java.sql.ResultSet;

import jakarta.inject.Singleton;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Counts for {@code eagle-mem status}, the status line and the SessionStart header: one statement, one round trip. */
@Singleton
public final class StatsStore {

    // One statement for a project and one for all of them, not "?1 IS NULL OR project = ?1": that OR keeps SQLite
    // from searching the (project, …) indexes, so every count would walk a whole index (a million entries for
    // observations on a big database). The memory counts use V6's idx_memories_scope and idx_memories_forgotten.
    private static final String PROJECT_COUNTS = """
            SELECT
              (SELECT count(*) FROM projects WHERE key = ?1),
              (SELECT count(*) FROM sessions WHERE project = ?1),
              (SELECT count(*) FROM observations WHERE project = ?1),
              (SELECT count(*) FROM summaries WHERE project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NOT NULL AND project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'personal'),
              (SELECT count(*) FROM user_prompts WHERE project = ?1),
              (SELECT count(*) FROM overviews WHERE project = ?1),
              (SELECT count(*) FROM events WHERE project = ?1)
            """;
    private static final String ALL_COUNTS = """
            SELECT
              (SELECT count(*) FROM projects),
              (SELECT count(*) FROM sessions),
              (SELECT count(*) FROM observations),
              (SELECT count(*) FROM summaries),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project'),
              (SELECT count(*) FROM memories WHERE deleted_at IS NOT NULL),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'personal'),
              (SELECT count(*) FROM user_prompts),
              (SELECT count(*) FROM overviews),
              (SELECT count(*) FROM events)
            """;
    // SessionStart runs on every session start: only the two numbers its header shows.
    private static final String HEADER_COUNTS = """
            SELECT
              (SELECT count(*) FROM sessions WHERE project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND project = ?1)
                + (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'personal')
            """;

    private static final String ENRICHED = """
            SELECT count(*) FROM summaries WHERE project = ?1
              AND (trim(coalesce(decisions, '')) <> '' OR trim(coalesce(gotchas, '')) <> '')
            """;

    /** Summaries of {@code project} that carry a decision or a gotcha (for {@code eagle-mem health}'s enrichment). */
    public long enrichedSummaries(Tx tx, String project) {
        return tx.call(ENRICHED, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** What a project's next session would start with after a context reset ({@code eagle-mem compaction}). */
    @RegisterForReflection
    public record Durable(long summaries, long enrichedSummaries, long withNextSteps, long memories, long decisions,
            long gotchas, long activeFeatures, long pendingChecks, long recallEvents, String lastSummaryAt,
            String lastMemoryAt) {
    }

    private static final String DURABLE = """
            SELECT
              (SELECT count(*) FROM summaries WHERE project = ?1),
              (SELECT count(*) FROM summaries WHERE project = ?1
                 AND (trim(coalesce(decisions, '')) <> '' OR trim(coalesce(gotchas, '')) <> ''
                      OR trim(coalesce(learned, '')) <> '')),
              (SELECT count(*) FROM summaries WHERE project = ?1 AND trim(coalesce(next_steps, '')) <> ''),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND project = ?1
                 AND kind = 'decision'),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND project = ?1
                 AND kind = 'gotcha'),
              (SELECT count(*) FROM features WHERE project = ?1 AND status = 'active'),
              (SELECT count(*) FROM feature_pending WHERE project = ?1 AND status = 'pending'),
              (SELECT count(*) FROM recall_events WHERE project = ?1),
              (SELECT max(updated_at) FROM summaries WHERE project = ?1),
              (SELECT max(updated_at) FROM memories WHERE deleted_at IS NULL AND project = ?1)
            """;

    public Durable durable(Tx tx, String project) {
        return tx.call(DURABLE, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Durable(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getString(10), rs.getString(11));
            }
        });
    }

    /** SessionStart's header: the project's sessions, and the live memories recall draws on (its own and personal ones). */
    public record HeaderCounts(long sessions, long memories) {
    }

    /** Row counts for {@code project}, or for every project when it is null. */
    public TableCounts counts(Tx tx, String project) {
        return tx.call(project == null ? ALL_COUNTS : PROJECT_COUNTS, ps -> {
            if (project != null) {
                ps.setString(1, project);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new TableCounts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10));
            }
        });
    }

    /** The same figures as {@link #counts}' sessions and memories + personal memories, without counting the rest. */
    public HeaderCounts headerCounts(Tx tx, String project) {
        return tx.call(HEADER_COUNTS, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new HeaderCounts(rs.getLong(1), rs.getLong(2));
            }
        });
    }
}
