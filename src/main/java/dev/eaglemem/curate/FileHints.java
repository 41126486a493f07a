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
 * which PreToolUse reads before an edit with one primary-key lookup ("usually edited together with …").
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
                    .map(h -> new FileHintRow(project, "hot_file", h.path(), List.of(), h.readsPerSession(), null)).toList(), now);
            return c;
        });
    }

    /** The files usually edited with {@code path} (project-relative), strongest first; empty when none are known. */
    public List<String> partners(String project, String path) {
        return db.read(tx -> hints.find(tx, project, "co_edit", path)).map(FileHintRow::partners).orElse(List.of());
    }

    /**
     * The hook's line for an edit of {@code path}, or empty text when it has no partners besides the files the same
     * call edits ({@code editing}: an agent already changing both needs no reminder).
     */
    public String note(String project, String path, List<String> editing) {
        List<String> partners = partners(project, path).stream().filter(p -> !editing.contains(p)).toList();
        if (partners.isEmpty()) {
            return "";
        }
        List<String> named = partners.size() <= NOTE_PARTNERS ? partners : partners.subList(0, NOTE_PARTNERS);
        return "Eagle Mem: " + path + " is usually edited together with " + String.join(", ", named)
                + (partners.size() > NOTE_PARTNERS ? " (+" + (partners.size() - NOTE_PARTNERS) + " more)" : "") + ".";
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
