package dev.eaglemem.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Recognizes release boundaries in a shell command line: commands that publish work beyond this machine.
 * Decisions are made on the parsed simple commands (see {@link ShellWords}), each tool's global options
 * skipped the way the tool itself reads them, so {@code git -C app push} is a push and
 * {@code git log --grep=push} or {@code echo "git push"} are not. The table in
 * {@code src/test/resources/shell/release-boundaries.txt} is the specification.
 *
 * <p>Never a boundary: eagle-mem's own commands; a dry run ({@code --dry-run}, git's and cargo's
 * {@code -n}, gradle's {@code -m}); {@code npm run <script>} (a script is not {@code npm publish}, even
 * when it is called {@code publish}: what it does is not visible on the line).
 */
public final class ReleaseBoundaries {

    public static final Set<String> GIT_VALUE_OPTIONS = Set.of("-C", "-c", "--git-dir", "--work-tree", "--namespace",
            "--exec-path", "--config-env", "--super-prefix", "--list-cmds", "--attr-source");
    private static final Set<String> GIT_PUSH_VALUE_OPTIONS = Set.of("-o", "--push-option", "--repo", "--receive-pack",
            "--exec");
    private static final Set<String> NPM_VALUE_OPTIONS = Set.of("--prefix", "-w", "--workspace", "-C", "--dir",
            "--filter", "-F", "--cwd", "--registry", "--userconfig", "--cache", "-r");
    private static final Set<String> CARGO_VALUE_OPTIONS = Set.of("-Z", "--config", "-C", "--color");
    private static final Set<String> PYTHON_VALUE_OPTIONS = Set.of("-W", "-X", "-c");
    private static final Set<String> MAVEN_VALUE_OPTIONS = Set.of("-f", "--file", "-s", "--settings", "-gs",
            "--global-settings", "-P", "--activate-profiles", "-pl", "--projects", "-rf", "--resume-from", "-T",
            "--threads", "-t", "--toolchains", "-l", "--log-file", "-D", "--define", "-b", "--builder", "-gt");
    private static final Set<String> GRADLE_VALUE_OPTIONS = Set.of("-p", "--project-dir", "-b", "--build-file", "-c",
            "--settings-file", "-x", "--exclude-task", "-P", "--project-prop", "-D", "--system-prop", "-I",
            "--init-script", "-g", "--gradle-user-home", "--include-build", "--console", "--warning-mode",
            "--max-workers", "--priority");
    private static final Set<String> DOCKER_VALUE_OPTIONS = Set.of("-H", "--host", "-c", "--context", "--config", "-l",
            "--log-level", "--tlscacert", "--tlscert", "--tlskey", "--url", "--connection", "--root", "--runroot",
            "--storage-driver");
    private static final Set<String> GH_VALUE_OPTIONS = Set.of("-R", "--repo", "--hostname");

    private ReleaseBoundaries() {
    }

    /** The first release boundary the command line runs, if any. */
    public static Optional<ReleaseBoundary> detect(String shellCommand) {
        return detect(ShellWords.parse(shellCommand));
    }

    public static Optional<ReleaseBoundary> detect(ShellScript script) {
        for (SimpleCommand command : script.commands()) {
            Optional<String> kind = kind(command);
            if (kind.isPresent()) {
                return Optional.of(new ReleaseBoundary(kind.get(), command.words(),
                        kind.get() + ": " + String.join(" ", command.words())));
            }
        }
        return Optional.empty();
    }

    /** True for eagle-mem's own commands, which are never boundaries and never rewritten. */
    public static boolean isEagleMem(SimpleCommand command) {
        return command.name().equals("eagle-mem") || command.name().equals("eagle-mem-hook");
    }

    static Optional<String> kind(SimpleCommand command) {
        if (isEagleMem(command) || dryRun(command.args())) {
            return Optional.empty();
        }
        List<String> args = command.args();
        String name = command.name();
        String kind = switch (name) {
            case "git" -> gitPush(args);
            case "gh" -> gh(operands(args, GH_VALUE_OPTIONS, 2));
            case "npm", "pnpm", "bun" -> first(operands(args, NPM_VALUE_OPTIONS, 1)).equals("publish") ? name + " publish" : null;
            case "yarn" -> yarn(operands(args, NPM_VALUE_OPTIONS, 2));
            case "cargo" -> cargo(args);
            case "twine" -> first(operands(args, Set.of(), 1)).equals("upload") ? "twine upload" : null;
            case "mvn", "mvnw", "mvnd" -> maven(operands(args, MAVEN_VALUE_OPTIONS, Integer.MAX_VALUE));
            case "gradle", "gradlew" -> gradle(args);
            case "docker", "podman" -> docker(name, operands(args, DOCKER_VALUE_OPTIONS, 2));
            default -> name.matches("python[0-9.]*") ? pythonModule(args) : null;
        };
        return Optional.ofNullable(kind);
    }

