package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.llm.Llm;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;

/**
 * Asks the configured model provider for each memory's search cues ({@link CuePrompt}), newest memory first, one
 * memory per call, outside any transaction; the embed job then embeds them. A run stops after {@link #PER_RUN}
 * memories or {@link #RUN_BUDGET} and queues the next, so a first run over years of memories never holds a job slot
 * for long, and the cost governor sees every call: a spent day's budget defers the job (LlmDeferred, visible in
 * {@code jobs list}); a provider that is down fails it for a retry. An unusable answer is stored as no cues, so the
 * model is not asked again about that text of the memory; the run's result says how many.
 */
@ApplicationScoped
public class CueMemoriesJob implements JobKind {

    public static final String KIND = "cue-memories";
    public static final String DEDUPE_KEY = KIND;
    static final int PER_RUN = 20;
    static final Duration RUN_BUDGET = Duration.ofSeconds(120);

    private final Db db;
    private final CueStore cues;
    private final Llm llm;
    private final Redactor redactor;
    private final Settings settings;
    private final JobQueue queue;
    private final Clock clock;
    private final AtomicBoolean running = new AtomicBoolean();

    public CueMemoriesJob(Db db, CueStore cues, Llm llm, Redactor redactor, Settings settings, JobQueue queue, Clock clock) {
        this.db = db;
        this.cues = cues;
        this.llm = llm;
        this.redactor = redactor;
        this.settings = settings;
        this.queue = queue;
        this.clock = clock;
    }

    @Override
    public String name() {
        return KIND;
    }

    /** Whether this job has anything to do here: a provider, cues switched on and a memory without them. */
    public boolean wanted() {
        return llm.configured() && settings.memoryCues() && settings.semanticRecall()
                && !db.read(tx -> cues.uncued(tx, 1)).isEmpty();
    }

    @Override
    public String run(JobRow job) {
        if (!llm.configured()) {
            return "no model provider is configured (eagle-mem llm init); no cues written";
        }
        if (!settings.memoryCues() || !settings.semanticRecall()) {
            return "recall.cues or recall.semantic is off; no cues written";
        }
        // two runs at once would ask about the same memories twice: the second leaves the work to the first
        if (!running.compareAndSet(false, true)) {
            return "another cue-memories run is in progress in this process";
        }
        try {
            return cuePending(job);
        } finally {
            running.set(false);
        }
    }

    private String cuePending(JobRow job) {
        long deadline = System.nanoTime() + RUN_BUDGET.toNanos();
        int written = 0;
        int unusable = 0;
        long tokens = 0;
        String lastProblem = null;
        List<CueStore.Uncued> batch = db.read(tx -> cues.uncued(tx, PER_RUN));
        for (CueStore.Uncued m : batch) {
            if (System.nanoTime() > deadline) {
                break;
            }
            LlmReply reply;
            try {
                reply = llm.complete(new LlmRequest(KIND, job.id(), m.project(), CuePrompt.SYSTEM, CuePrompt.build(m),
                        CuePrompt.MAX_TOKENS, true, CuePrompt.JSON_SCHEMA));
            } catch (LlmFailure e) {
                if (e.retryable() || written + unusable == 0) {
                    throw e; // retried with back-off; what this run stored stays
                }
                return summary(written, unusable, tokens, lastProblem) + "; stopped: " + e.getMessage();
            }
            tokens += reply.inputTokens() + reply.outputTokens();
            CuePrompt.Parsed parsed = CuePrompt.parse(reply.text());
            // the model read redacted text, but what it writes is stored: it passes the same redaction as a memory
            List<String> kept = parsed.cues().stream().map(redactor::redact).toList();
            boolean saved = db.write(tx -> cues.save(tx, m.memoryId(), m.sourceAt(), kept, job.id(), reply.provider(),
                    reply.model(), clock.instant()));
            if (!parsed.ok()) {
                unusable++;
                lastProblem = "mem-" + m.memoryId() + ": " + parsed.problem();
            } else if (saved) {
                written++;
            }
        }
        String result = summary(written, unusable, tokens, lastProblem);
        if (batch.size() == PER_RUN || written + unusable < batch.size()) {
            queue.cueMemories();
            return result + "; more memories wait, queued another run";
        }
        return result;
    }

    private static String summary(int written, int unusable, long tokens, String lastProblem) {
        return "wrote search cues for " + written + " memor" + (written == 1 ? "y" : "ies") + " (" + tokens + " tokens)"
                + (unusable == 0 ? "" : "; " + unusable + " unusable answer" + (unusable == 1 ? "" : "s")
                        + ", stored as no cues (last: " + lastProblem + ")");
    }
}
