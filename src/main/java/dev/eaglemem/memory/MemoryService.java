package dev.eaglemem.memory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Snapshot;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.SessionIds;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.Tx;

/**
 * Typed memories: add answers CREATED / DUPLICATE / UPDATED (topic key) / CONTRADICTION; nothing is
 * ever hard-deleted (forget is reversible with restore).
 */
@ApplicationScoped
public class MemoryService {

    /** What forget, restore and update did; {@code changed} is false when the memory was already in that state. */
    public record StateChange(MemoryRow memory, boolean changed) {
    }

    private final Db db;
    private final MemoryStore memories;
    private final ProjectStore projects;
    private final SessionStore sessions;
    private final EventStore events;
    private final Redactor redactor;
    private final AnchorService anchors;
    private final CueStore cues;
    private final Clock clock;

    @Inject
    public MemoryService(Db db, MemoryStore memories, ProjectStore projects, SessionStore sessions, EventStore events,
            CueStore cues, Redactor redactor, AnchorService anchors, Clock clock) {
        this.cues = cues;
        this.anchors = anchors;
        this.db = db;
        this.memories = memories;
        this.projects = projects;
        this.sessions = sessions;
        this.events = events;
        this.redactor = redactor;
        this.clock = clock;
    }

    public AddResult add(MemoryDraft draft) {
        return add(draft, null);
    }

    /**
     * Adds a memory written in the working tree {@code root} (null: the current directory's checkout of its project, else
     * the project's root); a created or revised memory is anchored there (see {@link AnchorService}).
     */
    public AddResult add(MemoryDraft draft, Path root) {
        if (draft.sessionId() != null && !SessionIds.isValid(draft.sessionId())) {
            throw EagleException.invalidInput("invalid session id '" + draft.sessionId()
                    + "': use 1-128 characters from A-Z a-z 0-9 _ -", "omit --session-id");
        }
        requireWritable(draft.kind());
        NewMemoryRow drafted = MemoryDrafts.toRow(draft, redactor);
        List<String> cueTexts = cuesOf(draft);
        Optional<Snapshot> anchor = anchors.snapshot(drafted.project(), root, drafted.title() + "\n"
                + drafted.content(), drafted.files());
        return db.write(tx -> withCues(tx, added(tx, draft, drafted, anchor), cueTexts, draft.agent()));
    }

    /**
     * The writer's own cues, tidied and redacted like the memory; none given is none. Given but all empty is an error
     * before anything is stored.
     */
    private List<String> cuesOf(MemoryDraft draft) {
        if (draft.cues().isEmpty()) {
            return List.of();
        }
        List<String> tidy = Cues.tidy(draft.cues().stream().map(redactor::redact).toList());
        if (tidy.isEmpty()) {
            throw EagleException.invalidInput("no cue to store: every cue given was empty",
                    "leave the cues out, or give one: how someone who hits this would put it");
        }
        return tidy;
    }

    /** Cues are stored with the memory they belong to (also a duplicate's or a revised one's), in its transaction. */
    private AddResult withCues(Tx tx, AddResult result, List<String> cueTexts, String writer) {
        if (cueTexts.isEmpty() || result.memory() == null) {
            return result;
        }
        MemoryRow m = result.memory();
        cues.save(tx, m.id(), m.updatedAt(), cueTexts, null, writer, "written", clock.instant());
        return result.withCues(cueTexts);
    }

