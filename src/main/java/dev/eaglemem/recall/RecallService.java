package dev.eaglemem.recall;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.search.HybridRanking;
import dev.eaglemem.search.LexicalExtras;
import dev.eaglemem.search.SubstringQuery;
import dev.eaglemem.search.WordCoverage;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.RecallEvent;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TermDocs;
import dev.eaglemem.store.Tx;

/**
 * What the agent is told: the SessionStart recall (overview, decisions and gotchas, recent sessions,
 * open tasks, and the working set after a compaction) and the per-prompt recall. Every injection is
 * recorded in recall_events, which is also how a session avoids being told the same thing twice.
 */
@ApplicationScoped
public class RecallService {

    /** Who is asking: the session, its project and agent, and whether the agent wants compact output. */
    public record Audience(String sessionId, String project, String agent, boolean compact) {
    }

    private static final int MEMORIES_PER_KIND = 8;
    private static final int SUMMARY_ROWS = 5;
    private static final int PROMPT_HITS = 6;
    /** Code chunks a prompt may bring, after the records (a memory that answers the prompt wins the budget). */
    static final int CODE_HITS = 2;
    /**
     * Prompt recall ranks a project's newest {@value} records of a kind that share a word with the prompt, and every
     * record that holds all of its words: BM25 over every record a common word hits cost 19 ms at 100k observations
     * and 100 ms at 1M (bench/scale-results.md). A project with fewer matches is ranked whole, as before.
     */
    static final int PROMPT_RANKED = 500;
    /** Records the semantic side proposes for one prompt, before the similarity threshold. */
    static final int SEMANTIC_CANDIDATES = 20;
    private static final int WORKING_SET = 10;
    private static final Executor EMBEDDER = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon()
            .name("eagle-mem-embed-prompt").unstarted(r));
    private static final List<String> KINDS = Arrays.stream(MemoryKind.values()).map(MemoryKind::id).toList();

    private final Db db;
    private final StatsStore stats;
    private final OverviewStore overviews;
    private final MemoryStore memories;
    private final SummaryStore summaries;
    private final ObservationStore observations;
    private final RecallStore recalls;
    private final SearchStore search;
    private final LexicalExtras extras;
    private final CodeStore code;
    private final Settings settings;
    private final Clock clock;
    private final SemanticIndex semantic;

    public RecallService(Db db, StatsStore stats, OverviewStore overviews, MemoryStore memories, SummaryStore summaries,
            ObservationStore observations, RecallStore recalls, SearchStore search, Settings settings, Clock clock,
            SemanticIndex semantic) {
        this.semantic = semantic;
        this.db = db;
        this.stats = stats;
        this.overviews = overviews;
        this.memories = memories;
        this.summaries = summaries;
        this.observations = observations;
        this.recalls = recalls;
        this.search = search;
        this.extras = new LexicalExtras(search);
        this.code = new CodeStore();
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The SessionStart context; empty when this session was already told exactly this (a resume with
     * nothing new). After a compaction or clear it is always injected again.
     */
    public Optional<String> sessionStart(Audience a, String source) {
        record Read(SessionStartRenderer.View view, Optional<String> lastHash) {
        }
        Read read = db.read(tx -> {
            String since = recalls.lastReset(tx, a.sessionId());
            return new Read(view(tx, a, source), recalls.lastSessionStartHash(tx, a.sessionId(), since));
        });
        var style = a.compact() ? SessionStartRenderer.Style.COMPACT : SessionStartRenderer.Style.RICH;
        SessionStartRenderer.Rendered rendered = SessionStartRenderer.render(read.view(), style, settings.sessionStartChars());
        // a database that was deleted, replaced or cannot take writes is said first, in one line: the agent's user
        // would otherwise learn of it only from eagle-mem.log
        SessionStartRenderer.Rendered r = db.condition().notice().map(rendered::withNotice).orElse(rendered);
        String hash = sha256(r.text());
        boolean unchanged = !SessionStartRenderer.isReset(source) && read.lastHash().filter(hash::equals).isPresent();
        RecallStatus status = unchanged ? RecallStatus.UNCHANGED : read.view().empty() ? RecallStatus.EMPTY : RecallStatus.INJECTED;
        record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "SessionStart", source, null, r.memoryIds(),
                r.summaryIds(), unchanged ? 0 : r.text().length(), r.sectionsTrimmed(), hash, status.id(), List.of(),
                unchanged ? List.of() : r.trimmed()));
        Optional<String> text = unchanged ? Optional.empty() : Optional.of(r.text());
        return settings.configProblem().map(p -> brokenConfig(p) + text.map(t -> "\n\n" + t).orElse("")).or(() -> text);
    }

    /**
     * Said at every SessionStart while config.toml cannot be read: the hooks run on the defaults meanwhile, and the agent
     * (or the person reading along) can fix it. The reason is cut: it names the file and line, doctor says the rest.
     */
    private static String brokenConfig(String problem) {
        return "eagle-mem's config is broken (" + Snippets.oneLine(problem, 160)
                + "); hooks use the defaults until it is fixed: run eagle-mem doctor";
    }

    /**
     * The line SessionStart says about the database when there is no context to inject with it (the event itself
     * had to be spooled): empty while the database is fine.
     */
    public Optional<String> notice() {
        return db.condition().notice();
    }

    private SessionStartRenderer.View view(Tx tx, Audience a, String source) {
        StatsStore.HeaderCounts counts = stats.headerCounts(tx, a.project());
        List<SummaryRow> recent = summaries.recent(tx, a.project(), a.sessionId(), SUMMARY_ROWS);
        List<SessionStartRenderer.FileEdits> workingSet = SessionStartRenderer.isReset(source)
                ? workingSet(observations.forSession(tx, a.sessionId()))
                : List.of();
        List<MemoryRow> rows = memories.recentPerKind(tx, a.project(), KINDS, MEMORIES_PER_KIND);
        return new SessionStartRenderer.View(a.project(), a.sessionId(), source, counts.sessions(), counts.memories(),
                recent.isEmpty() ? null : recent.getFirst().updatedAt(), overviews.find(tx, a.project()).orElse(null),
                rows, recent, workingSet, settings.agentCommand(), settings.times(), byRelevance(a.project(), recent, rows),
                code.status(tx, a.project()).orElse(null));
    }

    /**
     * Through serve, with the model loaded: the project's memories ordered by how close they are in meaning to what
     * its last sessions asked for, did and left to do — the same similarity prompt recall uses. Empty otherwise
     * (the section then shows the newest).
     */
    private List<Long> byRelevance(String project, List<SummaryRow> recent, List<MemoryRow> rows) {
        Optional<Embedder> model = settings.semanticRecall() ? semantic.loaded() : Optional.empty();
        String lately = recent.stream().limit(3).map(r -> String.join(". ", Stream.of(r.fields().request(),
                r.fields().completed(), r.fields().nextSteps()).filter(f -> f != null && !f.isBlank()).toList()))
                .filter(t -> !t.isBlank()).collect(Collectors.joining(". "));
        if (model.isEmpty() || lately.isBlank()) {
            return List.of();
        }
        SemanticIndex.Scores scores = semantic.scores(model.get(), project, model.get().embedQuery(lately));
        return rows.stream().filter(m -> scores.of("memory", m.id()).isPresent())
                .sorted(Comparator.comparingDouble(m -> -scores.of("memory", m.id()).orElse(0f))).map(MemoryRow::id).toList();
    }

    /** Files the session changed, most recently changed first, with how often. */
    static List<SessionStartRenderer.FileEdits> workingSet(List<ObservationRow> rows) {
        Map<String, Integer> edits = new LinkedHashMap<>();
        for (int i = rows.size() - 1; i >= 0; i--) {
            rows.get(i).filesModified().forEach(f -> edits.merge(f, 1, Integer::sum));
        }
        List<SessionStartRenderer.FileEdits> out = new ArrayList<>();
        edits.forEach((f, n) -> out.add(new SessionStartRenderer.FileEdits(f, n)));
        return out.subList(0, Math.min(WORKING_SET, out.size()));
    }

    /**
     * Records that match the prompt and that no earlier prompt of this session was given since its context
     * was last reset; empty for short prompts, prompts with no content words, and no matches.
     */
    public Optional<String> prompt(Audience a, String fullPrompt) {
        String prompt = PromptQuery.head(fullPrompt); // what recall reads of a long prompt: bounded, whatever its size
        Optional<FtsQuery> query = PromptQuery.of(prompt);
        if (query.isEmpty()) {
            RecallStatus status = PromptQuery.isShort(prompt) ? RecallStatus.SKIPPED_SHORT_PROMPT : RecallStatus.SKIPPED_NO_QUERY;
            record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "UserPromptSubmit", null, null, null, null, 0, 0,
                    null, status.id()));
            return Optional.empty();
        }
        Optional<Embedder> model = settings.semanticRecall() ? semantic.loaded() : Optional.empty();
        Optional<CompletableFuture<float[]>> embedding = embed(model, prompt);
        List<SearchRow> ranked = promptRanking(a, query.get(), prompt, null, WordCoverage.MIN_SHARE, model, embedding);
        List<CodeHit> code = code(a, query.get(), prompt, model, embedding);
        PromptRecall.Rendered r = PromptRecall.render(ranked, code, a.compact(),
                settings.promptChars(), settings.times());
        RecallStatus status = r.text().isEmpty() ? RecallStatus.NO_MATCH : RecallStatus.INJECTED;
        record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "UserPromptSubmit", null,
                String.join(" ", query.get().terms()), r.memoryIds(), r.summaryIds(), r.text().length(), 0, null,
                status.id(), r.codeIds(), r.trimmed()));
        return r.text().isEmpty() ? Optional.empty() : Optional.of(r.text());
    }

    /**
     * What a prompt recalls, best first, before the character budget: BM25 over the prompt's words and, once serve
     * has loaded the model, fused with the records closest in meaning and cut at the model's threshold.
     */
    List<SearchRow> promptRanking(Audience a, FtsQuery query, String prompt) {
        return promptRanking(a, query, prompt, null);
    }

    /** {@link #promptRanking(Audience, FtsQuery, String)} at another threshold (the evaluation sweeps it). */
    List<SearchRow> promptRanking(Audience a, FtsQuery query, String prompt, Float threshold) {
        return promptRanking(a, query, prompt, threshold, WordCoverage.MIN_SHARE);
    }

    /** ... and another bar for records found by words alone ({@link WordCoverage}; the evaluation sweeps it too). */
    List<SearchRow> promptRanking(Audience a, FtsQuery query, String fullPrompt, Float threshold, double minShare) {
        String prompt = PromptQuery.head(fullPrompt);
        Optional<Embedder> model = settings.semanticRecall() ? semantic.loaded() : Optional.empty();
        return promptRanking(a, query, prompt, threshold, minShare, model, embed(model, prompt));
    }

    /** The prompt's vector, computed on another core while the word queries run (serve has two; both take ~5-10 ms). */
    private static Optional<CompletableFuture<float[]>> embed(Optional<Embedder> model, String prompt) {
        return model.map(m -> CompletableFuture.supplyAsync(() -> m.embedQuery(prompt), EMBEDDER));
    }

    private List<SearchRow> promptRanking(Audience a, FtsQuery query, String prompt, Float threshold, double minShare,
            Optional<Embedder> model, Optional<CompletableFuture<float[]>> embedding) {
        String any = query.any();
        String all = query.terms().size() > 1 ? query.all() : null;
        return db.read(tx -> {
            RecallStore.InjectedRefs seen = recalls.injectedSince(tx, a.sessionId(), recalls.lastReset(tx, a.sessionId()));
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
            if (meaning.isEmpty()) {
                return covered(tx, query, byWords, bySubstring, row -> true, minShare);
            }
            float cut = threshold != null ? threshold : model.get().threshold();
            SemanticIndex.Scores scores = semantic.scores(model.get(), a.project(), meaning.get());
            List<SearchRow> byMeaning = new ArrayList<>();
            for (String kind : List.of("memory", "summary")) {
                List<Long> ids = scores.top(SEMANTIC_CANDIDATES).stream()
                        .filter(h -> h.kind().equals(kind) && h.similarity() >= cut).map(SemanticIndex.Hit::id)
                        .filter(id -> !("memory".equals(kind) ? seen.memoryIds() : seen.summaryIds()).contains(id)).toList();
                byMeaning.addAll(search.byIds(tx, kind, ids, a.project(), a.sessionId()));
            }
            byMeaning.sort(Comparator.comparingDouble(r -> -scores.of(r.kind(), r.id()).orElse(0f)));
            // a model blind to the prompt's script can neither veto its word matches nor add records: its neighbours
            // of a CJK prompt are noise (now that CJK prompts are recalled, the substring index finds their words)
            if (!model.get().understands(prompt)) {
                return covered(tx, query, byWords, bySubstring, row -> true, minShare).stream().limit(PROMPT_HITS).toList();
            }
            // a record with a vector is judged by its meaning; one written since the embed job last ran, by its words
            byWords = covered(tx, query, byWords, bySubstring, row -> scores.of(row.kind(), row.id()).isEmpty(), minShare);
            return HybridRanking.fuse(byWords, byMeaning, row -> scores.of(row.kind(), row.id()), cut, PROMPT_HITS);
        });
    }


    /**
     * The code chunks a prompt brings: those its words find (CodeRecall), then, through serve with code vectors, those
     * closest in meaning above the model's bar for code, up to {@link #CODE_HITS}.
     */
    private List<CodeHit> code(Audience a, FtsQuery query, String prompt, Optional<Embedder> model,
            Optional<CompletableFuture<float[]>> embedding) {
        List<CodeHit> byWords = CodeRecall.pick(db.read(tx -> code.candidates(tx, query.atLeastTwo(), a.project(),
                CodeRecall.CANDIDATES)), query, CODE_HITS);
        if (byWords.size() >= CODE_HITS || embedding.isEmpty() || !model.get().understands(prompt)) {
            return byWords;
        }
        Embedder m = model.get();
        SemanticIndex.Scores scores = semantic.codeScores(m, a.project(), embedding.get().join());
        Set<Long> shown = byWords.stream().map(CodeHit::id).collect(Collectors.toSet());
        List<Long> close = scores.top(CODE_HITS + shown.size()).stream()
                .filter(h -> h.similarity() >= m.codeThreshold() && !shown.contains(h.id())).map(SemanticIndex.Hit::id)
                .limit(CODE_HITS - byWords.size()).toList();
        if (close.isEmpty()) {
            return byWords;
        }
        List<CodeHit> out = new ArrayList<>(byWords);
        out.addAll(db.read(tx -> code.hits(tx, close, a.project())));
        return out;
    }

    /**
     * {@code ranked} without the records found by words alone that hold too little of the prompt
     * ({@link WordCoverage}), of those {@code judged} asks about: a substring match (an identifier, a CJK word) is
     * specific enough as it is.
     */
    private List<SearchRow> covered(Tx tx, FtsQuery query, List<SearchRow> ranked, List<SearchRow> bySubstring,
            Predicate<SearchRow> judged, double minShare) {
        Set<String> specific = bySubstring.stream().map(r -> r.kind() + ":" + r.id()).collect(Collectors.toSet());
        List<SearchRow> open = ranked.stream().filter(r -> !specific.contains(r.kind() + ":" + r.id()) && judged.test(r))
                .toList();
        if (open.isEmpty()) {
            return ranked;
        }
        // CJK words are the substring index's: the word index holds none of them, so they would only dilute the share
        List<String> words = query.terms().stream().filter(t -> t.codePoints().noneMatch(SubstringQuery::isCjk))
                .map(t -> new FtsQuery(List.of(t)).all()).toList();
        Set<String> thin = new HashSet<>();
        for (String kind : List.of("memory", "summary")) {
            List<Long> ids = open.stream().filter(r -> r.kind().equals(kind)).map(SearchRow::id).toList();
            if (!ids.isEmpty()) {
                TermDocs docs = search.termDocs(tx, kind, words, ids);
                ids.stream().filter(id -> WordCoverage.share(docs, words, id) < minShare)
                        .forEach(id -> thin.add(kind + ":" + id));
            }
        }
        return ranked.stream().filter(r -> !thin.contains(r.kind() + ":" + r.id())).toList();
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
                .sorted(Comparator.comparingDouble(SearchRow::score).thenComparing(SearchRow::date, Comparator.nullsLast(Comparator.reverseOrder())))
                .limit(PROMPT_HITS).toList();
    }

    /** The agent's context is about to be compacted: what it was shown is gone after this. */
    public void compaction(Audience a, String trigger) {
        record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "PreCompact", trigger, null, null, null, 0, 0, null,
                RecallStatus.COMPACTION.id()));
    }

    private void record(RecallEvent event) {
        Instant now = clock.instant();
        db.write(tx -> {
            recalls.insert(tx, event, now);
            return null;
        });
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
