package dev.eaglemem.session;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EnrichmentRow;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FieldChange;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.Tx;

/**
 * Undoes what models changed in a session's summary ({@code eagle-mem session unenrich}): every change still in
 * effect, newest first, each field put back to exactly its value before the model wrote (in a summary the agent
 * saved, a model only fills empty fields, so those go back to empty). A field that changed after the model wrote it
 * (a later turn's capture, a {@code session save}) would lose that change, so the undo is refused and names the
 * fields; {@code keepChanged} undoes the others and leaves those as they are. Undoing twice changes nothing. The
 * trail stays ({@code undone_at}), and the model is not asked about the session again (see EnrichSummaryJob).
 */
@ApplicationScoped
public class EnrichmentUndo {

    private final Db db;
    private final SessionStore sessions;
    private final SummaryStore summaries;
    private final EnrichmentStore enrichments;
    private final EventStore events;
    private final Clock clock;

    public EnrichmentUndo(Db db, SessionStore sessions, SummaryStore summaries, EnrichmentStore enrichments,
            EventStore events, Clock clock) {
        this.db = db;
        this.sessions = sessions;
        this.summaries = summaries;
        this.enrichments = enrichments;
        this.events = events;
        this.clock = clock;
    }

    public UnenrichResult undo(String sessionId, boolean keepChanged) {
        return db.write(tx -> {
            SessionRow session = sessions.find(tx, sessionId).orElseThrow(() -> EagleException.notFound(
                    "no session '" + sessionId + "'", "eagle-mem session list"));
            List<EnrichmentRow> all = enrichments.forSession(tx, sessionId);
            if (all.isEmpty()) {
                throw EagleException.notFound("session " + sessionId + " has no model change to undo: no model wrote"
                        + " in its summary", "eagle-mem session show " + sessionId);
            }
            SummaryRow current = summaries.findBySession(tx, sessionId).orElse(null);
            List<EnrichmentRow> live = all.reversed().stream().filter(EnrichmentRow::live).toList();
            if (live.isEmpty()) {
                return new UnenrichResult(sessionId, "already_undone", List.of(), List.of(), List.of(), false, current);
            }
            Plan plan = plan(current, live);
            if (!plan.kept().isEmpty() && !keepChanged) {
                throw changedSince(sessionId, plan, live);
            }
            Instant now = clock.instant();
            boolean removed = apply(tx, current, live.getLast(), plan, now);
            for (EnrichmentRow e : live) {
                enrichments.undone(tx, e.id(), plan.keptBy().getOrDefault(e.id(), List.of()), now);
            }
            List<Long> ids = live.stream().map(EnrichmentRow::id).toList();
            events.append(tx, session.project(), sessionId, session.agent(), "summary_unenriched", "ok",
                    Map.of("enrichments", ids, "restored", List.copyOf(plan.restore().keySet()), "kept",
                            List.copyOf(plan.kept())),
                    now);
            return new UnenrichResult(sessionId, "undone", ids, List.copyOf(plan.restore().keySet()),
                    List.copyOf(plan.kept()), removed, removed ? null : summaries.findBySession(tx, sessionId).orElse(null));
        });
    }

    /**
     * What to put back, walking the changes newest first: a field whose value is still what the model wrote goes
     * back to its value before; one that changed since is kept (and so is every older change to it).
     */
    private record Plan(Map<String, Object> restore, Set<String> kept, Map<Long, List<String>> keptBy,
            Map<String, Object> values) {
    }

    private static Plan plan(SummaryRow current, List<EnrichmentRow> newestFirst) {
        Map<String, Object> values = (current == null ? SummaryFields.NONE : current.fields()).byColumn();
        Map<String, Object> restore = new LinkedHashMap<>();
        Set<String> kept = new LinkedHashSet<>();
        Map<Long, List<String>> keptBy = new LinkedHashMap<>();
        for (EnrichmentRow e : newestFirst) {
            for (FieldChange c : e.changes()) {
                if (kept.contains(c.field()) || !Objects.equals(values.get(c.field()), c.after())) {
                    kept.add(c.field());
                    keptBy.computeIfAbsent(e.id(), k -> new ArrayList<>()).add(c.field());
                } else {
                    values.put(c.field(), c.before());
                    restore.put(c.field(), c.before());
                }
            }
        }
        return new Plan(restore, kept, keptBy, values);
    }

    /** Writes the plan; true when the summary was removed (the model had written it and nothing else is left). */
    private boolean apply(Tx tx, SummaryRow current, EnrichmentRow oldest, Plan plan, Instant now) {
        if (current == null || plan.restore().isEmpty()) {
            return false;
        }
        boolean whole = plan.kept().isEmpty();
        if (whole && oldest.sourceBefore() == null && plan.values().values().stream().noneMatch(EnrichmentUndo::says)) {
            summaries.delete(tx, current.id());
            return true;
        }
        // the model's write made a capture-only summary 'enrich'; with all of it undone, it is capture's again
        String source = whole && "hook".equals(oldest.sourceBefore()) && "enrich".equals(current.captureSource()) ? "hook"
                : null;
        summaries.restore(tx, current.id(), plan.restore(), source, now);
        return false;
    }

    private static boolean says(Object value) {
        return value instanceof String s ? !s.isBlank() : value instanceof List<?> l && !l.isEmpty();
    }

    private static EagleException changedSince(String sessionId, Plan plan, List<EnrichmentRow> live) {
        String fields = String.join(", ", plan.kept());
        EnrichmentRow by = live.stream().filter(e -> plan.keptBy().containsKey(e.id())).findFirst().orElse(live.getFirst());
        return EagleException.conflict("enrichment_changed", "cannot undo the model's changes to session " + sessionId
                + "'s summary: " + fields + (plan.kept().size() == 1 ? " was" : " were") + " changed after " + by.provider()
                + " " + by.model() + (by.jobId() == null ? "" : " (job " + by.jobId() + ")") + " wrote "
                + (plan.kept().size() == 1 ? "it" : "them") + "; undoing would lose that change",
                "eagle-mem session unenrich " + sessionId + " --keep-changed   (undoes the other fields, keeps " + fields
                        + " as " + (plan.kept().size() == 1 ? "it is" : "they are") + " now)");
    }

}
