package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.store.Tx;
import dev.eaglemem.store.VectorStore;

/**
 * Full-text search over summaries, memories and prompts: BM25 first, then recency among results that
 * score the same. CJK words and identifier fragments the word index cannot split are also looked up in the
 * substring index ({@link LexicalExtras}), and those hits merged in. Returns compact hits; {@link RecordService}
 * shows a whole record.
 */
@ApplicationScoped
public class SearchService {

    static final int TITLE_MAX = 100;
    static final int SNIPPET_MAX = 200;
    // Scores from different FTS tables are compared at this precision so near-equal hits fall back to recency.
    private static final double SCORE_BUCKET = 100.0;
    private static final int CANDIDATES = 50;

    private final Db db;
    private final SearchStore store;
    private final SemanticIndex semantic;
    private final VectorStore vectors;
    private final Settings settings;
    private final LexicalExtras extras;
    private final CodeStore code;
    private final CodeSearch codeSearch;
    private final AnchorService anchors;

    private final TeamStore teams;

    @Inject
    public SearchService(Db db, SearchStore store, CodeStore code, SemanticIndex semantic, VectorStore vectors,
            Settings settings, AnchorService anchors, TeamStore teams) {
        this.teams = teams;
        this.anchors = anchors;
        this.db = db;
        this.store = store;
        this.semantic = semantic;
        this.vectors = vectors;
        this.settings = settings;
        this.extras = new LexicalExtras(store);
        this.code = code;
        this.codeSearch = new CodeSearch(db, code, semantic, vectors, settings);
    }

    /**
     * Which tables {@code --type} selects and which memory kind {@code --kind} keeps. The vocabulary: a record's
     * type is summary, memory or prompt; a memory's kind is decision, gotcha… ({@code --kind}, as in
     * {@code memories list}). {@code --type} also takes a kind, the same as {@code --kind}: it always has.
     */
    private record Target(boolean summaries, boolean memories, boolean prompts, String memoryKind, boolean code) {

        private static final List<String> TYPES = List.of("summary", "memory", "prompt", "code");

