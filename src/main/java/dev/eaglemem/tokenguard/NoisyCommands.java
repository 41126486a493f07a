package dev.eaglemem.tokenguard;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import dev.eaglemem.shell.ReleaseBoundaries;
import dev.eaglemem.shell.SimpleCommand;

/**
 * Commands whose raw output tends to flood an agent's context, and the flags that make them compact
 * enough. A command whose output is piped or redirected is never noisy: what reaches the agent is what
 * the pipeline keeps. docs/guardrails.md "Token guard" lists the same table.
 */
final class NoisyCommands {

    private static final Pattern LOCK_OR_MINIFIED = Pattern.compile(
            "(^|.*/)(package-lock\\.json|npm-shrinkwrap\\.json|yarn\\.lock|pnpm-lock\\.yaml|bun\\.lockb?|Cargo\\.lock"
                    + "|poetry\\.lock|Pipfile\\.lock|uv\\.lock|Gemfile\\.lock|composer\\.lock|go\\.sum|gradle\\.lockfile"
                    + "|[^/]*\\.min\\.(js|css)|[^/]*\\.(js|css)\\.map|[^/]*\\.log)");
    private static final Pattern PATH_LIKE = Pattern.compile("(?!.*\\.\\.).*(/|\\.[A-Za-z0-9]{1,8}$).*");
    private static final Set<String> WHOLE_TREE = Set.of(".", "./", "/", "~", "~/", "$HOME", "..");

    private NoisyCommands() {
    }

    /** Why the command is noisy, or empty when its output is compact or goes elsewhere. */
    static Optional<String> reason(SimpleCommand command) {
        if (command.outputCaptured()) {
            return Optional.empty();
        }
        List<String> args = command.args();
        String name = command.name();
        String why = switch (name) {
            case "git" -> git(args);
            case "find" -> find(args);
            case "cat" -> args.stream().anyMatch(a -> LOCK_OR_MINIFIED.matcher(a).matches())
                    ? "cat of a lock, minified or log file" : null;
            case "ls" -> has(args, "--recursive") || cluster(args, 'R') ? "recursive ls" : null;
            case "tree" -> has(args, "-L") ? null : "tree without -L";
            case "grep", "egrep", "fgrep" -> (cluster(args, 'r') || cluster(args, 'R') || has(args, "--recursive"))
                    && !limited(args, "lLcqm", "--files-with-matches", "--count", "--quiet", "--max-count")
                            ? "recursive grep that prints every match" : null;
            case "rg" -> limited(args, "lcqm", "--files-with-matches", "--count", "--quiet", "--max-count", "--files")
                    ? null : "rg that prints every match";
            case "npm", "pnpm", "yarn", "bun" -> scripts(name, args);
            case "mvn", "mvnw", "mvnd" -> quiet(args) || args.isEmpty() || has(args, "-v") || has(args, "--version")
                    ? null : "a Maven build without -q";
            case "gradle", "gradlew" -> quiet(args) || args.isEmpty() || has(args, "--version")
                    ? null : "a Gradle build without -q";
            case "cargo" -> Set.of("build", "b", "test", "t", "check", "c", "clippy", "doc", "bench")
                    .contains(first(args, Set.of("-Z", "--config", "-C"))) && !quiet(args) ? "cargo without -q" : null;
            case "pytest" -> quiet(args) ? null : "pytest without -q";
            case "go" -> first(args, Set.of()).equals("test") ? "go test" : null;
            case "docker", "podman", "kubectl" -> logs(args);
            case "journalctl" -> has(args, "-n") || prefixed(args, "--lines") || prefixed(args, "--since")
                    || has(args, "-f") ? null : "journalctl without -n";
            default -> name.matches("python[0-9.]*") && args.size() >= 2 && args.get(0).equals("-m")
                    && args.get(1).equals("pytest") && !quiet(args) ? "pytest without -q" : null;
        };
        return Optional.ofNullable(why);
    }

    private static String git(List<String> args) {
        List<String> ops = ReleaseBoundaries.operands(args, ReleaseBoundaries.GIT_VALUE_OPTIONS, Integer.MAX_VALUE);
        if (ops.isEmpty()) {
            return null;
        }
        List<String> sub = args.subList(args.indexOf(ops.getFirst()) + 1, args.size());
        return switch (ops.getFirst()) {
            case "log" -> sub.stream().anyMatch(a -> a.matches("-n|-n?[0-9]+|--max-count.*|--oneline|--since.*"))
                    ? null : "git log without -n or --oneline";
            case "diff" -> summary(sub) || sub.contains("--") || sub.stream().filter(a -> !a.startsWith("-"))
                    .anyMatch(a -> PATH_LIKE.matcher(a).matches()) ? null : "git diff of the whole repository";
            case "show" -> summary(sub) || has(sub, "-s") || has(sub, "--no-patch") ? null : "git show with the full patch";
            case "blame" -> sub.stream().anyMatch(a -> a.startsWith("-L")) ? null : "git blame without -L";
            default -> null;
        };
    }

    private static boolean summary(List<String> args) {
        return args.stream().anyMatch(a -> a.matches("--(stat|shortstat|numstat|name-only|name-status|quiet)(=.*)?"));
    }

    private static String find(List<String> args) {
        if (has(args, "-maxdepth") || has(args, "-quit")) {
            return null;
        }
        List<String> starts = args.stream().takeWhile(a -> !a.startsWith("-") && !a.equals("(") && !a.equals("!"))
                .toList();
        return starts.isEmpty() || starts.stream().anyMatch(WHOLE_TREE::contains) ? "find over a whole tree without -maxdepth"
                : null;
    }

    private static String scripts(String name, List<String> args) {
        if (has(args, "--silent") || has(args, "-s")) {
            return null;
        }
        String verb = first(args, Set.of("--prefix", "-C", "--dir", "--filter", "-F", "--cwd", "-w", "--workspace"));
        boolean test = verb.equals("test") || verb.equals("t");
        if (!test && verb.equals("run")) {
            int at = args.indexOf("run");
            String script = at + 1 < args.size() ? args.get(at + 1) : "";
            test = script.startsWith("test") || script.equals("build");
        }
        return test ? name + " test or build script without --silent" : null;
    }

    private static String logs(List<String> args) {
        if (!first(args, Set.of("-H", "--host", "-c", "--context", "-n", "--namespace", "--kubeconfig")).equals("logs")) {
            return null;
        }
        return has(args, "-n") || prefixed(args, "--tail") || prefixed(args, "--since") || has(args, "-f")
                || has(args, "--follow") ? null : "logs without --tail";
    }

    private static String first(List<String> args, Set<String> valueOptions) {
        List<String> ops = ReleaseBoundaries.operands(args, valueOptions, 1);
        return ops.isEmpty() ? "" : ops.getFirst();
    }

    private static boolean quiet(List<String> args) {
        return has(args, "-q") || has(args, "--quiet") || cluster(args, 'q');
    }

    private static boolean has(List<String> args, String flag) {
        return args.contains(flag);
    }

    private static boolean prefixed(List<String> args, String option) {
        return args.stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
    }

    /** A short-option cluster such as {@code -laR} containing {@code letter}. */
    private static boolean cluster(List<String> args, char letter) {
        return args.stream().anyMatch(a -> a.matches("-[A-Za-z]+") && a.indexOf(letter) > 0);
    }

    private static boolean limited(List<String> args, String letters, String... longOptions) {
        for (char c : letters.toCharArray()) {
            if (cluster(args, c)) {
                return true;
            }
        }
        for (String option : longOptions) {
            if (prefixed(args, option)) {
                return true;
            }
        }
        return false;
    }
}
