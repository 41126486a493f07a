package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.Tx;

/**
 * Full-text search over summaries, memories and prompts: BM25 first, then recency among results that
 * score the same. Returns compact hits; {@link RecordService} shows a whole record.
 */
@ApplicationScoped
public class SearchService {

    private static final int TITLE_MAX = 100;
    private static final int SNIPPET_MAX = 200;
    // Scores from different FTS tables are compared at this precision so near-equal hits fall back to recency.
    private static final double SCORE_BUCKET = 100.0;

    private final Db db;
    private final SearchStore store;

    public SearchService(Db db, SearchStore store) {
        this.db = db;
        this.store = store;
    }

    /**
     * Which tables {@code --type} selects and which memory kind {@code --kind} keeps. The vocabulary: a record's
     * type is summary, memory or prompt; a memory's kind is decision, gotcha… ({@code --kind}, as in
     * {@code memories list}). {@code --type} also takes a kind, the same as {@code --kind}: it always has.
     */
    private record Target(boolean summaries, boolean memories, boolean prompts, String memoryKind) {

        private static final List<String> TYPES = List.of("summary", "memory", "prompt");

        static Target of(String type, String kind) {
            String memoryKind = kind == null || kind.isBlank() ? null : MemoryKind.parse(kind).map(MemoryKind::id)
                    .orElseThrow(() -> EagleException.invalidInput("unknown --kind '" + kind + "'"
                            + Similar.hint(kind, kindIds()) + " (a memory's kind: " + MemoryKind.allIds() + ")",
                            "eagle-mem search --kind decision <words>"));
            Target target = ofType(type);
            if (memoryKind == null) {
                return target;
            }
            if (target.memoryKind() != null && !target.memoryKind().equals(memoryKind)) {
                throw EagleException.invalidInput("--type " + type.strip() + " and --kind " + kind.strip()
                        + " name two memory kinds", "eagle-mem search --kind " + memoryKind + " <words>");
            }
            if (!target.memories()) {
                throw EagleException.invalidInput("--kind " + kind.strip() + " keeps only memories, but --type "
                        + type.strip() + " excludes them", "eagle-mem search --kind " + memoryKind + " <words>   (no --type)");
            }
            return new Target(false, true, false, memoryKind);
        }

        private static Target ofType(String type) {
            if (type == null || type.isBlank()) {
                return new Target(true, true, true, null);
            }
            String t = type.strip().toLowerCase(Locale.ROOT);
            return switch (t) {
                case "summary", "summaries" -> new Target(true, false, false, null);
                case "memory", "memories" -> new Target(false, true, false, null);
                case "prompt", "prompts" -> new Target(false, false, true, null);
                default -> MemoryKind.parse(t).map(k -> new Target(false, true, false, k.id()))
                        .orElseThrow(() -> EagleException.invalidInput("unknown --type '" + type + "'"
                                + Similar.hint(t, concat(TYPES, kindIds())) + ": --type takes summary, memory or prompt;"
                                + " a memory's kind goes in --kind (" + MemoryKind.allIds() + ")",
                                "eagle-mem search --kind decision <words>   or   eagle-mem search --type summary <words>"));
            };
        }

        private static List<String> kindIds() {
            return Arrays.stream(MemoryKind.values()).map(MemoryKind::id).toList();
        }

        private static List<String> concat(List<String> a, List<String> b) {
            List<String> all = new ArrayList<>(a);
            all.addAll(b);
            return all;
        }
    }

    public SearchResult search(SearchRequest request) {
        FtsQuery query = FtsQuery.parse(request.query()).orElseThrow(() -> EagleException.invalidInput(
                "the search query '" + request.query() + "' has no searchable words (letters or digits)",
                "eagle-mem search \"release gate\""));
        Target target = Target.of(request.type(), request.kind());
        List<SearchRow> rows = db.read(tx -> run(tx, query.all(), target, request));
        String mode = "all";
        if (rows.isEmpty() && query.terms().size() > 1) {
            rows = db.read(tx -> run(tx, query.any(), target, request));
            mode = "any";
        }
        List<SearchHit> hits = rows.stream()
                .sorted(Comparator.<SearchRow>comparingLong(r -> Math.round(r.score() * SCORE_BUCKET))
                        .thenComparing(SearchRow::date, Comparator.reverseOrder()))
                .limit(request.limit())
                .map(SearchService::hit)
                .toList();
        return new SearchResult(request.query(), query.terms(), mode, request.project(), hits);
    }

    private List<SearchRow> run(Tx tx, String match, Target t, SearchRequest r) {
        List<SearchRow> rows = new ArrayList<>();
        if (t.summaries()) {
            rows.addAll(store.summaries(tx, match, r.project(), r.limit()));
        }
        if (t.memories()) {
            rows.addAll(store.memories(tx, match, r.project(), t.memoryKind(), r.limit()));
        }
        if (t.prompts()) {
            rows.addAll(store.prompts(tx, match, r.project(), r.limit()));
        }
        return rows;
    }

    private static SearchHit hit(SearchRow r) {
        RecordId id = new RecordId(RecordId.Kind.ofLabel(r.kind()), r.id());
        return new SearchHit(id.toString(), r.kind(), r.memoryKind(), r.project(), Snippets.oneLine(r.title(), TITLE_MAX),
                Snippets.oneLine(Snippets.readable(r.snippet()), SNIPPET_MAX), r.date(), r.score());
    }

}
