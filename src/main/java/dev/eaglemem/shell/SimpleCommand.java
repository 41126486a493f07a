package dev.eaglemem.shell;

import java.util.List;

/**
 * One command the shell would run, after quote removal, with leading {@code VAR=value} assignments and
 * wrappers ({@code env}, {@code sudo}, {@code nohup}, {@code timeout 5}, …) moved into {@code prefix}.
 *
 * @param words the command name and its arguments, e.g. {@code [git, -C, app, push]}; never empty
 * @param prefix what was stripped in front of it, in order (assignments and wrapper words)
 * @param nested true when it only runs inside another command's text: {@code $(…)}, backticks,
 *        {@code bash -c '…'}, {@code eval "…"} or a here-document fed to a shell
 * @param outputCaptured true when its standard output does not reach the terminal: piped into another
 *        command, redirected to a file, or substituted into a word
 */
public record SimpleCommand(List<String> words, List<String> prefix, boolean nested, boolean outputCaptured) {

    public SimpleCommand {
        words = List.copyOf(words);
        prefix = List.copyOf(prefix);
        if (words.isEmpty()) {
            throw new IllegalArgumentException("a simple command has at least a name");
        }
    }

    /** The command name without its directory: {@code /usr/bin/git} and {@code ./mvnw} give {@code git} and {@code mvnw}. */
    public String name() {
        return baseName(words.getFirst());
    }

    /** The arguments after the command name. */
    public List<String> args() {
        return words.subList(1, words.size());
    }

    static String baseName(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 ? word : word.substring(slash + 1);
    }
}
