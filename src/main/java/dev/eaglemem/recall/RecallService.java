package dev.eaglemem.recall;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.checkpoint.CheckpointService;
import dev.eaglemem.checkpoint.OpenTask;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.format.Hashes;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.RecallEvent;
import dev.eaglemem.store.RecallScore;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.store.Tx;

/**
 * What the agent is told: the SessionStart recall (overview, decisions and gotchas, recent sessions,
 * open tasks, and the working set after a compaction) and the per-prompt recall. Every injection is
 * recorded in recall_events, which is also how a session avoids being told the same thing twice.
 */
@ApplicationScoped
public class RecallService {

    /**
     * Who is asking: the session, its project and agent, whether the agent wants compact output, and the working tree it
     * is in (what records are checked against; null: the project's own).
     */
    public record Audience(String sessionId, String project, String agent, boolean compact, Path tree) {

        public Audience(String sessionId, String project, String agent, boolean compact) {
            this(sessionId, project, agent, compact, null);
        }
    }

    private static final int MEMORIES_PER_KIND = 8;
    private static final int SUMMARY_ROWS = 5;
    /** Code chunks a prompt may bring, after the records (a memory that answers the prompt wins the budget). */
    static final int CODE_HITS = 2;
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
    private final PromptCandidates candidates;
    private final CodeStore code;
    private final Settings settings;
    private final Clock clock;
    private final SemanticIndex semantic;
    private final AnchorService anchors;
    private final CheckpointService checkpoints;

    private final TeamStore teams;

    @Inject
    public RecallService(Db db, StatsStore stats, OverviewStore overviews, MemoryStore memories, SummaryStore summaries,
            ObservationStore observations, RecallStore recalls, SearchStore search, CodeStore code, Settings settings,
            Clock clock, SemanticIndex semantic, AnchorService anchors, CheckpointService checkpoints, TeamStore teams) {
        this.teams = teams;
        this.anchors = anchors;
        this.checkpoints = checkpoints;
        this.semantic = semantic;
        this.db = db;
        this.stats = stats;
        this.overviews = overviews;
        this.memories = memories;
        this.summaries = summaries;
        this.observations = observations;
        this.recalls = recalls;
        this.candidates = new PromptCandidates(search, memories, summaries, observations, semantic, clock);
        this.code = code;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * The SessionStart context; empty when this session was already told exactly this (a resume with
     * nothing new). After a compaction or clear it is always injected again, led by the "where you were" block (open
     * tasks and the checkpoint, within its own budget); any other start lists the open tasks within the recall's.
     */
    public Optional<String> sessionStart(Audience a, String source) {
        return sessionStart(a, source, false);
    }

    /**
     * The startup recall even when this session's SessionStart hook already computed exactly this: for an agent that
     * does not show what that hook printed (Grok Build), asked for by the agent itself (eagle-mem grok-bootstrap).
     */
    public Optional<String> sessionStartUnshown(Audience a) {
        return sessionStart(a, "startup", true);
    }

    private Optional<String> sessionStart(Audience a, String source, boolean unshown) {
        record Read(SessionStartRenderer.View view, Optional<String> lastHash) {
        }
        boolean reset = SessionStartRenderer.isReset(source);
        List<OpenTask> open = reset ? List.of() : checkpoints.openTasks(a.project());
        Read read = db.read(tx -> {
            String since = recalls.lastReset(tx, a.sessionId());
            return new Read(view(tx, a, source).withTasks(open, clock.instant()),
                    recalls.lastSessionStartHash(tx, a.sessionId(), since));
        });
        var style = a.compact() ? SessionStartRenderer.Style.COMPACT : SessionStartRenderer.Style.RICH;
        SessionStartRenderer.Rendered recalled = SessionStartRenderer.render(checked(read.view(), a), style,
                settings.sessionStartChars());
        // after a reset the "where you were" block carries the active lanes; otherwise they lead the recall
        SessionStartRenderer.Rendered rendered = reset
                ? checkpoints.whereYouWere(a.project(), a.sessionId(), a.agent(), source).map(recalled::after)
                        .orElse(recalled)
                : checkpoints.lanes(a.project()).map(recalled::after).orElse(recalled);
        // a database that was deleted, replaced or cannot take writes is said first, in one line: the agent's user
        // would otherwise learn of it only from eagle-mem.log
        SessionStartRenderer.Rendered r = db.condition().notice().map(rendered::withNotice).orElse(rendered);
        String hash = Hashes.sha256Hex(r.text());
        boolean unchanged = !unshown && !SessionStartRenderer.isReset(source)
                && read.lastHash().filter(hash::equals).isPresent();
        RecallStatus status = unchanged ? RecallStatus.UNCHANGED : read.view().empty() && rendered == recalled
                ? RecallStatus.EMPTY
                : RecallStatus.INJECTED;
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
                code.status(tx, a.project()).orElse(null))
                .withOrigins(teams.memoryOrigins(tx, rows.stream().map(MemoryRow::id).toList()));
    }

