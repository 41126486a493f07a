package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.curate.CurateReport;
import dev.eaglemem.curate.CurateService;
import dev.eaglemem.curate.Decision;
import dev.eaglemem.curate.ProposalKind;
import dev.eaglemem.curate.Proposals;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.StateId;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.ProposalRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "curate", header = "Learn from history: hints now, proposals to accept.",
        description = "Computes co-edit pairs and hot files (no model), then asks the configured model (eagle-mem llm init)"
                + " for proposals: gotchas to promote to guard rules, superseded decisions, near-duplicate memories to"
                + " merge, command rules for noisy shell commands, features. Nothing changes until you accept a proposal;"
                + " an accepted one can be undone. --dry-run stores nothing and calls no model.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem curate --dry-run", "  eagle-mem curate proposals",
                "  eagle-mem curate accept 4 7", "  eagle-mem curate undo 4" })
public class CurateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @Option(names = "--dry-run", description = "Compute and print; store nothing and call no model (says what it would ask).")
    boolean dryRun;

    private final CurateService curate;
    private final Proposals proposals;
    private final CurrentContext context;

    public CurateCommand(CurateService curate, Proposals proposals, CurrentContext context) {
        this.curate = curate;
        this.proposals = proposals;
        this.context = context;
    }

    @Override
    public Integer call() {
        CurateReport report = curate.run(context.requireProject(project.key), dryRun, null);
        if (output.json) {
            Console.json(spec, report);
        } else {
            CurateRender.report(Console.out(spec), report);
        }
        return 0;
    }

    @Command(name = "proposals", aliases = "list", header = "List the curator's proposals (default: open ones).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem curate proposals",
                    "  eagle-mem curate proposals --status all --kind supersede --json" })
    int list(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "50", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit,
            @Option(names = "--status", paramLabel = "STATUS", defaultValue = "proposed",
                    description = "proposed (default), accepted, rejected, reverted or all.") String status,
            @Option(names = "--kind", paramLabel = "KIND", description = "promote_gotcha, supersede, consolidate, command_rule"
                    + " or feature.") String kind) {
        String key = context.requireProject(p.key);
        List<ProposalRow> rows = proposals.list(key, status(status), kind(kind), limit);
        if (out.json) {
            Console.json(spec, new ProposalList(key, rows));
        } else {
            CurateRender.proposals(Console.out(spec), key, rows);
        }
        return 0;
    }

    @Command(name = "accept", header = "Accept proposals and make their changes.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem curate accept 4", "  eagle-mem curate accept 4 7 --json" })
    int accept(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "ID", arity = "1..*",
                    description = "Proposal ids (curate proposals shows them).") List<Long> ids) {
        return decisions(out, proposals.accept(context.requireProject(p.key), ids, null));
    }

    @Command(name = "reject", header = "Reject proposals; they are never proposed again.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem curate reject 5", "  eagle-mem curate reject 5 6 --json" })
    int reject(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "ID", arity = "1..*", description = "Proposal ids.") List<Long> ids) {
        return decisions(out, proposals.reject(context.requireProject(p.key), ids));
    }

    @Command(name = "undo", header = "Reverse an accepted proposal.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem curate undo 4", "  eagle-mem curate undo 4 --json" })
    int undo(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "ID", description = "An accepted proposal's id.") long id) {
        return decisions(out, List.of(proposals.undo(context.requireProject(p.key), id)));
    }

    private int decisions(OutputMixin out, List<Decision> done) {
        if (out.json) {
            Console.json(spec, new CurateDecisions(done));
        } else {
            done.forEach(d -> Console.out(spec).println("Proposal " + d.proposal().id() + " (" + d.proposal().kind() + ") "
                    + d.proposal().status() + ": " + d.done() + "."));
        }
        return 0;
    }

    static String status(String status) {
        List<String> known = List.of("proposed", "accepted", "rejected", "reverted");
        if (status.equals("all")) {
            return null;
        }
        if (!known.contains(status)) {
            throw EagleException.invalidInput("--status must be one of proposed, accepted, rejected, reverted, all; got '"
                    + status + "'", "eagle-mem curate proposals --status all");
        }
        return status;
    }

    static ProposalKind kind(String kind) {
        return kind == null ? null : StateId.find(ProposalKind.values(), kind).orElseThrow(() -> EagleException.invalidInput(
                "--kind must be one of promote_gotcha, supersede, consolidate, command_rule, feature; got '" + kind + "'",
                "eagle-mem curate proposals --kind supersede"));
    }
}
