package dev.eaglemem.tokenguard;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.shell.SimpleCommand;

/**
 * The patterns of learned command rules: words a simple command starts with ({@code mvn test} matches
 * {@code mvn test -pl core}, not {@code mvn -q test}); the command's name is compared without its directory.
 */
public final class CommandPattern {

    private static final Pattern SUBCOMMAND = Pattern.compile("[a-z][a-z0-9:_-]{0,39}");

    private CommandPattern() {
    }

    /** The pattern's words, or empty when it is not usable (blank, or under 2 letters or digits). */
    public static Optional<List<String>> words(String pattern) {
        if (pattern == null || pattern.codePoints().filter(Character::isLetterOrDigit).count() < 2) {
            return Optional.empty();
        }
        List<String> words = Arrays.stream(pattern.strip().split("\\s+")).toList();
        return words.isEmpty() || words.getFirst().contains("/") ? Optional.empty() : Optional.of(words);
    }

    public static boolean matches(SimpleCommand command, List<String> pattern) {
        if (command.words().size() < pattern.size() || !command.name().equals(pattern.getFirst())) {
            return false;
        }
        return command.words().subList(1, pattern.size()).equals(pattern.subList(1, pattern.size()));
    }

    /** Whether any simple command of the line matches the pattern. */
    public static boolean matches(String commandLine, String pattern) {
        Optional<List<String>> words = words(pattern);
        return words.isPresent() && ShellWords.parse(commandLine).commands().stream().anyMatch(c -> matches(c, words.get()));
    }

    /** What a command is grouped by: its name, and its subcommand when the first argument is one ({@code git log}). */
    public static String base(SimpleCommand command) {
        List<String> args = command.args();
        return !args.isEmpty() && SUBCOMMAND.matcher(args.getFirst()).matches() ? command.name() + " " + args.getFirst()
                : command.name();
    }
}