    private AddResult added(Tx tx, MemoryDraft draft, NewMemoryRow drafted, Optional<Snapshot> anchor) {
        Instant now = clock.instant();
        if (drafted.project() != null) {
            projects.touch(tx, drafted.project(), null, now);
        }
        NewMemoryRow row = withKnownSession(tx, drafted, now);
        if (draft.supersedes() != null) {
            return anchored(tx, supersede(tx, row, draft.supersedes(), now), anchor, "written");
        }
        Optional<AddResult> existing = row.topicKey() == null ? Optional.empty() : reviseTopic(tx, row, now);
        if (existing.isPresent()) {
            return anchored(tx, existing.get(), anchor, "updated");
        }
        Optional<MemoryRow> duplicate = memories.findByHash(tx, row.scope(), row.project(), row.kind(),
                row.normalizedHash());
        if (duplicate.isPresent()) {
            memories.touchDuplicate(tx, duplicate.get().id(), now);
            record(tx, row, "memory_duplicate", duplicate.get().id(), now);
            return new AddResult(AddOutcome.DUPLICATE, reload(tx, duplicate.get().id()), List.of(), null);
        }
        List<MemoryRow> conflicts = draft.keepBoth() ? List.of() : memories.findContradictions(tx, row);
        if (!conflicts.isEmpty()) {
            return new AddResult(AddOutcome.CONTRADICTION, null, conflicts, null);
        }
        long id = memories.insert(tx, row, now);
        record(tx, row, "memory_created", id, now);
        return anchored(tx, new AddResult(AddOutcome.CREATED, reload(tx, id), List.of(), null), anchor, "written");
    }

    /** A memory created or revised now holds on to what it was written against; a duplicate keeps its anchor. */
    private AddResult anchored(Tx tx, AddResult result, Optional<Snapshot> anchor, String how) {
        if (anchor.isPresent() && result.memory() != null && result.memory().project() != null
                && (result.outcome() == AddOutcome.CREATED || result.outcome() == AddOutcome.UPDATED)) {
            anchors.save(tx, AnchorService.MEMORY, result.memory().id(), result.memory().project(), anchor.get(), how);
        }
        return result;
    }

    /** The anchors memories are written with (the hook's turn end anchors its session's summary there too). */
    public AnchorService anchors() {
        return anchors;
    }

    /** Active project memories about a project-relative file, decisions and gotchas first (see MemoryStore#aboutFile). */
    public List<MemoryRow> aboutFile(String project, String file, List<MemoryKind> kinds, int limit) {
        String basename = file.substring(file.lastIndexOf('/') + 1);
        List<String> names = kinds.stream().map(MemoryKind::id).toList();
        return db.read(tx -> memories.aboutFile(tx, project, file, basename, names, limit));
    }

    /**
     * A memory may name a session the hooks never recorded (hooks were off, or the id came from elsewhere).
     * The memory must still be stored: a project memory starts that session's row, so the link holds and
     * later hooks of the session join it; a personal memory has no project to start one in, so it keeps no link.
     */
    private NewMemoryRow withKnownSession(Tx tx, NewMemoryRow row, Instant now) {
        if (row.sessionId() == null || sessions.find(tx, row.sessionId()).isPresent()) {
            return row;
        }
        if (row.project() != null) {
            sessions.upsert(tx, row.sessionId(), row.project(), row.sourceAgent() == null ? "unknown" : row.sourceAgent(),
                    null, null, "memory", now);
            return row;
        }
        return new NewMemoryRow(row.project(), row.scope(), row.kind(), row.title(), row.content(), row.details(),
                row.topicKey(), row.files(), row.normalizedHash(), row.sourceAgent(), null);
    }

    private Optional<AddResult> reviseTopic(Tx tx, NewMemoryRow row, Instant now) {
        Optional<MemoryRow> current = memories.findByTopic(tx, row.scope(), row.project(), row.topicKey());
        if (current.isEmpty()) {
            return Optional.empty();
        }
        long id = current.get().id();
        if (current.get().normalizedHash().equals(row.normalizedHash()) && current.get().kind().equals(row.kind())) {
            memories.touchDuplicate(tx, id, now);
            return Optional.of(new AddResult(AddOutcome.DUPLICATE, reload(tx, id), List.of(), null));
        }
        memories.revise(tx, id, row, now);
        record(tx, row, "memory_updated", id, now);
        return Optional.of(new AddResult(AddOutcome.UPDATED, reload(tx, id), List.of(), null));
    }

    private AddResult supersede(Tx tx, NewMemoryRow row, long oldId, Instant now) {
        MemoryRow old = memories.find(tx, oldId).orElseThrow(() -> notFound(oldId));
        if (old.isDeleted()) {
            throw EagleException.conflict("memory_forgotten", "memory " + oldId + " is already forgotten; nothing to supersede",
                    "add without --supersedes, or restore it first: eagle-mem memories restore " + oldId);
        }
        // forget first: the new memory may take over the old one's topic key, which must be unique
        memories.softDelete(tx, oldId, "superseded", null, now);
        long id = memories.insert(tx, row, now);
        memories.markSuperseded(tx, oldId, id);
        record(tx, row, "memory_created", id, now);
        return new AddResult(AddOutcome.CREATED, reload(tx, id), List.of(), oldId);
    }

