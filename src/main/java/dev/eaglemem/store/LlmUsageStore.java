package dev.eaglemem.store;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** {@code llm_usage} (V10): one row per model call, answered or not; the cost governor and {@code llm usage} read it. */
@Singleton
public final class LlmUsageStore {

    /** One call as recorded. {@code day} is the budget's local day (YYYY-MM-DD). */
    public record Call(String at, String day, String provider, String model, String purpose, Long jobId, String project,
            long inputTokens, long outputTokens, boolean estimated, double costUsd, long latencyMs, boolean ok,
            String error) {
    }

    /** What a day has used so far. */
    public record Spent(long calls, long tokens, double costUsd) {

        public static final Spent NONE = new Spent(0, 0, 0);
    }

    /** One line of a usage report: a day, a purpose and a provider/model, summed. */
    @RegisterForReflection
    public record Line(String day, String purpose, String provider, String model, long calls, long failed,
            long inputTokens, long outputTokens, boolean estimated, double costUsd) {
    }

    public void record(Tx tx, Call c) {
        tx.run("""
                INSERT INTO llm_usage(at, day, provider, model, purpose, job_id, project, input_tokens, output_tokens,
                    estimated, cost_usd, latency_ms, ok, error)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                """, ps -> {
            ps.setString(1, c.at());
            ps.setString(2, c.day());
            ps.setString(3, c.provider());
            ps.setString(4, c.model());
            ps.setString(5, c.purpose());
            ps.setObject(6, c.jobId());
            ps.setString(7, c.project());
            ps.setLong(8, c.inputTokens());
            ps.setLong(9, c.outputTokens());
            ps.setInt(10, c.estimated() ? 1 : 0);
            ps.setDouble(11, c.costUsd());
            ps.setLong(12, c.latencyMs());
            ps.setInt(13, c.ok() ? 1 : 0);
            ps.setString(14, c.error());
            ps.executeUpdate();
        });
    }

    public Spent spent(Tx tx, String day) {
        return tx.call("""
                SELECT count(*), coalesce(sum(input_tokens + output_tokens), 0), coalesce(sum(cost_usd), 0)
                FROM llm_usage WHERE day = ?
                """, ps -> {
            ps.setString(1, day);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Spent(rs.getLong(1), rs.getLong(2), rs.getDouble(3));
            }
        });
    }

    /** Days from {@code firstDay} on (inclusive), newest first, by purpose and provider/model. */
    public List<Line> report(Tx tx, String firstDay) {
        return tx.call("""
                SELECT day, purpose, provider, model, count(*), sum(ok = 0), sum(input_tokens), sum(output_tokens),
                    max(estimated), sum(cost_usd)
                FROM llm_usage WHERE day >= ?
                GROUP BY day, purpose, provider, model
                ORDER BY day DESC, sum(cost_usd) DESC, purpose, provider, model
                """, ps -> {
            ps.setString(1, firstDay);
            List<Line> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Line(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
                            rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getInt(9) == 1, rs.getDouble(10)));
                }
            }
            return out;
        });
    }
}
