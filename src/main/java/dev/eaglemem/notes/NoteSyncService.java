package dev.eaglemem.notes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryDrafts;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AgentNoteRow;
import dev.eaglemem.store.AgentNoteStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.Tx;

/**
 * Mirrors the project's note files as memories of kind {@code note}: one memory per file, redacted like every
 * memory; a changed file revises its memory, a deleted one forgets it with reason {@value #GONE} (hidden from recall,
 * listed with --forgotten, restored when the file comes back). Never writes to the agents' folders.
 */
@ApplicationScoped
public class NoteSyncService {

    static final String GONE = "gone: the agent's file was deleted";
    /** Memories hold at most 64 KiB; a longer file is mirrored from its start, which says so. */
    static final int MAX_TEXT = 60_000;

    private final Db db;
    private final MemoryStore memories;
    private final AgentNoteStore notes;
    private final ProjectStore projects;
    private final Redactor redactor;
    private final NotePlaces places;
    private final Clock clock;

    @Inject
    public NoteSyncService(Db db, MemoryStore memories, AgentNoteStore notes, ProjectStore projects, Redactor redactor,
            EagleEnv env, Clock clock) {
        this(db, memories, notes, projects, redactor, NotePlaces.of(env), clock);
    }

    public NoteSyncService(Db db, MemoryStore memories, AgentNoteStore notes, ProjectStore projects, Redactor redactor,
            NotePlaces places, Clock clock) {
        this.db = db;
        this.memories = memories;
        this.notes = notes;
        this.projects = projects;
        this.redactor = redactor;
        this.places = places;
        this.clock = clock;
    }

    public NotePlaces places() {
        return places;
    }

    /** Mirrors the note files of {@code project}, whose files are in {@code root}. */
    public SyncReport sync(String project, Path root) {
        Path real = realPath(root);
        List<AgentNoteRow> known = db.read(tx -> notes.byProject(tx, project));
        Set<Path> knownPlans = new HashSet<>();
        for (AgentNoteRow r : known) {
            if (r.origin().equals(NoteOrigin.CLAUDE_PLAN.id())) {
                knownPlans.add(Path.of(r.path()));
            }
        }
        List<NoteFile> found;
        try {
            found = new NoteFinder(places).find(real, knownPlans);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the agents' note files: " + e.getMessage(), e);
        }
        return db.write(tx -> apply(tx, project, known, found));
    }

    private SyncReport apply(Tx tx, String project, List<AgentNoteRow> known, List<NoteFile> found) {
        Instant now = clock.instant();
        Map<String, AgentNoteRow> byPath = new HashMap<>();
        known.forEach(r -> byPath.put(r.path(), r));
        List<SyncReport.Item> items = new ArrayList<>();
        int added = 0;
        int updated = 0;
        int unchanged = 0;
        int gone = 0;
        Set<String> seen = new HashSet<>();
        if (!found.isEmpty()) {
            projects.touch(tx, project, null, now);
        }
        for (NoteFile f : found) {
            String path = f.path().toString();
            seen.add(path);
            String hash = f.hash();
            AgentNoteRow row = byPath.get(path);
            if (row == null) {
                long id = memories.insert(tx, memoryRow(project, f), now);
                notes.insert(tx, project, f.origin().id(), path, id, hash, now);
                items.add(new SyncReport.Item(path, f.origin().id(), "added", id));
                added++;
            } else if (row.contentHash().equals(hash) && !row.gone()) {
                items.add(new SyncReport.Item(path, row.origin(), "unchanged", row.memoryId()));
                unchanged++;
            } else {
                if (row.gone()) {
                    memories.restore(tx, row.memoryId(), now);
                }
                memories.revise(tx, row.memoryId(), memoryRow(project, f), now);
                notes.changed(tx, row.id(), hash, now);
                items.add(new SyncReport.Item(path, row.origin(), "updated", row.memoryId()));
                updated++;
            }
        }
        for (AgentNoteRow row : known) {
            if (seen.contains(row.path()) || row.gone()) {
                continue;
            }
            memories.softDelete(tx, row.memoryId(), GONE, null, now);
            notes.gone(tx, row.id(), now);
            items.add(new SyncReport.Item(row.path(), row.origin(), "gone", row.memoryId()));
            gone++;
        }
        items.sort(Comparator.comparing(SyncReport.Item::path));
        return new SyncReport(project, added, updated, unchanged, gone, List.copyOf(items));
    }

    private NewMemoryRow memoryRow(String project, NoteFile f) {
        String text = f.text().strip();
        if (text.length() > MAX_TEXT) {
            text = text.substring(0, MAX_TEXT) + "\n[… the rest of " + f.path() + " is not mirrored]";
        }
        if (text.isEmpty()) {
            text = "(empty file)";
        }
        String content = "From " + f.origin().id() + ": " + f.path() + "\n\n" + text;
        MemoryDraft draft = new MemoryDraft(MemoryKind.NOTE, MemoryScope.PROJECT, f.title(), content, null, null, List.of(),
                project, f.origin().agent(), null, null, true);
        return MemoryDrafts.toRow(draft, redactor);
    }

    private static Path realPath(Path root) {
        try {
            return root.toRealPath();
        } catch (IOException e) {
            return root.toAbsolutePath().normalize();
        }
    }
}
