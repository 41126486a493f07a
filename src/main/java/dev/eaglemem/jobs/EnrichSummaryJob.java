package dev.eaglemem.jobs;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.capture.SummaryMerge;
import dev.eaglemem.llm.Llm;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.FieldChange;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;

/**
 * Enriches a session's summary after a turn, queued by the Stop hook. First, with no model, the session's
 * activity digest ({@link ActivityDigest}) goes into the notes and the key files are ranked by edits
 * ({@link SummaryEnrichment}). Then, when a model provider is configured, the model reads the session's record
 * ({@link SummaryPrompt}) and its JSON answer ({@link SummaryAnswer}) fills request, completed, learned, decisions
 * with their reasons, gotchas, key files and next steps, merged by the capture precedence: a summary the agent or
 * user saved is only filled, never overwritten. An unusable answer keeps the digest and says why in the job's
 * result; a provider that is down fails the job (retried with back-off, or at the provider's Retry-After); a spent
 * budget defers it to the next day. The model is called outside any transaction.
 *
 * <p>Every change the model makes is recorded with the job, provider and model and each field's value before
 * ({@link EnrichmentStore}), so {@code session show} can say which fields a model wrote and {@code session unenrich}
 * can put them back. Once a person has undone a model's change to a session, the model is not asked about that
 * session again (as a rejected curation proposal is never proposed again).
 */
@ApplicationScoped
public class EnrichSummaryJob implements JobKind {

    public static final String KIND = "enrich-summary";
    public static final String SESSION_ID = "session_id";
    private static final int MESSAGES = 3;
    private static final int PROMPTS = 50;

    /** What the model reads, taken in one read transaction. */
    private record Record(SessionRow session, List<PromptRow> prompts, List<ObservationRow> calls, List<String> messages,
            SummaryRow summary, boolean undoneBefore) {
    }

    private final Db db;
    private final SessionStore sessions;
    private final ObservationStore observations;
    private final PromptStore prompts;
    private final SummaryStore summaries;
    private final EnrichmentStore enrichments;
    private final Llm llm;
    private final Clock clock;

    public EnrichSummaryJob(Db db, SessionStore sessions, ObservationStore observations, PromptStore prompts,
            SummaryStore summaries, EnrichmentStore enrichments, Llm llm, Clock clock) {
        this.db = db;
        this.sessions = sessions;
        this.observations = observations;
        this.prompts = prompts;
        this.summaries = summaries;
        this.enrichments = enrichments;
        this.llm = llm;
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
        String digest = digest(sessionId);
        if (!llm.configured()) {
            return digest;
        }
        Record record = db.read(tx -> new Record(sessions.find(tx, sessionId).orElseThrow(),
                prompts.forSession(tx, sessionId, PROMPTS), observations.forSession(tx, sessionId),
                observations.lastTurnMessages(tx, sessionId, MESSAGES), summaries.findBySession(tx, sessionId).orElse(null),
                enrichments.anyUndone(tx, sessionId)));
        if (record.undoneBefore()) {
            return digest + "; model not asked: a person undid a model's change to this summary (eagle-mem session unenrich)";
        }
        if (record.prompts().isEmpty() && record.messages().isEmpty()) {
            return digest + "; model not asked: the session has no prompt or agent message yet";
        }
        if (record.summary() != null && SummaryMerge.isAuthoritative(record.summary().captureSource())
                && complete(record.summary().fields())) {
            return digest + "; model not asked: the " + record.summary().captureSource() + " summary is complete";
        }
        LlmReply reply;
        try {
            reply = llm.complete(new LlmRequest(KIND, job.id(), record.session().project(), SummaryPrompt.SYSTEM,
                    SummaryPrompt.build(record.prompts(), record.calls(), record.messages(),
                            record.summary() == null ? null : record.summary().fields()),
                    SummaryPrompt.MAX_TOKENS, true, SummaryPrompt.JSON_SCHEMA));
        } catch (LlmFailure e) {
            if (e.retryable()) {
                throw e;
            }
            return digest + "; model not asked: " + e.getMessage();
        }
        SummaryAnswer.Parsed parsed = SummaryAnswer.parse(reply.text(), touched(record.calls()));
        String by = reply.provider() + " " + reply.model() + ", " + reply.inputTokens() + "+" + reply.outputTokens()
                + " tokens";
        if (!parsed.ok()) {
            return digest + "; model answer unusable (" + by + "): " + parsed.problem() + "; kept the activity digest";
        }
        List<FieldChange> changed = db.write(tx -> {
            Optional<SummaryRow> before = summaries.findBySession(tx, sessionId);
            SummaryFields merged = SummaryMerge.merge(before.orElse(null), parsed.fields());
            if (before.isPresent() && merged.equals(before.get().fields())) {
                return List.<FieldChange>of();
            }
            summaries.saveCaptured(tx, sessionId, record.session().project(), record.session().agent(), merged, "enrich",
                    clock.instant());
            // compared as stored (trimmed, blanks kept out), so an undo puts back exactly what was there
            List<FieldChange> changes = FieldChange.between(before.map(SummaryRow::fields).orElse(null),
                    summaries.findBySession(tx, sessionId).orElseThrow().fields());
            if (!changes.isEmpty()) {
                enrichments.record(tx, sessionId, record.session().project(), job.id(), reply.provider(), reply.model(),
                        before.map(SummaryRow::captureSource).orElse(null), changes, clock.instant());
            }
            return changes;
        });
        if (changed.isEmpty()) {
            return digest + "; model found nothing new (" + by + ")";
        }
        return digest + "; summary enriched by " + by + ": " + String.join(", ", changed.stream().map(FieldChange::field)
                .toList()) + " (undo: eagle-mem session unenrich " + sessionId + ")";
    }

    /** The model-free step, in one transaction so it sees one consistent session. */
    private String digest(String sessionId) {
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
            return "session " + sessionId + ": activity digest of " + calls.size() + " tool call"
                    + (calls.size() == 1 ? "" : "s");
        });
    }

    private static boolean complete(SummaryFields f) {
        return !blank(f.request()) && !blank(f.completed()) && !blank(f.decisions()) && !blank(f.learned());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static Set<String> touched(List<ObservationRow> calls) {
        Set<String> files = new HashSet<>();
        calls.forEach(c -> {
            files.addAll(c.filesRead());
            files.addAll(c.filesModified());
        });
        return files;
    }
}
