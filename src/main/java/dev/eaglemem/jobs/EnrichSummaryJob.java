package dev.eaglemem.jobs;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;

/**
 * Enriches a session's summary after a turn, queued by the Stop hook. This is the hand-off point where a
 * model will write the summary later; today it adds the session's activity digest ({@link ActivityDigest})
 * to the notes and ranks the key files by edits, following the summary precedence rules
 * ({@link SummaryEnrichment}). Reads and writes in one transaction, so it sees one consistent session.
 */
@ApplicationScoped
public class EnrichSummaryJob implements JobKind {

    public static final String KIND = "enrich-summary";
    public static final String SESSION_ID = "session_id";

    private final Db db;
    private final SessionStore sessions;
    private final ObservationStore observations;
    private final SummaryStore summaries;
    private final Clock clock;

    public EnrichSummaryJob(Db db, SessionStore sessions, ObservationStore observations, SummaryStore summaries,
            Clock clock) {
        this.db = db;
        this.sessions = sessions;
        this.observations = observations;
        this.summaries = summaries;
        this.clock = clock;
    }

    public static String dedupeKey(String sessionId) {
        return KIND + ":" + sessionId;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        String sessionId = job.payloadText(SESSION_ID).orElseThrow(() -> new IllegalArgumentException(
                "enrich-summary job " + job.id() + " has no " + SESSION_ID + " in its payload"));
        return db.write(tx -> {
            SessionRow session = sessions.find(tx, sessionId).orElseThrow(() -> new IllegalStateException(
                    "session " + sessionId + " is not in the database"));
            List<ObservationRow> calls = observations.forSession(tx, sessionId);
            if (calls.isEmpty()) {
                return "session " + sessionId + ": no tool calls to digest";
            }
            ActivityDigest digest = ActivityDigest.of(calls);
            Optional<SummaryFields> update = SummaryEnrichment.apply(summaries.findBySession(tx, sessionId).orElse(null),
                    digest);
            if (update.isEmpty()) {
                return "session " + sessionId + ": summary already up to date (" + calls.size() + " tool calls)";
            }
            summaries.saveCaptured(tx, sessionId, session.project(), session.agent(), update.get(), "enrich",
                    clock.instant());
            return "session " + sessionId + ": activity digest of " + calls.size() + " tool call" + (calls.size() == 1 ? "" : "s");
        });
    }
}
