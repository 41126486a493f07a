package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * How every command's help reads. The annotations carry the words: a one-line {@code header} (what the parent's
 * command list shows), the description as whole paragraphs, and {@code footer} = the examples. This puts the
 * sections in reading order: examples before the exit-code table the root gives every command.
 */
final class HelpLayout {

    /** The footer heading of every command: its footer lines are runnable examples (a test parses each one). */
    static final String EXAMPLES = "%nExamples:%n";

    private HelpLayout() {
    }

    static CommandLine apply(CommandLine root) {
        List<String> keys = new ArrayList<>(root.getHelpSectionKeys());
        List<String> exitCodes = List.of(UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING,
                UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST);
        keys.removeAll(exitCodes);
        keys.addAll(keys.indexOf(UsageMessageSpec.SECTION_KEY_FOOTER) + 1, exitCodes);
        withoutInheritedDescription(root, List.of(root.getCommandSpec().usageMessage().description()));
        return root.setHelpSectionKeys(keys);
    }

    /**
     * The root's attributes are inherited ({@code scope = INHERIT}) so that every command shares its exit codes; its
     * description about the data directory must not be: a command without a description of its own has none, rather
     * than one about something else.
     */
    private static void withoutInheritedDescription(CommandLine command, List<String> rootDescription) {
        for (CommandLine sub : command.getSubcommands().values()) {
            UsageMessageSpec usage = sub.getCommandSpec().usageMessage();
            if (List.of(usage.description()).equals(rootDescription)) {
                usage.description(new String[0]);
            }
            withoutInheritedDescription(sub, rootDescription);
        }
    }
}
