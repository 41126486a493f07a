package dev.eaglemem.recall;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.search.DocFrequencies;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.search.LexicalExtras;
import dev.eaglemem.search.SubstringQuery;
import dev.eaglemem.search.WordCoverage;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TermDocs;
import dev.eaglemem.store.Tx;

/**
 * The records a prompt's recall weighs, with what {@link RecallJudge} needs of each ({@link Candidate}): those its
 * words find (BM25 with recency over the newest matches and those holding every word, identifiers, CJK and
 * run-together words) and, once serve has loaded the model, the closest in meaning; never what the session was
 * already given.
 */
final class PromptCandidates {

    static final int PROMPT_HITS = 6;
    /**
     * Prompt recall ranks a project's newest {@value} records of a kind that share a word with the prompt, and every
     * record that holds all of its words: BM25 over every record a common word hits cost 19 ms at 100k observations
     * and 100 ms at 1M (bench/scale-results.md). A project with fewer matches is ranked whole, as before.
     */
    static final int PROMPT_RANKED = 500;
    /** Records the semantic side proposes for one prompt, for the judge to weigh. */
    static final int SEMANTIC_CANDIDATES = 20;
    /** Below it a record's meaning is too far from the prompt to be worth weighing (MiniLM's unrelated pairs). */
    static final float SEMANTIC_FLOOR = 0.2f;

    private final SearchStore search;
    private final LexicalExtras extras;
    private final MemoryStore memories;
    private final SummaryStore summaries;
    private final ObservationStore observations;
    private final SemanticIndex semantic;
    private final Clock clock;
    private final DocFrequencies frequencies;

    PromptCandidates(SearchStore search, MemoryStore memories, SummaryStore summaries, ObservationStore observations,
            SemanticIndex semantic, Clock clock) {
        this.search = search;
        this.extras = new LexicalExtras(search);
        this.memories = memories;
        this.summaries = summaries;
        this.observations = observations;
        this.semantic = semantic;
        this.clock = clock;
        this.frequencies = new DocFrequencies(clock);
    }

    /** {@code embedding}: the prompt's vector being computed, when serve has the model loaded. */
    List<Candidate> collect(Tx tx, RecallService.Audience a, FtsQuery query, String prompt, RecallStore.InjectedRefs seen,
            Optional<Embedder> model, Optional<CompletableFuture<float[]>> embedding) {
        String any = query.any();
        String all = query.terms().size() > 1 ? query.all() : null;
        List<SearchRow> lexical = new ArrayList<>();
        long memoryFloor = search.memoriesFloor(tx, any, a.project(), PROMPT_RANKED);
        best(search.memories(tx, any, a.project(), null, PROMPT_HITS, memoryFloor),
                memoryFloor > 0 && all != null ? search.memories(tx, all, a.project(), null, PROMPT_HITS) : List.of())
                .stream().filter(h -> !seen.memoryIds().contains(h.id())).forEach(lexical::add);
        long summaryFloor = search.summariesFloor(tx, any, a.project(), PROMPT_RANKED);
        best(search.summariesExcept(tx, any, a.project(), a.sessionId(), PROMPT_HITS, summaryFloor),
                summaryFloor > 0 && all != null ? search.summariesExcept(tx, all, a.project(), a.sessionId(), PROMPT_HITS)
                        : List.of())
                .stream().filter(h -> !seen.summaryIds().contains(h.id())).forEach(lexical::add);
        // what the word index alone misses: CJK words, identifier fragments, words spelled apart (LexicalExtras)
        List<SearchRow> bySubstring = new ArrayList<>();
        extras.promptMemories(tx, prompt, a.project(), PROMPT_HITS).stream()
                .filter(h -> !seen.memoryIds().contains(h.id())).forEach(bySubstring::add);
        extras.promptSummaries(tx, prompt, a.project(), a.sessionId(), PROMPT_HITS).stream()
                .filter(h -> !seen.summaryIds().contains(h.id())).forEach(bySubstring::add);
        List<SearchRow> byWords = PromptRecall.rank(LexicalExtras.union(Stream.concat(lexical.stream(),
                bySubstring.stream()).toList()), clock.instant());
        // a model failing on this prompt fails the recall like any other error: logged by the hook, fail-open
        Optional<float[]> meaning = embedding.map(CompletableFuture::join);
        // a model blind to the prompt's script can neither judge its word matches nor add records: its neighbours
        // of a CJK prompt are noise (the substring index finds CJK words)
        if (meaning.isEmpty() || !model.get().understands(prompt)) {
            return candidates(tx, a, query, byWords, bySubstring, List.of(), null);
        }
        SemanticIndex.Scores scores = semantic.scores(model.get(), a.project(), meaning.get());
        List<SearchRow> byMeaning = new ArrayList<>();
        for (String kind : List.of("memory", "summary")) {
            List<Long> ids = scores.top(SEMANTIC_CANDIDATES).stream()
                    .filter(h -> h.kind().equals(kind) && h.similarity() >= SEMANTIC_FLOOR).map(SemanticIndex.Hit::id)
                    .filter(id -> !("memory".equals(kind) ? seen.memoryIds() : seen.summaryIds()).contains(id)).toList();
            byMeaning.addAll(search.byIds(tx, kind, ids, a.project(), a.sessionId()));
        }
        return candidates(tx, a, query, byWords, bySubstring, byMeaning, scores);
    }

