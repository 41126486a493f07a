package dev.eaglemem.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.gate.PendingChecks;
import dev.eaglemem.gate.PrePushCheck;
import dev.eaglemem.gate.PrePushHook;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "gate", header = "The git pre-push gate, for pushes from a terminal too.",
        description = "It refuses a push, also one made outside any agent, while a feature whose files the push changes"
                + " has a pending verification.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem gate install", "  eagle-mem gate check",
                "  eagle-mem gate uninstall --repo ~/code/shop" })
public class GateCommand {

    private static final String REPO_HELP = "The repository (default: the working directory's).";

    @Spec
    CommandSpec spec;

    private final EagleEnv env;
    private final PendingChecks checks;

    public GateCommand(EagleEnv env, PendingChecks checks) {
        this.env = env;
        this.checks = checks;
    }

    @Command(name = "install", header = "Write the repository's pre-push hook.",
            description = "core.hooksPath and worktrees are respected. A hook eagle-mem did not write is replaced only with"
                    + " --force.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem gate install", "  eagle-mem gate install --repo ~/code/shop --force" })
    int install(@Mixin OutputMixin output, @Option(names = "--repo", paramLabel = "PATH", description = REPO_HELP) Path repo,
            @Option(names = "--force",
                    description = "Replace a foreign hook, keeping it as " + PrePushHook.BACKUP + ".") boolean force) {
        return report(output, PrePushHook.install(dir(repo), force));
    }

    @Command(name = "uninstall", header = "Remove the pre-push hook; put back the one it replaced.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem gate uninstall", "  eagle-mem gate uninstall --json" })
    int uninstall(@Mixin OutputMixin output, @Option(names = "--repo", paramLabel = "PATH", description = REPO_HELP) Path repo) {
        return report(output, PrePushHook.uninstall(dir(repo)));
    }

    @Command(name = "check", header = "Check whether a push would change unverified features.",
            description = "Exits 1 and lists the pending checks when the push changes files of a feature awaiting"
                    + " verification; exits 0 otherwise, and outside a git repository.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem gate check", "  eagle-mem gate check --remote upstream --json" })
    int check(@Mixin OutputMixin output, @Option(names = "--repo", paramLabel = "PATH", description = REPO_HELP) Path repo,
            @Option(names = "--from-pre-push",
                    description = "Read git's pre-push lines from stdin (what the hook does).") boolean prePush,
            @Option(names = "--remote", paramLabel = "NAME",
                    description = "The remote pushed to (default: origin).") String remote) {
        Optional<List<String>> input = prePush ? readPrePush(System.in, spec.commandLine().getErr()) : Optional.of(List.of());
        if (env.get("EAGLE_MEM_DISABLE_HOOKS").filter(v -> !v.equals("0")).isPresent()) {
            if (!output.json && !prePush) {
                Console.out(spec).println("Gate check skipped: EAGLE_MEM_DISABLE_HOOKS is set.");
            }
            return verdict(output, Optional.empty(), "disabled");
        }
        Optional<Path> root = PrePushCheck.topLevel(dir(repo));
        if (root.isEmpty()) {
            if (!output.json && !prePush) {
                Console.out(spec).println("Not inside a git repository (" + dir(repo) + "): nothing to check.");
            }
            return verdict(output, Optional.empty(), "not_a_repository");
        }
        // git hands a pre-push hook a URL when the push names no remote; only a name can be checked
        if (remote != null && !remote.contains("/") && !remote.contains(":")
                && !PrePushCheck.remotes(root.get()).contains(remote)) {
            throw EagleException.invalidInput("no remote named '" + remote + "' in " + root.get()
                    + " (remotes: " + String.join(", ", PrePushCheck.remotes(root.get())) + ")",
                    "git -C " + root.get() + " remote -v");
        }
        List<String> files = prePush && input.isPresent()
                ? PrePushCheck.changedFiles(root.get(), remote == null ? "origin" : remote, PrePushCheck.parse(input.get()))
                : PrePushCheck.changedFilesOfHead(root.get());
        int exit = verdict(output, Optional.of(PrePushCheck.check(root.get(), files, checks)), "checked");
        if (exit == 0 && !output.json && !prePush) {
            Console.out(spec).println(files.isEmpty() ? "Nothing to check: no commits or changes in " + root.get()
                    + " that the upstream lacks."
                    : "Checked " + Console.count(files.size(), "changed file") + ": no feature awaiting verification covers"
                            + " them, so a push would go through.");
        }
        return exit;
    }

    private int verdict(OutputMixin output, Optional<PrePushCheck.Verdict> verdict, String status) {
        boolean blocked = verdict.map(PrePushCheck.Verdict::blocked).orElse(false);
        if (output.json) {
            Console.json(spec, new GateCheck(blocked ? "blocked" : status, blocked,
                    verdict.map(PrePushCheck.Verdict::changedFiles).orElse(List.of()),
                    verdict.map(v -> v.pending().stream().map(GateCheck.Pending::of).toList()).orElse(List.of())));
        }
        if (blocked) {
            spec.commandLine().getErr().print(PrePushCheck.denyText(verdict.get().pending()));
            spec.commandLine().getErr().flush();
            return 1;
        }
        return 0;
    }

    private int report(OutputMixin output, PrePushHook.Result result) {
        if (output.json) {
            Console.json(spec, new GateHook(result.status(), result.hook().toString(),
                    result.backup() == null ? null : result.backup().toString()));
            return 0;
        }
        Console.out(spec).println(GateRender.sentence(result));
        return 0;
    }

    private Path dir(Path repo) {
        return repo == null ? env.cwd() : env.cwd().resolve(repo).normalize();
    }

    /**
     * git's pre-push lines, or empty when they cannot be read. Then the gate still checks what it can (the
     * commits of HEAD that no remote has) and says so, rather than letting the push through unchecked and unsaid.
     */
    static Optional<List<String>> readPrePush(InputStream in, PrintWriter err) {
        try {
            return Optional.of(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
        } catch (RuntimeException e) {
            err.println("eagle-mem: cannot read the refs git is pushing from stdin (" + e.getMessage()
                    + "); checking the commits of HEAD that no remote has instead");
            err.flush();
            return Optional.empty();
        }
    }
}
