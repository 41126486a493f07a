package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.curate.Decision;
import dev.eaglemem.curate.ProposalKind;
import dev.eaglemem.curate.Proposals;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.store.ProposalRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "suggest", header = "Features the curator suggests; --accept ID adds one.",
        description = "The suggestions are curate's open feature proposals (eagle-mem curate makes them). Accepting one"
                + " registers the feature with its files; eagle-mem curate undo ID archives it again.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem feature suggest", "  eagle-mem feature suggest --accept 7",
                "  eagle-mem feature suggest --json" })
public class FeatureSuggestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--accept", paramLabel = "ID", description = "Create the suggested feature with its files.")
    Long accept;

    private final Proposals proposals;
    private final CurrentContext context;

    public FeatureSuggestCommand(Proposals proposals, CurrentContext context) {
        this.proposals = proposals;
        this.context = context;
    }

    @Override
    public Integer call() {
        String key = context.requireProject(null);
        if (accept != null) {
            Decision d = proposals.accept(key, List.of(accept), ProposalKind.FEATURE).getFirst();
            if (output.json) {
                Console.json(spec, new SuggestionAccepted(d));
            } else {
                Console.out(spec).println("Proposal " + accept + " accepted: " + d.done() + " (undo: eagle-mem curate undo "
                        + accept + ").");
            }
            return 0;
        }
        List<ProposalRow> rows = proposals.list(key, "proposed", ProposalKind.FEATURE, 50);
        if (output.json) {
            Console.json(spec, new FeatureSuggestions(key, rows));
        } else if (rows.isEmpty()) {
            Console.out(spec).println("No feature suggestions in " + key + ". eagle-mem curate makes them from files edited"
                    + " together.");
        } else {
            CurateRender.proposals(Console.out(spec), key, rows);
            Console.out(spec).println("Create one with: eagle-mem feature suggest --accept ID");
        }
        return 0;
    }
}