    public MemoryRow show(long id) {
        return db.read(tx -> memories.find(tx, id)).orElseThrow(() -> notFound(id));
    }

    public List<MemoryRow> list(MemoryQuery query) {
        return db.read(tx -> memories.list(tx, query));
    }

    /**
     * Applies a patch to an active memory. When the result differs from the memory (kind, title, content, structured
     * parts, topic or files), it is stored and the revision count goes up; when it does not, nothing is written and
     * {@code changed} is false.
     */
    public StateChange update(long id, MemoryPatch patch) {
        return update(id, patch, null);
    }

    /** {@link #update(long, MemoryPatch)}, re-anchoring the memory in the working tree {@code root} (null: as add does). */
    public StateChange update(long id, MemoryPatch patch, Path root) {
        MemoryRow current = show(id);
        if (current.isDeleted()) {
            throw EagleException.conflict("memory_forgotten", "memory " + id + " is forgotten",
                    "restore it first: eagle-mem memories restore " + id);
        }
        if (patch.kind() != null) {
            requireWritable(patch.kind());
        }
        NewMemoryRow row = MemoryDrafts.toRow(merge(current, patch), redactor);
        if (sameContent(current, row)) {
            return new StateChange(current, false);
        }
        String text = row.title() + "\n" + row.content();
        Optional<Snapshot> anchor = anchors.snapshotOf(AnchorService.MEMORY, id, row.project(), root, text, row.files());
        return db.write(tx -> {
            Instant now = clock.instant();
            checkTopicFree(tx, row, id);
            memories.revise(tx, id, row, now);
            if (anchor.isPresent() && row.project() != null) {
                anchors.save(tx, AnchorService.MEMORY, id, row.project(), anchor.get(), "updated");
            }
            record(tx, row, "memory_updated", id, now);
            return new StateChange(reload(tx, id), true);
        });
    }

    private static boolean sameContent(MemoryRow m, NewMemoryRow row) {
        return Objects.equals(m.kind(), row.kind()) && Objects.equals(m.title(), row.title())
                && Objects.equals(m.content(), row.content()) && Objects.equals(m.details(), row.details())
                && Objects.equals(m.topicKey(), row.topicKey()) && Objects.equals(m.files(), row.files());
    }

    private static MemoryDraft merge(MemoryRow m, MemoryPatch p) {
        MemoryKind kind = p.kind() != null ? p.kind() : MemoryKind.parse(m.kind()).orElseThrow();
        MemoryDetails d = m.details();
        MemoryDetails details = new MemoryDetails(or(p.situation(), d.situation()), or(p.behavior(), d.behavior()),
                or(p.impact(), d.impact()), or(p.action(), d.action()), or(p.subject(), d.subject()),
                or(p.predicate(), d.predicate()), or(p.object(), d.object()));
        if (!kind.structured()) {
            details = MemoryDetails.NONE;
        }
        String content = p.content() != null ? p.content() : notesOf(m);
        String topic = p.topicKey() != null ? p.topicKey() : m.topicKey();
        MemoryScope scope = MemoryScope.parse(m.scope()).orElseThrow();
        return new MemoryDraft(kind, scope, or(p.title(), m.title()), content, details, topic, files(m, p), m.project(),
                or(p.agent(), m.sourceAgent()), m.sessionId(), null, true);
    }

