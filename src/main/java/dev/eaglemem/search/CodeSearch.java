package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.VectorStore;

/**
 * {@code search --type code}: the code index by words (a chunk's names, the words its identifiers are made of, its path
 * and its text; all words first, any of them when nothing has them all) and, once serve has embedded the project's
 * chunks, by meaning — the same modes as for records: semantic alone, or hybrid, which keeps every word match and adds
 * the chunks close in meaning (at the model's bar for code).
 */
final class CodeSearch {

    private static final int CANDIDATES = 50;

    private final Db db;
    private final CodeStore code;
    private final SemanticIndex semantic;
    private final VectorStore vectors;
    private final Settings settings;

    CodeSearch(Db db, CodeStore code, SemanticIndex semantic, VectorStore vectors, Settings settings) {
        this.db = db;
        this.code = code;
        this.semantic = semantic;
        this.vectors = vectors;
        this.settings = settings;
    }

    /** {@code asked}: the mode the caller named, if any (hybrid once the project's chunks have vectors, else lexical). */
    SearchResult search(SearchRequest r, FtsQuery query, Optional<SearchMode> asked) {
        Optional<String> whyNot = asked.orElse(SearchMode.HYBRID) == SearchMode.LEXICAL ? Optional.of("lexical asked")
                : whyNotByMeaning(r.project());
        // loaded only when the project's chunks have vectors: a cold CLI spends a second on it
        Optional<Embedder> usable = whyNot.isPresent() ? Optional.empty() : semantic.loaded().or(semantic::load);
        if (usable.isEmpty() && asked.orElse(null) == SearchMode.SEMANTIC) {
            String why = whyNot.or(semantic::failure).orElse("the model did not load");
            throw EagleException.failure("no_vectors", "search by meaning over code is not possible here: " + why,
                    r.project() == null ? "eagle-mem search --type code --mode semantic -p <project> <words>"
                            : "eagle-mem serve   (it embeds the index; eagle-mem status shows how far), or --mode lexical",
                    null);
        }
        SearchMode mode = usable.isEmpty() ? SearchMode.LEXICAL : asked.orElse(SearchMode.HYBRID);
        String matchMode = "all";
        List<SearchRow> lexical = List.of();
        if (mode != SearchMode.SEMANTIC) {
            lexical = byWords(query.all(), r);
            if (lexical.isEmpty() && query.terms().size() > 1) {
                lexical = byWords(query.any(), r);
                matchMode = "any";
            }
        }
        List<SearchRow> rows = mode == SearchMode.LEXICAL ? lexical : byMeaning(usable.get(), r, lexical, mode);
        List<SearchHit> out = rows.stream().limit(r.limit()).map(h -> new SearchHit(new RecordId(RecordId.Kind.CODE, h.id())
                .toString(), "code", null, h.project(), Snippets.oneLine(h.title(), SearchService.TITLE_MAX),
                Snippets.oneLine(Snippets.readable(h.snippet()), SearchService.SNIPPET_MAX), null, h.score())).toList();
        return new SearchResult(r.query(), query.terms(), matchMode, mode.id(), r.project(), out);
    }

    private Optional<String> whyNotByMeaning(String project) {
        if (!settings.semanticRecall()) {
            return Optional.of("recall.semantic is off");
        }
        if (project == null) {
            return Optional.of("it looks in one project's code index, and none is named");
        }
        if (!db.<Boolean>read(tx -> vectors.anyCode(tx, project))) {
            return Optional.of("no chunk of " + project + " has an embedding yet (serve embeds the code index after the"
                    + " memories and summaries)");
        }
        return Optional.empty();
    }

    private List<SearchRow> byWords(String match, SearchRequest r) {
        return db.read(tx -> code.candidates(tx, match, r.project(), r.limit())).stream()
                .map(c -> row(c.hit(), c.hit().score())).toList();
    }

    private List<SearchRow> byMeaning(Embedder model, SearchRequest r, List<SearchRow> lexical, SearchMode mode) {
        SemanticIndex.Scores scores = semantic.codeScores(model, r.project(), model.embedQuery(r.query()));
        List<Long> ids = scores.top(CANDIDATES).stream().filter(h -> h.similarity() >= model.codeThreshold())
                .map(SemanticIndex.Hit::id).toList();
        List<SearchRow> close = new ArrayList<>(db.read(tx -> code.hits(tx, ids, r.project())).stream()
                .map(h -> row(h, -scores.of("code", h.id()).orElse(0f))).toList());
        close.sort(Comparator.comparingDouble(SearchRow::score));
        if (mode == SearchMode.SEMANTIC) {
            return close;
        }
        // a person's own words are never vetoed by the model: a word match counts as at least the bar
        float bar = model.codeThreshold();
        return HybridRanking.fuse(lexical, close, row -> Optional.of(Math.max(scores.of("code", row.id()).orElse(bar), bar)),
                bar, Integer.MAX_VALUE);
    }

    private static SearchRow row(CodeHit h, double score) {
        return new SearchRow("code", h.id(), h.project(), SearchService.codeTitle(h), h.snippet(), score, null, null);
    }
}
