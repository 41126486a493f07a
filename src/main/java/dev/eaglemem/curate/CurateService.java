package dev.eaglemem.curate;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.llm.Llm;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.NewProposal;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.ProposalRow;

/**
 * A curate run for one project: the co-edit and hot-file hints (pure SQL, always), then each model step
 * ({@link CurateSteps}): ask, read the answer, store what it proposes. Nothing a model says changes a memory, a rule
 * or a feature here; that is {@link Proposals#accept}. A dry run writes nothing and sends nothing: it reports the
 * hints it computed and, per step, what it would ask.
 *
 * <p>{@link dev.eaglemem.llm.LlmDeferred} (the day's budget is spent) is not caught: the job engine defers the whole
 * run. A step whose provider fails is reported and the others still run.
 */
@ApplicationScoped
public class CurateService {

    static final String PURPOSE = "curate";

    private final Db db;
    private final FileHints hints;
    private final CurateSteps steps;
    private final CurationStore curation;
    private final ProjectStore projects;
    private final EventStore events;
    private final Llm llm;
    private final Clock clock;

    public CurateService(Db db, FileHints hints, CurateSteps steps, CurationStore curation, ProjectStore projects,
            EventStore events, Llm llm, Clock clock) {
        this.db = db;
        this.hints = hints;
        this.steps = steps;
        this.curation = curation;
        this.projects = projects;
        this.events = events;
        this.llm = llm;
        this.clock = clock;
    }

    public CurateReport run(String project, boolean dryRun, Long jobId) {
        FileHints.Computed computed = hints.compute(project, !dryRun);
        boolean configured = llm.configured();
        List<StepReport> reports = new ArrayList<>();
        List<ProposalRow> added = new ArrayList<>();
        for (CurateSteps.Plan plan : steps.plans(project, computed.coEdits())) {
            Ask ask = plan.ask();
            if (ask == null) {
                reports.add(report(plan.kind(), StepStatus.NOTHING_TO_ASK, plan.skipped(), 0));
            } else if (dryRun) {
                reports.add(new StepReport(ask.kind(), StepStatus.WOULD_ASK, "would ask the model about " + ask.what()
                        + " (" + ask.prompt().length() + " characters, at most " + ask.maxTokens() + " tokens back)",
                        ask.prompt().length(), List.of(), 0, null, 0, 0, ask.prompt()));
            } else if (!configured) {
                reports.add(report(ask.kind(), StepStatus.NO_PROVIDER, "skipped: no model provider is configured "
                        + "(eagle-mem llm init)", ask.prompt().length()));
            } else {
                reports.add(ask(project, jobId, ask, added));
            }
        }
        if (!dryRun) {
            db.write(tx -> {
                events.append(tx, project, null, null, "curate", "ok", Map.of("proposals", added.size(),
                        "co_edit_pairs", computed.coEdits().size(), "hot_files", computed.hotFiles().size(),
                        "job_id", jobId == null ? 0 : jobId), clock.instant());
                return null;
            });
        }
        return new CurateReport(project, dryRun, configured, jobId, computed.coEdits(), computed.hotFiles(), !dryRun,
                reports, added);
    }

    private StepReport ask(String project, Long jobId, Ask ask, List<ProposalRow> added) {
        LlmReply reply;
        try {
            reply = llm.complete(new LlmRequest(PURPOSE, jobId, project, ask.system(), ask.prompt(), ask.maxTokens(), true));
        } catch (LlmFailure e) {
            return report(ask.kind(), StepStatus.FAILED, "no provider answered: " + e.getMessage(), ask.prompt().length());
        }
        Optional<JsonNode> json = ModelAnswer.json(reply.text());
        if (json.isEmpty()) {
            return new StepReport(ask.kind(), StepStatus.MALFORMED, "the answer held no JSON; nothing proposed ("
                    + Snippets.oneLine(reply.text(), 80) + ")", ask.prompt().length(), List.of(), 0, reply.model(),
                    reply.inputTokens(), reply.outputTokens(), null);
        }
        List<Draft> drafts = ask.reader().apply(json.get());
        List<Long> ids = new ArrayList<>();
        int known = db.write(tx -> {
            Instant now = clock.instant();
            projects.touch(tx, project, null, now);
            int again = 0;
            for (Draft d : drafts) {
                Optional<Long> id = curation.propose(tx, new NewProposal(project, d.kind().id(), d.fingerprint(), d.payload(),
                        d.summary(), d.evidence(), jobId), now);
                if (id.isPresent()) {
                    ids.add(id.get());
                    added.add(curation.proposal(tx, id.get()).orElseThrow());
                } else {
                    again++;
                }
            }
            return again;
        });
        return new StepReport(ask.kind(), StepStatus.ASKED, "asked about " + ask.what() + ": " + drafts.size()
                + " usable item" + (drafts.size() == 1 ? "" : "s"), ask.prompt().length(), ids, known, reply.model(),
                reply.inputTokens(), reply.outputTokens(), null);
    }

    private static StepReport report(ProposalKind kind, StepStatus status, String detail, int chars) {
        return new StepReport(kind, status, detail, chars, List.of(), 0, null, 0, 0, null);
    }
}