    /** {@code files} replaces the list; {@code addFiles}/{@code removeFiles} edit it; a path to remove must be there. */
    private static List<String> files(MemoryRow m, MemoryPatch p) {
        boolean edits = !p.addFiles().isEmpty() || !p.removeFiles().isEmpty();
        if (p.files() != null && edits) {
            throw EagleException.invalidInput("-f/--file replaces all of the memory's files, --add-file and --remove-file "
                    + "change one at a time: use one way or the other",
                    "eagle-mem memories update " + m.id() + " --add-file PATH --remove-file PATH");
        }
        if (p.files() != null) {
            return p.files();
        }
        List<String> remove = p.removeFiles().stream().map(String::strip).toList();
        List<String> unknown = remove.stream().filter(f -> !m.files().contains(f)).toList();
        if (!unknown.isEmpty()) {
            throw EagleException.invalidInput("memory " + m.id() + " has no file " + String.join(", ", unknown)
                    + (m.files().isEmpty() ? " (it has none)" : " (its files: " + String.join(", ", m.files()) + ")"),
                    "eagle-mem memories show " + m.id());
        }
        List<String> files = new ArrayList<>(m.files());
        files.removeAll(remove);
        files.addAll(p.addFiles());
        return files;
    }

    /** The free text of a memory: all of it for plain kinds, the notes after the rendered part for structured ones. */
    private static String notesOf(MemoryRow m) {
        MemoryKind kind = MemoryKind.parse(m.kind()).orElseThrow();
        if (!kind.structured()) {
            return m.content();
        }
        String rendered = MemoryText.render(kind, m.details(), null);
        return m.content().startsWith(rendered) ? m.content().substring(rendered.length()).strip() : null;
    }

    private static String or(String value, String fallback) {
        return value != null ? value : fallback;
    }

    public StateChange forget(long id, String reason) {
        return db.write(tx -> {
            MemoryRow m = memories.find(tx, id).orElseThrow(() -> notFound(id));
            Instant now = clock.instant();
            boolean changed = memories.softDelete(tx, id, reason == null || reason.isBlank() ? "forgotten" : reason.strip(),
                    null, now);
            if (changed) {
                events.append(tx, m.project(), null, m.sourceAgent(), "memory_forgotten", "ok", Map.of("memory_id", id), now);
            }
            return new StateChange(reload(tx, id), changed);
        });
    }

    public StateChange restore(long id) {
        return db.write(tx -> {
            MemoryRow m = memories.find(tx, id).orElseThrow(() -> notFound(id));
            if (!m.isDeleted()) {
                return new StateChange(m, false);
            }
            Optional<MemoryRow> holder = m.topicKey() == null ? Optional.empty()
                    : memories.findByTopic(tx, m.scope(), m.project(), m.topicKey());
            if (holder.isPresent()) {
                throw EagleException.conflict("topic_taken", "memory " + holder.get().id() + " now holds topic '"
                        + m.topicKey() + "'",
                        "forget it first (eagle-mem memories forget " + holder.get().id()
                                + "), then restore " + id);
            }
            Instant now = clock.instant();
            memories.restore(tx, id, now);
            events.append(tx, m.project(), null, m.sourceAgent(), "memory_restored", "ok", Map.of("memory_id", id), now);
            return new StateChange(reload(tx, id), true);
        });
    }

    private void checkTopicFree(Tx tx, NewMemoryRow row, long self) {
        if (row.topicKey() == null) {
            return;
        }
        Optional<MemoryRow> holder = memories.findByTopic(tx, row.scope(), row.project(), row.topicKey());
        if (holder.isPresent() && holder.get().id() != self) {
            throw EagleException.conflict("topic_taken", "memory " + holder.get().id() + " already holds topic '"
                    + row.topicKey() + "'", "update that one instead: eagle-mem memories update " + holder.get().id());
        }
    }

    private MemoryRow reload(Tx tx, long id) {
        return memories.find(tx, id).orElseThrow(() -> notFound(id));
    }

    private void record(Tx tx, NewMemoryRow row, String type, long id, Instant now) {
        events.append(tx, row.project(), row.sessionId(), row.sourceAgent(), type, "ok",
                Map.of("memory_id", id, "kind", row.kind()), now);
    }

    /** Notes mirror the agents' own files (memories sync); a note written by hand would follow no file. */
    private static void requireWritable(MemoryKind kind) {
        if (!kind.writable()) {
            throw EagleException.invalidInput("a " + kind.id() + " memory mirrors an agent's own note file; only"
                    + " eagle-mem memories sync writes them", "choose another kind: --kind context");
        }
    }

    static EagleException notFound(long id) {
        return EagleException.notFound("no memory with id " + id,
                "eagle-mem memories list   (or --forgotten for forgotten ones)");
    }
}
