package dev.eaglemem.curate;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.FileHintRow;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.FileHintStore.HotFile;

/**
 * Co-edit pairs and hot files (pure SQL, no model): computed by every curate run and stored as {@code file_hints},
 * which PreToolUse reads before an edit with primary-key lookups: "usually edited together with …", and for one of
 * the project's most-read files, how often sessions read it — a change there reaches much of the work.
 */
@ApplicationScoped
public class FileHints {

    /** Partners named in one hook note. */
    static final int NOTE_PARTNERS = 3;

    /** What one computation found. */
    public record Computed(List<CoEditPair> coEdits, List<HotFile> hotFiles) {
    }

    private final Db db;
    private final FileHintStore hints;
    private final Clock clock;

    public FileHints(Db db, FileHintStore hints, Clock clock) {
        this.db = db;
        this.hints = hints;
        this.clock = clock;
    }

    /** Computes both from the project's observations; {@code store} replaces the project's hints with them. */
    public Computed compute(String project, boolean store) {
        if (!store) {
            return db.read(tx -> new Computed(hints.coEditPairs(tx, project), hints.hotFiles(tx, project)));
        }
        return db.write(tx -> {
            Computed c = new Computed(hints.coEditPairs(tx, project), hints.hotFiles(tx, project));
            Instant now = clock.instant();
            hints.replace(tx, project, "co_edit", coEditRows(project, c.coEdits()), now);
            hints.replace(tx, project, "hot_file", c.hotFiles().stream()
                    .map(h -> new FileHintRow(project, "hot_file", h.path(), List.of(), h.readsPerSession(), h.reads(),
                            h.sessions(), h.ofSessions(), null))
                    .toList(), now);
            return c;
        });
    }

    /** The files usually edited with {@code path} (project-relative), strongest first; empty when none are known. */
    public List<String> partners(String project, String path) {
        return partners(db.read(tx -> hints.forPath(tx, project, path)));
    }

    /**
     * The hook's line for an edit of {@code path}: the files usually edited with it, leaving out those the same call
     * edits ({@code editing}: an agent already changing both needs no reminder), and whether it is a hot file; empty
     * text when there is neither.
     */
    public String note(String project, String path, List<String> editing) {
        List<FileHintRow> rows = db.read(tx -> hints.forPath(tx, project, path));
        List<String> partners = partners(rows).stream().filter(p -> !editing.contains(p)).toList();
        // a row computed before the counts were stored says nothing it could back with numbers
        String hot = rows.stream().filter(r -> r.kind().equals("hot_file") && r.sessions() > 0).findFirst()
                .map(r -> "one of this project's most-read files (read " + r.hits() + " times in " + r.sessions() + " of "
                        + r.ofSessions() + " sessions)")
                .orElse(null);
        if (partners.isEmpty() && hot == null) {
            return "";
        }
        StringBuilder note = new StringBuilder("Eagle Mem: ").append(path);
        if (!partners.isEmpty()) {
            List<String> named = partners.size() <= NOTE_PARTNERS ? partners : partners.subList(0, NOTE_PARTNERS);
            note.append(" is usually edited together with ").append(String.join(", ", named))
                    .append(partners.size() > NOTE_PARTNERS ? " (+" + (partners.size() - NOTE_PARTNERS) + " more)" : "");
        }
        if (hot != null) {
            note.append(partners.isEmpty() ? " is " : "; it is ").append(hot);
        }
        return note.append('.').toString();
    }

    private static List<String> partners(List<FileHintRow> rows) {
        return rows.stream().filter(r -> r.kind().equals("co_edit")).findFirst().map(FileHintRow::partners)
                .orElse(List.of());
    }

    /** One row per file: its partners in both directions, strongest pair first. */
    static List<FileHintRow> coEditRows(String project, List<CoEditPair> pairs) {
        Map<String, List<CoEditPair>> byFile = new LinkedHashMap<>();
        for (CoEditPair p : pairs) {
            byFile.computeIfAbsent(p.a(), k -> new ArrayList<>()).add(p);
            byFile.computeIfAbsent(p.b(), k -> new ArrayList<>()).add(p);
        }
        List<FileHintRow> rows = new ArrayList<>();
        byFile.forEach((file, list) -> {
            list.sort(Comparator.comparingInt(CoEditPair::sessions).reversed());
            List<String> partners = list.stream().map(p -> p.a().equals(file) ? p.b() : p.a()).toList();
            rows.add(new FileHintRow(project, "co_edit", file, partners, list.getFirst().sessions(), null));
        });
        return rows;
    }
}