    /**
     * The view with each record's state against the code (outside the read: a check may store what git said): a memory
     * about code that is gone is not said at the start (the stale listing and search still show it).
     */
    private SessionStartRenderer.View checked(SessionStartRenderer.View v, Audience a) {
        Map<String, Freshness> states = Staleness.of(anchors, a.project(), a.tree(), Stream.concat(
                v.memoryRows().stream().map(m -> new SearchRow("memory", m.id(), null, null, null, 0, null, null)),
                v.summaries().stream().map(r -> new SearchRow("summary", r.id(), null, null, null, 0, null, null))).toList());
        if (states.isEmpty()) {
            return v;
        }
        List<MemoryRow> rows = v.memoryRows().stream().filter(m -> !gone(states, "memory:" + m.id())).toList();
        return new SessionStartRenderer.View(v.project(), v.sessionId(), v.source(), v.sessions(), v.memories(), v.lastWork(),
                v.overview(), rows, v.summaries(), v.workingSet(), v.command(), v.times(), v.otherRanking(), v.codeIndex(),
                states, v.tasks(), v.now(), v.origins());
    }

    private static boolean gone(Map<String, Freshness> states, String key) {
        Freshness f = states.get(key);
        return f != null && f.state() == AnchorState.GONE;
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
        // what recall reads of a long prompt: bounded, whatever its size; of one that says little, also the agent's last
        // message ("why does that keep happening?" is about what the agent just said)
        String prompt = withContext(a, PromptQuery.head(fullPrompt));
        Optional<FtsQuery> query = PromptQuery.of(prompt);
        if (query.isEmpty()) {
            RecallStatus status = PromptQuery.isShort(prompt) ? RecallStatus.SKIPPED_SHORT_PROMPT : RecallStatus.SKIPPED_NO_QUERY;
            record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "UserPromptSubmit", null, null, null, null, 0, 0,
                    null, status.id()));
            return Optional.empty();
        }
        Optional<Embedder> model = settings.semanticRecall() ? semantic.loaded() : Optional.empty();
        Optional<CompletableFuture<float[]>> embedding = embed(model, prompt);
        RecallJudge.Judgement judged = judgement(a, query.get(), prompt, RecallJudge.BAR, model, embedding);
        Map<String, Freshness> states = Staleness.of(anchors, a.project(), a.tree(), judged.rows());
        List<SearchRow> ranked = Staleness.order(judged.injected(), states);
        List<CodeHit> code = code(a, query.get(), prompt, model, embedding);
        List<Long> memoryIds = ranked.stream().filter(h -> "memory".equals(h.kind())).map(SearchRow::id).toList();
        Map<Long, String> origins = memoryIds.isEmpty() ? Map.of() : db.read(tx -> teams.memoryOrigins(tx, memoryIds));
        PromptRecall.Rendered r = PromptRecall.render(ranked, code, a.compact(),
                settings.promptChars(), settings.times(), states, origins);
        RecallStatus status = r.text().isEmpty() ? RecallStatus.NO_MATCH : RecallStatus.INJECTED;
        record(new RecallEvent(a.sessionId(), a.project(), a.agent(), "UserPromptSubmit", null,
                String.join(" ", query.get().terms()), r.memoryIds(), r.summaryIds(), r.text().length(), 0, null,
                status.id(), r.codeIds(), r.trimmed(), scores(judged)));
        return r.text().isEmpty() ? Optional.empty() : Optional.of(r.text());
    }

    /** How much of the agent's last message a prompt that says little is read with. */
    static final int CONTEXT_CHARS = 400;

    /**
     * A prompt of a few words that names nothing (fewer than {@value PromptQuery#FEW_TERMS} content words) read together
     * with the head of the agent's last message in this session; any other prompt as it is.
     */
    String withContext(Audience a, String prompt) {
        if (PromptQuery.isShort(prompt) || !PromptQuery.saysLittle(prompt)) {
            return prompt;
        }
        List<String> last = db.read(tx -> observations.lastTurnMessages(tx, a.sessionId(), 1));
        return last.isEmpty() ? prompt : prompt + "\n" + Snippets.oneLine(last.getFirst(), CONTEXT_CHARS);
    }

    /** Near misses kept for inspect: the closest records left out, next to the injected ones. */
    private static final int NEAR_MISSES = 3;

    /** What inspect recall shows of a judgement: every injected record and the closest ones left out. */
    static List<RecallScore> scores(RecallJudge.Judgement judged) {
        return Stream.concat(judged.injected().stream(), judged.rejected().stream().limit(NEAR_MISSES))
                .map(v -> new RecallScore(v.candidate().ref(), Snippets.oneLine(v.candidate().row().title(), 80), v.score(),
                        v.candidate().similarity(), v.candidate().share(), v.candidate().substring(),
                        v.candidate().anchored(), v.injected(), v.reason()))
                .toList();
    }

    /**
     * What a prompt recalls, best first, before the character budget: the records its words find (BM25, identifiers,
     * CJK words) and, once serve has loaded the model, those closest in meaning, each judged by {@link RecallJudge}.
     */
    List<SearchRow> promptRanking(Audience a, FtsQuery query, String prompt) {
        return promptRanking(a, query, prompt, RecallJudge.BAR);
    }

    /** {@link #promptRanking(Audience, FtsQuery, String)} at another bar (the evaluation sweeps it). */
    List<SearchRow> promptRanking(Audience a, FtsQuery query, String fullPrompt, double bar) {
        return judgement(a, query, fullPrompt, bar).rows();
    }

    /** Every record considered for a prompt, injected or not, with its score (the evaluation and inspect read it). */
    RecallJudge.Judgement judgement(Audience a, FtsQuery query, String fullPrompt, double bar) {
        String prompt = PromptQuery.head(fullPrompt);
        Optional<Embedder> model = settings.semanticRecall() ? semantic.loaded() : Optional.empty();
        return judgement(a, query, prompt, bar, model, embed(model, prompt));
    }

    /** The prompt's vector, computed on another core while the word queries run (serve has two; both take ~5-10 ms). */
    private static Optional<CompletableFuture<float[]>> embed(Optional<Embedder> model, String prompt) {
        return model.map(m -> CompletableFuture.supplyAsync(() -> m.embedQuery(prompt), EMBEDDER));
    }

    private RecallJudge.Judgement judgement(Audience a, FtsQuery query, String prompt, double bar,
            Optional<Embedder> model, Optional<CompletableFuture<float[]>> embedding) {
        return RecallJudge.judge(db.read(tx -> {
            RecallStore.InjectedRefs seen = recalls.injectedSince(tx, a.sessionId(), recalls.lastReset(tx, a.sessionId()));
            return candidates.collect(tx, a, query, prompt, seen, model, embedding);
        }), bar);
    }

    /**
     * The code chunks a prompt brings: those its words find (CodeRecall), then, through serve with code vectors, the best
     * chunk of each file closest in meaning above the model's bar for code files, up to {@link #CODE_HITS}; the file
     * closest in meaning takes the words' last place when they filled them all ({@link CodeRecall#shown}).
     */
    private List<CodeHit> code(Audience a, FtsQuery query, String prompt, Optional<Embedder> model,
            Optional<CompletableFuture<float[]>> embedding) {
        List<CodeHit> byWords = CodeRecall.pick(db.read(tx -> code.candidates(tx, query.atLeastTwo(), a.project(),
                CodeRecall.CANDIDATES)), query, CODE_HITS);
        if (embedding.isEmpty() || !model.get().understands(prompt)) {
            return byWords;
        }
        Embedder m = model.get();
        float[] vector = embedding.get().join();
        SemanticIndex.Scores chunks = semantic.codeScores(m, a.project(), vector);
        SemanticIndex.Scores files = semantic.codeFileScores(m, a.project(), vector);
        return CodeRecall.shown(byWords,
                (shown, places) -> db.read(tx -> CodeRecall.byMeaning(tx, code, a.project(), chunks, files, m, shown, places)),
                CODE_HITS);
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
}
