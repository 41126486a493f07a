package dev.eaglemem.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Finds the command a simple command really runs: leading {@code VAR=value} assignments and wrappers
 * that only change how it runs ({@code env}, {@code sudo}, {@code command}, {@code exec}, {@code nohup},
 * {@code time}, {@code nice}, {@code timeout}) are moved into the prefix; text run by a shell
 * ({@code bash -c '…'}, {@code eval "…"}, {@code env -S '…'}, a here-document fed to {@code sh}) is parsed
 * as commands of its own. Option lists are those of GNU coreutils, sudo and bash; an unknown option of a
 * wrapper is skipped as a flag, which at worst takes the next word for the command.
 */
final class Wrappers {

    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\+?=.*", Pattern.DOTALL);
    private static final Set<String> SHELLS = Set.of("sh", "bash", "zsh", "dash", "ksh", "ash", "mksh");
    private static final Set<String> SUDO_VALUE_OPTIONS = Set.of("-u", "-g", "-p", "-C", "-D", "-r", "-t", "-U", "-T",
            "-h", "--user", "--group", "--prompt", "--close-from", "--chdir", "--role", "--type", "--other-user",
            "--command-timeout", "--host");
    private static final Set<String> SHELL_VALUE_OPTIONS = Set.of("-o", "+o", "-O", "+O", "--rcfile", "--init-file");

    private Wrappers() {
    }

    static List<SimpleCommand> unwrap(List<String> words, boolean captured, boolean nested, int depth,
            List<String> heredocs) {
        List<String> prefix = new ArrayList<>();
        int i = 0;
        while (i < words.size()) {
            String word = words.get(i);
            if (ASSIGNMENT.matcher(word).matches()) {
                prefix.add(word);
                i++;
                continue;
            }
            int next = switch (SimpleCommand.baseName(word)) {
                case "env" -> skipEnv(words, i + 1);
                case "sudo", "doas" -> skipOptions(words, i + 1, SUDO_VALUE_OPTIONS);
                case "nohup", "exec", "builtin" -> skipOptions(words, i + 1, Set.of("-a"));
                case "time" -> skipOptions(words, i + 1, Set.of());
                case "nice" -> skipOptions(words, i + 1, Set.of("-n", "--adjustment"));
                case "timeout" -> skipTimeout(words, i + 1);
                case "command" -> isLookup(words, i + 1) ? words.size() : skipOptions(words, i + 1, Set.of());
                default -> -1;
            };
            if (next < 0) {
                break;
            }
            if (SimpleCommand.baseName(word).equals("env")) {
                List<SimpleCommand> split = envSplitString(words, i + 1, captured, depth);
                if (split != null) {
                    return split;
                }
            }
            prefix.addAll(words.subList(i, Math.min(next, words.size())));
            i = next;
        }
        if (i >= words.size()) {
            return List.of();
        }
        List<String> command = words.subList(i, words.size());
        String name = SimpleCommand.baseName(command.getFirst());
        if (SHELLS.contains(name)) {
            List<SimpleCommand> inner = shell(command, heredocs, depth);
            if (inner != null) {
                return inner;
            }
        }
        if (name.equals("eval")) {
            return nestedCommands(String.join(" ", command.subList(1, command.size())), captured, depth);
        }
        return List.of(new SimpleCommand(command, prefix, nested, captured));
    }

    /** bash -c 'text' (also -lc, -ec, --login -c): the text's commands; a shell reading stdin runs its here-document. */
    private static List<SimpleCommand> shell(List<String> command, List<String> heredocs, int depth) {
        boolean dashC = false;
        for (int j = 1; j < command.size(); j++) {
            String arg = command.get(j);
            if (arg.equals("--")) {
                break;
            }
            if (SHELL_VALUE_OPTIONS.contains(arg)) {
                j++;
            } else if (arg.startsWith("--")) {
                continue;
            } else if (arg.length() > 1 && (arg.charAt(0) == '-' || arg.charAt(0) == '+')) {
                dashC |= arg.charAt(0) == '-' && arg.indexOf('c') > 0;
            } else if (dashC) {
                return nestedCommands(arg, false, depth);
            } else {
                return null; // a script file: what it runs is not on this line
            }
        }
        if (dashC || heredocs.isEmpty()) {
            return dashC ? List.of() : null;
        }
        List<SimpleCommand> inner = new ArrayList<>();
        heredocs.forEach(body -> inner.addAll(nestedCommands(body, false, depth)));
        return inner;
    }

    private static List<SimpleCommand> nestedCommands(String text, boolean captured, int depth) {
        return ShellWords.parseNested(text, depth + 1).stream()
                .map(c -> new SimpleCommand(c.words(), c.prefix(), true, captured || c.outputCaptured()))
                .toList();
    }

    /** {@code env -S 'git push'} splits its argument into the command line. */
    private static List<SimpleCommand> envSplitString(List<String> words, int from, boolean captured, int depth) {
        for (int j = from; j < words.size(); j++) {
            String arg = words.get(j);
            if (arg.equals("-S") || arg.equals("--split-string")) {
                List<String> rest = new ArrayList<>();
                if (j + 1 < words.size()) {
                    rest.add(words.get(j + 1));
                }
                rest.addAll(words.subList(Math.min(j + 2, words.size()), words.size()));
                return nestedCommands(String.join(" ", rest), captured, depth);
            }
            if (arg.startsWith("--split-string=") || (arg.startsWith("-S") && arg.length() > 2)) {
                String text = arg.startsWith("-S") ? arg.substring(2) : arg.substring("--split-string=".length());
                List<String> rest = new ArrayList<>(List.of(text));
                rest.addAll(words.subList(j + 1, words.size()));
                return nestedCommands(String.join(" ", rest), captured, depth);
            }
            if (!arg.startsWith("-") || ASSIGNMENT.matcher(arg).matches()) {
                return null;
            }
        }
        return null;
    }

    private static int skipEnv(List<String> words, int from) {
        int i = from;
        while (i < words.size()) {
            String arg = words.get(i);
            if (arg.equals("-u") || arg.equals("--unset") || arg.equals("-C") || arg.equals("--chdir")) {
                i += 2;
            } else if (arg.equals("--")) {
                return i + 1;
            } else if (arg.startsWith("-") || ASSIGNMENT.matcher(arg).matches()) {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    private static int skipOptions(List<String> words, int from, Set<String> valueOptions) {
        int i = from;
        while (i < words.size()) {
            String arg = words.get(i);
            if (arg.equals("--")) {
                return i + 1;
            }
            if (!arg.startsWith("-") || arg.equals("-")) {
                // sudo also accepts VAR=value before the command; nice accepts -N (digits) as a flag
                if (ASSIGNMENT.matcher(arg).matches()) {
                    i++;
                    continue;
                }
                return i;
            }
            i += valueOptions.contains(arg) ? 2 : 1;
        }
        return i;
    }

    /** timeout [options] DURATION command */
    private static int skipTimeout(List<String> words, int from) {
        int i = skipOptions(words, from, Set.of("-s", "-k", "--signal", "--kill-after"));
        return i + 1;
    }

    /** {@code command -v git} looks a command up instead of running it. */
    private static boolean isLookup(List<String> words, int from) {
        for (int j = from; j < words.size() && words.get(j).startsWith("-"); j++) {
            if (words.get(j).contains("v") || words.get(j).contains("V")) {
                return true;
            }
        }
        return false;
    }
}
