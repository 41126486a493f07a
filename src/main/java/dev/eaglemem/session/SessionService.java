package dev.eaglemem.session;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.WorkTree;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.SessionIds;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionOverview;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;

/** Sessions and their summaries. A summary saved here is authoritative: automatic capture only fills its gaps. */
@ApplicationScoped
public class SessionService {

    private final Db db;
    private final SessionStore sessions;
    private final SummaryStore summaries;
    private final EnrichmentStore enrichments;
    private final ProjectStore projects;
    private final EventStore events;
    private final Redactor redactor;
    private final Clock clock;
    private final AnchorService anchors;
    private final RandomGenerator random = RandomGenerator.getDefault();

    @Inject
    public SessionService(Db db, SessionStore sessions, SummaryStore summaries, EnrichmentStore enrichments,
            ProjectStore projects, EventStore events, Redactor redactor, AnchorService anchors, Clock clock) {
        this.anchors = anchors;
        this.db = db;
        this.sessions = sessions;
        this.summaries = summaries;
        this.enrichments = enrichments;
        this.projects = projects;
        this.events = events;
        this.redactor = redactor;
        this.clock = clock;
    }

    public List<SessionOverview> list(String project, int limit) {
        return db.read(tx -> sessions.list(tx, project, limit));
    }

    public SessionDetail show(String id) {
        return db.read(tx -> {
            SessionRow session = sessions.find(tx, id).orElseThrow(() -> EagleException.notFound(
                    "no session '" + id + "'", "eagle-mem session list"));
            return new SessionDetail(session, summaries.findBySession(tx, id).orElse(null), enrichments.forSession(tx, id));
        });
    }

    public SaveResult save(SessionSave save) {
        SummaryFields fields = redacted(save.fields());
        if (!fields.hasContent()) {
            throw EagleException.invalidInput("nothing to save: every summary field is empty",
                    "eagle-mem session save --completed \"what was done\" [--decisions …] [--gotchas …]");
        }
        if (save.sessionId() != null && !SessionIds.isValid(save.sessionId())) {
            throw EagleException.invalidInput("invalid session id '" + save.sessionId()
                    + "': use 1-128 characters from A-Z a-z 0-9 _ -", "omit --session-id to save a manual session");
        }
        SaveResult saved = db.write(tx -> {
            Instant now = clock.instant();
            Optional<SessionRow> existing = save.sessionId() == null ? Optional.empty() : sessions.find(tx, save.sessionId());
            String project = projectFor(save, existing);
            boolean manual = save.sessionId() == null;
            String id = manual ? SessionIds.newManualId(clock, random) : save.sessionId();
            String agent = save.agent() != null ? save.agent()
                    : existing.map(SessionRow::agent).orElse(save.detectedAgent());
            projects.touch(tx, project, null, now);
            sessions.upsert(tx, id, project, agent, save.cwd(), null, manual ? "manual" : null, now);
            summaries.saveAuthoritative(tx, id, project, agent, fields, manual ? "manual" : "agent", now);
            if (manual) {
                sessions.end(tx, id, now);
            }
            events.append(tx, project, id, agent, "summary_saved", "ok", Map.of("capture_source", manual ? "manual" : "agent"),
                    now);
            // counted from what is stored now: a save that adds only --completed keeps the earlier decisions
            SummaryRow stored = summaries.findBySession(tx, id).orElseThrow();
            return new SaveResult(id, project, agent, manual, items(stored.fields().decisions()),
                    items(stored.fields().gotchas()), stored);
        });
        // the agent's own summary holds on to the code it was written about, from the tree it was written in
        Path tree = save.cwd() == null ? null : WorkTree.of(Path.of(save.cwd())).orElse(null);
        try {
            anchors.anchorSummary(saved.summary(), tree, "written");
        } catch (RuntimeException e) {
            // the summary is stored; an anchor is a help, not a condition
        }
        return saved;
    }

    private static String projectFor(SessionSave save, Optional<SessionRow> existing) {
        if (existing.isPresent()) {
            String recorded = existing.get().project();
            if (save.project() != null && !save.project().equals(recorded)) {
                throw EagleException.conflict("session_project_mismatch", "session " + existing.get().id()
                        + " belongs to project '" + recorded + "', not '" + save.project() + "'",
                        "drop --project, or save under another --session-id");
            }
            return recorded;
        }
        String project = save.project() != null ? save.project() : save.cwdProject();
        if (project == null) {
            throw EagleException.invalidInput("no project here to save the session under",
                    "run it inside the project's repository or pass --project KEY");
        }
        return project;
    }

    private SummaryFields redacted(SummaryFields f) {
        return new SummaryFields(clean(f.request()), clean(f.investigated()), clean(f.learned()), clean(f.completed()),
                clean(f.decisions()), clean(f.gotchas()), clean(f.nextSteps()), clean(f.notes()), paths(f.keyFiles()),
                paths(f.filesRead()), paths(f.filesModified()));
    }

    private String clean(String text) {
        return text == null ? null : redactor.redact(text).strip();
    }

    private List<String> paths(List<String> paths) {
        return paths.stream().map(p -> redactor.redact(p).strip()).filter(p -> !p.isEmpty()).distinct().toList();
    }

    /** "a; b\nc" → 3: agents write decisions as lines or semicolon lists. */
    static int items(String text) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        return (int) text.lines().flatMap(l -> Arrays.stream(l.split(";"))).filter(s -> !s.isBlank()).count();
    }
}