        Target(boolean summaries, boolean memories, boolean prompts, String memoryKind) {
            this(summaries, memories, prompts, memoryKind, false);
        }

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
                // the code index is searched only when asked for: chunks would crowd out what sessions learned
                case "code" -> new Target(false, false, false, null, true);
                default -> MemoryKind.parse(t).map(k -> new Target(false, true, false, k.id()))
                        .orElseThrow(() -> EagleException.invalidInput("unknown --type '" + type + "'"
                                + Similar.hint(t, concat(TYPES, kindIds())) + ": --type takes summary, memory, prompt or code;"
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
        Optional<SearchMode> asked = SearchMode.parse(request.mode());
        if (target.code()) {
            return codeSearch.search(request, query, asked);
        }
        Optional<Embedder> model = asked.orElse(SearchMode.HYBRID) == SearchMode.LEXICAL || !settings.semanticRecall()
                ? Optional.empty() : modelIfVectors(asked.isPresent());
        SearchMode mode = model.isEmpty() ? SearchMode.LEXICAL : asked.orElse(SearchMode.HYBRID);
        List<SearchRow> lexical = List.of();
        String matchMode = "all";
        if (mode != SearchMode.SEMANTIC) {
            Optional<SubstringQuery> substrings = SubstringQuery.forSearch(request.query());
            lexical = db.read(tx -> run(tx, query.all(), substrings, SubstringQuery.Mode.ALL, target, request));
            if (lexical.isEmpty() && (query.terms().size() > 1 || substrings.isPresent())) {
                lexical = db.read(tx -> run(tx, query.any(), substrings, SubstringQuery.Mode.ANY, target, request));
                matchMode = "any";
            }
            lexical = lexical.stream()
                    .sorted(Comparator.<SearchRow>comparingLong(r -> Math.round(r.score() * SCORE_BUCKET))
                            .thenComparing(SearchRow::date, Comparator.reverseOrder()))
                    .toList();
        }
        List<SearchRow> rows = mode == SearchMode.LEXICAL ? lexical
                : byMeaning(model.get(), request.query(), target, request, lexical, mode);
        List<SearchHit> hits = labelled(rows.stream().limit(request.limit()).toList(), request.project());
        return new SearchResult(request.query(), query.terms(), matchMode, mode.id(), request.project(), hits);
    }

    /**
     * The model, when records have vectors for it: a cold CLI loads it here (about a second); serve has it loaded.
     * A mode asked for explicitly but impossible (no vectors yet, recall.semantic off) says so instead of
     * quietly searching by words.
     */
    private Optional<Embedder> modelIfVectors(boolean asked) {
        Optional<Embedder> model = semantic.loaded().or(() -> {
            boolean any = db.read(tx -> vectors.any(tx));
            return any ? semantic.load() : Optional.empty();
        });
        if (model.isEmpty() && asked) {
            throw EagleException.failure("no_vectors", "search by meaning needs the records' embeddings, and "
                    + semantic.failure().orElse("none are stored yet (serve computes them in the background)"),
                    "eagle-mem serve   (then wait for its embed job: eagle-mem jobs list), or search with --mode lexical",
                    null);
        }
        return model.filter(m -> db.read(tx -> vectors.anyFor(tx, m.modelId())));
    }

    /** Semantic: the closest records above the model's threshold. Hybrid: those fused with the word matches. */
    private List<SearchRow> byMeaning(Embedder model, String text, Target target, SearchRequest r, List<SearchRow> lexical,
            SearchMode mode) {
        SemanticIndex.Scores scores = semantic.scores(model, r.project(), model.embedQuery(text));
        List<SearchRow> close = new ArrayList<>();
        db.read(tx -> {
            for (String kind : List.of("memory", "summary")) {
                if (kind.equals("memory") ? !target.memories() : !target.summaries()) {
                    continue;
                }
                List<Long> ids = scores.top(CANDIDATES).stream()
                        .filter(h -> h.kind().equals(kind) && h.similarity() >= model.threshold())
                        .map(SemanticIndex.Hit::id).toList();
                store.byIds(tx, kind, ids, r.project(), null).stream()
                        .filter(row -> target.memoryKind() == null || target.memoryKind().equals(row.memoryKind()))
                        .forEach(close::add);
            }
            return null;
        });
        close.sort(Comparator.comparingDouble(row -> -scores.of(row.kind(), row.id()).orElse(0f)));
        if (mode == SearchMode.SEMANTIC) {
            return close.stream().map(row -> scored(row, -scores.of(row.kind(), row.id()).orElse(0f))).toList();
        }
        // a person's own words are never vetoed by the model: a word match counts as at least the threshold
        float threshold = model.threshold();
        return HybridRanking.fuse(lexical, close, row -> Optional.of(Math.max(scores.of(row.kind(), row.id()).orElse(threshold),
                threshold)), threshold, Integer.MAX_VALUE);
    }

    private static SearchRow scored(SearchRow r, double score) {
        return new SearchRow(r.kind(), r.id(), r.project(), r.title(), r.snippet(), score, r.date(), r.memoryKind());
    }

    private List<SearchRow> run(Tx tx, String match, Optional<SubstringQuery> substrings, SubstringQuery.Mode mode,
            Target t, SearchRequest r) {
        List<SearchRow> rows = new ArrayList<>();
        if (t.summaries()) {
            rows.addAll(store.summaries(tx, match, r.project(), r.limit()));
            rows.addAll(extras.summaries(tx, substrings, mode, r.project(), null, r.limit()));
        }
        if (t.memories()) {
            rows.addAll(store.memories(tx, match, r.project(), t.memoryKind(), r.limit()));
            rows.addAll(extras.memories(tx, substrings, mode, r.project(), t.memoryKind(), r.limit()));
        }
        if (t.prompts()) {
            rows.addAll(store.prompts(tx, match, r.project(), r.limit()));
        }
        return LexicalExtras.union(rows);
    }

    /** Whether {@code eagle-mem index} has indexed any file of the project (code search has nothing to look in before). */
    public boolean hasCodeIndex(String project) {
        return project != null && db.read(tx -> code.status(tx, project)).isPresent();
    }

    /** {@code src/cart/checkout.ts:12-30 function retryCheckout}: where to open it and what it is. */
    public static String codeTitle(CodeHit h) {
        return h.path() + ":" + h.startLine() + "-" + h.endLine() + " " + h.kind() + (h.name() != null ? " " + h.name() : "");
    }

    /** The hits, each memory and summary with its state against the code when that is not fresh (per project). */
    private List<SearchHit> labelled(List<SearchRow> rows, String project) {
        Map<String, Freshness> states = new HashMap<>();
        rows.stream().filter(r -> r.project() != null && (r.kind().equals("memory") || r.kind().equals("summary")))
                .collect(Collectors.groupingBy(SearchRow::project)).forEach((p, of) -> {
                    anchors.memories(p, null, ids(of, "memory")).forEach((id, f) -> states.put("memory:" + id, f));
                    anchors.summaries(p, null, ids(of, "summary")).forEach((id, f) -> states.put("summary:" + id, f));
                });
        List<Long> memoryIds = ids(rows, "memory");
        Map<Long, String> origins = memoryIds.isEmpty() ? Map.of() : db.read(tx -> teams.memoryOrigins(tx, memoryIds));
        return rows.stream().map(r -> {
            Freshness f = states.get(r.kind() + ":" + r.id());
            SearchHit hit = f != null && f.state().labelled() ? hit(r).withFreshness(f) : hit(r);
            String by = r.kind().equals("memory") ? origins.get(r.id()) : null;
            return by == null ? hit : hit.by(by);
        }).toList();
    }

    private static List<Long> ids(List<SearchRow> rows, String kind) {
        return rows.stream().filter(r -> r.kind().equals(kind)).map(SearchRow::id).toList();
    }

    private static SearchHit hit(SearchRow r) {
        RecordId id = new RecordId(RecordId.Kind.ofLabel(r.kind()), r.id());
        return new SearchHit(id.toString(), r.kind(), r.memoryKind(), r.project(), Snippets.oneLine(r.title(), TITLE_MAX),
                Snippets.oneLine(Snippets.readable(r.snippet()), SNIPPET_MAX), r.date(), r.score());
    }

}
