package dev.eaglemem.llm;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.LlmUsageStore.Spent;
import dev.eaglemem.store.Timestamps;

/**
 * The hard cap. Before a call it adds the worst case (the estimated prompt plus every output token the call may
 * ask for, at the model's price) to what the day has recorded and what calls in flight have reserved; if that
 * passes {@code llm.daily_usd} or {@code llm.daily_tokens} the call is not made and the caller is told to come
 * back at the start of the next day. After the call the real usage is recorded, answered or not. The day is the
 * user's calendar day ({@code display.timezone}).
 */
final class CostGovernor {

    /** What a call in flight holds against the budget until it is recorded. */
    record Reservation(long tokens, double costUsd) {
    }

    private final Db db;
    private final LlmUsageStore store;
    private final Clock clock;
    private final ZoneId zone;
    private long reservedTokens;
    private double reservedUsd;

    CostGovernor(Db db, LlmUsageStore store, Clock clock, ZoneId zone) {
        this.db = db;
        this.store = store;
        this.clock = clock;
        this.zone = zone;
    }

    String today() {
        return LocalDate.ofInstant(clock.instant(), zone).toString();
    }

    Instant nextDay() {
        return LocalDate.ofInstant(clock.instant(), zone).plusDays(1).atStartOfDay(zone).toInstant();
    }

    Spent spentToday() {
        return db.read(tx -> store.spent(tx, today()));
    }

    /** @throws LlmDeferred when the worst case would pass a daily budget */
    synchronized Reservation reserve(LlmConfig config, long worstTokens, double worstUsd) {
        Spent spent = spentToday();
        long tokens = spent.tokens() + reservedTokens + worstTokens;
        double usd = spent.costUsd() + reservedUsd + worstUsd;
        if (tokens > config.dailyTokens()) {
            throw new LlmDeferred(String.format(Locale.ROOT,
                    "the day's model token budget is spent: %,d of %,d tokens used, this call may take up to %,d "
                            + "(llm.daily_tokens)",
                    spent.tokens() + reservedTokens, config.dailyTokens(), worstTokens),
                    nextDay());
        }
        if (usd > config.dailyUsd() + 1e-9) {
            throw new LlmDeferred(String.format(Locale.ROOT,
                    "the day's model budget is spent: $%.4f of $%.2f used, this call may cost up to $%.4f (llm.daily_usd)",
                    spent.costUsd() + reservedUsd, config.dailyUsd(), worstUsd), nextDay());
        }
        reservedTokens += worstTokens;
        reservedUsd += worstUsd;
        return new Reservation(worstTokens, worstUsd);
    }

    /** Records the call and gives its reservation back. */
    void record(Reservation held, LlmUsageStore.Call call) {
        try {
            db.write(tx -> {
                store.record(tx, call);
                return null;
            });
        } finally {
            release(held);
        }
    }

    synchronized void release(Reservation held) {
        reservedTokens -= held.tokens();
        reservedUsd -= held.costUsd();
    }

    LlmUsageStore.Call call(LlmRequest r, ProviderSetup p, String model, long in, long out, boolean estimated,
            double cost, long latencyMs, String error) {
        return new LlmUsageStore.Call(Timestamps.format(clock.instant()), today(), p.kind().id(), model, r.purpose(),
                r.jobId(), r.project(), in, out, estimated, cost, latencyMs, error == null, error);
    }
}