    /** What the judge weighs of each record found by words or by meaning ({@link Candidate}). */
    private List<Candidate> candidates(Tx tx, RecallService.Audience a, FtsQuery query, List<SearchRow> byWords,
            List<SearchRow> bySubstring, List<SearchRow> byMeaning, SemanticIndex.Scores scores) {
        Map<String, SearchRow> rows = new LinkedHashMap<>();
        Map<String, Integer> lexicalRank = new LinkedHashMap<>();
        for (SearchRow r : byWords) {
            rows.putIfAbsent(key(r), r);
            lexicalRank.putIfAbsent(key(r), lexicalRank.size() + 1);
        }
        byMeaning.forEach(r -> rows.putIfAbsent(key(r), r));
        if (rows.isEmpty()) {
            return List.of();
        }
        Set<String> specific = bySubstring.stream().map(PromptCandidates::key).collect(Collectors.toSet());
        // CJK words are the substring index's: the word index holds none of them, so they would only dilute the share
        List<String> words = query.terms().stream().filter(t -> t.codePoints().noneMatch(SubstringQuery::isCjk))
                .map(t -> new FtsQuery(List.of(t)).all()).toList();
        Map<String, double[]> coverage = new LinkedHashMap<>();
        for (String kind : List.of("memory", "summary")) {
            List<Long> ids = rows.values().stream().filter(r -> r.kind().equals(kind)).map(SearchRow::id).toList();
            if (!ids.isEmpty()) {
                TermDocs docs = frequencies.termDocs(search, tx, kind, words, ids);
                ids.forEach(id -> coverage.put(kind + ":" + id,
                        new double[] { WordCoverage.share(docs, words, id), WordCoverage.weight(docs, words, id) }));
            }
        }
        Set<Long> anchored = anchored(tx, a.sessionId(), rows.values());
        List<Long> summaryIds = rows.values().stream().filter(r -> "summary".equals(r.kind())).map(SearchRow::id).toList();
        Set<Long> asked = summaryIds.isEmpty() ? Set.of() : summaries.questionsOnly(tx, summaryIds);
        List<Candidate> out = new ArrayList<>();
        for (SearchRow r : rows.values()) {
            double[] cov = coverage.getOrDefault(key(r), new double[2]);
            Float similarity = scores == null ? null : scores.of(r.kind(), r.id()).orElse(null);
            out.add(new Candidate(r, similarity, cov[0], cov[1], specific.contains(key(r)),
                    lexicalRank.getOrDefault(key(r), 0), "memory".equals(r.kind()) && anchored.contains(r.id()),
                    "summary".equals(r.kind()) && asked.contains(r.id())));
        }
        return out;
    }

    /** Of the candidates, the memories about a file this session read or changed. */
    private Set<Long> anchored(Tx tx, String sessionId, Collection<SearchRow> rows) {
        List<Long> ids = rows.stream().filter(r -> "memory".equals(r.kind())).map(SearchRow::id).toList();
        if (ids.isEmpty()) {
            return Set.of();
        }
        Set<String> touched = new HashSet<>();
        observations.forSession(tx, sessionId).forEach(o -> {
            touched.addAll(o.filesRead());
            touched.addAll(o.filesModified());
        });
        if (touched.isEmpty()) {
            return Set.of();
        }
        Set<Long> out = new HashSet<>();
        memories.filesOf(tx, ids).forEach((id, files) -> {
            if (files.stream().anyMatch(touched::contains)) {
                out.add(id);
            }
        });
        return out;
    }

    private static String key(SearchRow row) {
        return row.kind() + ":" + row.id();
    }

    /** The best {@code PROMPT_HITS} of two rankings of one kind (BM25 over the same index, so comparable). */
    private static List<SearchRow> best(List<SearchRow> newest, List<SearchRow> allWords) {
        if (allWords.isEmpty()) {
            return newest;
        }
        Map<Long, SearchRow> byId = new LinkedHashMap<>();
        newest.forEach(r -> byId.put(r.id(), r));
        allWords.forEach(r -> byId.putIfAbsent(r.id(), r));
        return byId.values().stream()
                .sorted(Comparator.comparingDouble(SearchRow::score).thenComparing(SearchRow::date,
                        Comparator.nullsLast(Comparator.reverseOrder())))
                .limit(PROMPT_HITS).toList();
    }
}