    /** {@code --dry-run} or {@code --dry-run=true|1|yes} anywhere; {@code --dry-run=false} is a real run. */
    private static boolean dryRun(List<String> args) {
        for (String arg : args) {
            String lower = arg.toLowerCase(Locale.ROOT);
            if (lower.equals("--dry-run") || lower.equals("--dryrun") || lower.equals("--dry-run=true")
                    || lower.equals("--dry-run=1") || lower.equals("--dry-run=yes")) {
                return true;
            }
        }
        return false;
    }

    private static String gitPush(List<String> args) {
        int at = firstOperand(args, GIT_VALUE_OPTIONS);
        if (at < 0 || !args.get(at).equals("push")) {
            return null;
        }
        List<String> pushArgs = args.subList(at + 1, args.size());
        for (int i = 0; i < pushArgs.size(); i++) {
            String arg = pushArgs.get(i);
            if (arg.equals("--")) {
                break;
            }
            if (GIT_PUSH_VALUE_OPTIONS.contains(arg)) {
                i++;
            } else if (arg.matches("-[A-Za-z]+") && arg.indexOf('n') > 0) {
                return null; // -n or a cluster such as -fn: --dry-run
            }
        }
        return "git push";
    }

    private static String gh(List<String> ops) {
        String verb = String.join(" ", ops);
        return switch (verb) {
            case "pr create", "pr merge", "release create" -> "gh " + verb;
            default -> null;
        };
    }

    private static String yarn(List<String> ops) {
        if (first(ops).equals("publish") || String.join(" ", ops).equals("npm publish")) {
            return "yarn " + String.join(" ", ops.getFirst().equals("npm") ? ops : ops.subList(0, 1));
        }
        return null;
    }

    private static String cargo(List<String> args) {
        List<String> ops = operands(args, CARGO_VALUE_OPTIONS, 1);
        if (!first(ops).equals("publish")) {
            return null;
        }
        return args.contains("-n") ? null : "cargo publish";
    }

    /** python -m twine upload (interpreter options before -m are skipped). */
    private static String pythonModule(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("-m") && i + 2 < args.size()) {
                return args.get(i + 1).equals("twine") && first(operands(args.subList(i + 2, args.size()), Set.of(), 1))
                        .equals("upload") ? "twine upload" : null;
            }
            if (arg.startsWith("-m") && arg.length() > 2) {
                return arg.equals("-mtwine") && first(operands(args.subList(i + 1, args.size()), Set.of(), 1))
                        .equals("upload") ? "twine upload" : null;
            }
            if (!arg.startsWith("-") || arg.equals("-c")) {
                return null; // a script, or code on the line
            }
            if (PYTHON_VALUE_OPTIONS.contains(arg)) {
                i++;
            }
        }
        return null;
    }

    /** deploy as a phase or a goal ({@code deploy:deploy}, {@code …:maven-deploy-plugin:3.1:deploy}) anywhere. */
    private static String maven(List<String> ops) {
        for (String op : ops) {
            if (op.equals("deploy") || op.endsWith(":deploy") || op.endsWith(":deploy-file")) {
                return "mvn deploy";
            }
        }
        return null;
    }

    /**
     * Tasks named publish or publish…To… ({@code :lib:publish}, {@code publishReleasePublicationToSonatypeRepository}),
     * except publishing to the local Maven repository ({@code publishToMavenLocal}), which leaves nothing
     * outside this machine. {@code -m}/{@code --dry-run} only prints the task graph.
     */
    private static String gradle(List<String> args) {
        if (args.contains("-m")) {
            return null;
        }
        for (String op : operands(args, GRADLE_VALUE_OPTIONS, Integer.MAX_VALUE)) {
            String task = op.substring(op.lastIndexOf(':') + 1);
            boolean publish = task.equals("publish") || (task.startsWith("publish") && task.contains("To"));
            if (publish && !task.endsWith("ToMavenLocal")) {
                return "gradle publish";
            }
        }
        return null;
    }

    private static String docker(String name, List<String> ops) {
        if (first(ops).equals("push") || String.join(" ", ops).equals("image push")) {
            return name + " push";
        }
        return null;
    }

    /** The index of the first operand, or -1. */
    private static int firstOperand(List<String> args, Set<String> valueOptions) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--")) {
                return -1;
            }
            if (valueOptions.contains(arg)) {
                i++;
            } else if (!arg.startsWith("-")) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The first {@code max} operands (words that are not options), skipping the values of the listed
     * options unless attached ({@code --opt=value}, {@code -Cdir}); stops at {@code --}.
     */
    public static List<String> operands(List<String> args, Set<String> valueOptions, int max) {
        List<String> ops = new ArrayList<>();
        for (int i = 0; i < args.size() && ops.size() < max; i++) {
            String arg = args.get(i);
            if (arg.equals("--")) {
                break;
            }
            if (valueOptions.contains(arg)) {
                i++;
            } else if (!arg.startsWith("-") && !arg.startsWith("+") || arg.equals("-")) {
                ops.add(arg);
            }
        }
        return ops;
    }

    private static String first(List<String> ops) {
        return ops.isEmpty() ? "" : ops.getFirst();
    }
}
