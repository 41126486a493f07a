package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;
import dev.eaglemem.install.CompletionScripts;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Tab completion for eagle-mem, generated from the picocli command model so it never falls behind the commands:
 * bash by picocli's {@link AutoComplete} (zsh runs the same script through bashcompinit), fish by {@link FishCompletion}.
 */
final class Completions {

    static final List<String> SHELLS = List.of("bash", "zsh", "fish");

    /** For picocli: what completes the SHELL parameter, and what the help lists. */
    static final class ShellNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SHELLS.iterator();
        }
    }

    private Completions() {
    }

    static CompletionScripts all(CommandLine root) {
        return new CompletionScripts(script("bash", root), script("zsh", root), script("fish", root));
    }

    static String script(String shell, CommandLine root) {
        String name = root.getCommandName();
        return switch (shell.toLowerCase(Locale.ROOT)) {
            case "bash" -> header("bash", name, List.of("eagle-mem install writes it to"
                    + " ~/.local/share/bash-completion/completions/" + name + ", where bash-completion loads it;",
                    "without bash-completion, add to ~/.bashrc: eval \"$(" + name + " completion bash)\""))
                    + withoutPicocliHeader(AutoComplete.bash(name, root));
            case "zsh" -> header("zsh", name, List.of("The bash script, run through zsh's bashcompinit. eagle-mem install writes",
                    "it to $EAGLE_MEM_DIR/completion/" + name + ".zsh; source that file from ~/.zshrc."))
                    + withoutPicocliHeader(AutoComplete.bash(name, root));
            case "fish" -> header("fish", name, List.of("eagle-mem install writes it to ~/.config/fish/completions/"
                    + name + ".fish, where fish loads it.")) + FishCompletion.script(root);
            default -> {
                List<String> near = Similar.to(shell, SHELLS);
                throw EagleException.invalidInput("eagle-mem completes bash, zsh or fish, not '" + shell + "'"
                        + Similar.hint(near), name + " completion " + (near.isEmpty() ? "bash" : near.getFirst()));
            }
        };
    }

    private static String header(String shell, String name, List<String> where) {
        StringBuilder out = new StringBuilder("# Tab completion of " + name + " for " + shell + ", generated from its commands"
                + " (picocli " + CommandLine.VERSION + ") by: " + name + " completion " + shell + "\n");
        where.forEach(line -> out.append("# ").append(line).append('\n'));
        return out.append('\n').toString();
    }

    /**
     * picocli's own header explains an installation that is not ours (~/.bash_profile, bash-completion.d); only its
     * references stay, which the script's comments cite by number.
     */
    private static String withoutPicocliHeader(String script) {
        List<String> lines = script.lines().toList();
        int body = 0;
        while (body < lines.size() && lines.get(body).startsWith("#")) {
            body++;
        }
        int references = lines.subList(0, body).indexOf("# References");
        List<String> kept = new ArrayList<>(references < 0 ? List.of() : lines.subList(references, body));
        kept.addAll(lines.subList(body, lines.size()));
        return String.join("\n", kept).strip() + "\n";
    }
}
