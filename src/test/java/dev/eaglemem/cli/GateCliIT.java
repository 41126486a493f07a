package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** eagle-mem gate and unlock through the packaged launcher, on a real repository with a bare remote. */
class GateCliIT {

    private final Cli cli = new Cli();

    private Path hook() {
        return cli.repo.resolve(".git/hooks/pre-push");
    }

    @Test
    void installCheckAndUninstallTheGate() throws Exception {
        JsonNode installed = cli.run("gate", "install", "--json").ok().json();
        assertThat(installed.get("status").asText()).isEqualTo("installed");
        assertThat(installed.get("hook").asText()).isEqualTo(hook().toRealPath().toString());
        assertThat(Files.readString(hook())).contains("# eagle-mem-managed-pre-push");
        assertThat(Files.isExecutable(hook())).isTrue();
        assertThat(cli.run("gate", "install").ok().out()).startsWith("Pre-push gate already installed: ");

        JsonNode check = cli.run("gate", "check", "--json").ok().json();
        assertThat(check.get("blocked").asBoolean()).isFalse();

        assertThat(cli.run("gate", "uninstall", "--json").ok().json().get("status").asText()).isEqualTo("removed");
        assertThat(hook()).doesNotExist();
    }

    @Test
    void aCheckThatFindsNothingSaysSoAndAnUnknownRemoteIsAnError() throws Exception {
        assertThat(cli.run("gate", "check").ok().out())
                .containsPattern("Nothing to check: no commits or changes in|Checked \\d+ changed files?: no feature");

        Cli.Result unknown = cli.run("gate", "check", "--remote", "nosuch");
        unknown.exits(2);
        assertThat(unknown.err()).contains("no remote named 'nosuch'").contains("fix: git -C ").contains("remote -v");

        Path outside = Files.createDirectories(cli.home.resolve("not-a-repo"));
        cli.cwd = outside;
        assertThat(cli.run("gate", "check").ok().out()).contains("Not inside a git repository").contains("nothing to check");
        cli.cwd = cli.repo;
    }

    @Test
    void aForeignHookIsKeptUnlessForcedAndComesBackOnUninstall() throws Exception {
        Files.createDirectories(hook().getParent());
        Files.writeString(hook(), "#!/bin/sh\nexit 0\n");

        Cli.Result refused = cli.run("gate", "install");
        refused.exits(4);
        assertThat(refused.err()).contains("a pre-push hook that eagle-mem did not write exists")
                .contains("fix: eagle-mem gate install --force");
        assertThat(hook()).hasContent("#!/bin/sh\nexit 0\n");

        JsonNode forced = cli.run("gate", "install", "--force", "--json").ok().json();
        assertThat(forced.get("status").asText()).isEqualTo("replaced_foreign");
        assertThat(Path.of(forced.get("backup").asText())).hasContent("#!/bin/sh\nexit 0\n");

        assertThat(cli.run("gate", "uninstall").ok().out()).contains("the previous hook is back");
        assertThat(hook()).hasContent("#!/bin/sh\nexit 0\n");
    }

    @Test
    void theHookLetsPushesThroughWhenEagleMemIsMissingOrFindsNothingPending() throws Exception {
        Path remote = cli.workspace.resolve("remote.git");
        gitIn(cli.workspace, Map.of(), "init", "-q", "--bare", "-b", "main", remote.toString());
        cli.git("remote", "add", "origin", remote.toString());
        Files.writeString(cli.repo.resolve("cart.ts"), "total = 1\n");
        cli.git("add", "cart.ts");
        cli.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "cart");
        cli.run("gate", "install").ok();

        // no eagle-mem anywhere: the hook is silent and the push goes through
        String bare = "/usr/bin:/bin";
        Result missing = gitIn(cli.repo, Map.of("PATH", bare, "HOME", cli.home.toString()), "push", "-q", "origin", "main");
        assertThat(missing.exit()).as(missing.output()).isZero();
        assertThat(missing.output()).isEmpty();
        assertThat(gitIn(remote, Map.of(), "rev-parse", "main").output()).isEqualTo(
                gitIn(cli.repo, Map.of(), "rev-parse", "HEAD").output());

        // eagle-mem found: gate check runs on the push range and finds nothing pending
        Files.writeString(cli.repo.resolve("cart.ts"), "total = 2\n");
        cli.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "cart 2");
        Result checked = gitIn(cli.repo, Map.of("PATH", bare, "HOME", cli.home.toString(), "EAGLE_MEM_BIN",
                Cli.LAUNCHER.toString(), "EAGLE_MEM_DIR", cli.data.toString()), "push", "-q", "origin", "main");
        assertThat(checked.exit()).as(checked.output()).isZero();

        Result direct = run(List.of(hook().toString(), "origin", remote.toString()), cli.repo,
                Map.of("PATH", bare, "HOME", cli.home.toString()), "refs/heads/main a refs/heads/main b\n");
        assertThat(direct.exit()).isZero();
        assertThat(direct.output()).isEmpty();
    }

    @Test
    void aCommitNoHookSawBlocksTheFirstPushOfANewBranchUntilItsFeatureIsVerified() throws Exception {
        Path remote = cli.workspace.resolve("remote.git");
        gitIn(cli.workspace, Map.of(), "init", "-q", "--bare", "-b", "main", remote.toString());
        cli.git("remote", "add", "origin", remote.toString());
        Files.writeString(cli.repo.resolve("cart.ts"), "total = 1\n");
        cli.git("add", "cart.ts");
        cli.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "cart");
        cli.git("push", "-q", "-u", "origin", "main");
        cli.run("feature", "add", "checkout", "--file", "cart.ts", "--smoke", "true").ok();
        cli.run("gate", "install").ok();

        // committed without any agent hook seeing it, then pushed as a new branch (no upstream yet)
        Files.writeString(cli.repo.resolve("cart.ts"), "total = 2\n");
        cli.git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-am", "cart 2");
        cli.git("checkout", "-q", "-b", "feature/tax");
        JsonNode check = cli.run("gate", "check", "--json").exits(1).json();
        assertThat(check.get("changed_files").toString()).isEqualTo("[\"cart.ts\"]");
        assertThat(check.get("pending").get(0).get("feature").asText()).isEqualTo("checkout");

        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "HOME", cli.home.toString(), "EAGLE_MEM_BIN",
                Cli.LAUNCHER.toString(), "EAGLE_MEM_DIR", cli.data.toString(), "GIT_CEILING_DIRECTORIES",
                cli.workspace.toString());
        Result blocked = gitIn(cli.repo, env, "push", "-q", "-u", "origin", "feature/tax");
        assertThat(blocked.exit()).as(blocked.output()).isNotZero();
        assertThat(blocked.output()).contains("Eagle Mem blocked this push", "eagle-mem feature verify checkout",
                "checkout (cart.ts)");
        assertThat(gitIn(remote, Map.of(), "branch", "--list", "feature/tax").output()).isEmpty();

        cli.run("feature", "verify", "checkout", "--notes", "cart tests pass").ok();
        Result pushed = gitIn(cli.repo, env, "push", "-q", "-u", "origin", "feature/tax");
        assertThat(pushed.exit()).as(pushed.output()).isZero();
        assertThat(gitIn(remote, Map.of(), "rev-parse", "feature/tax").output()).isEqualTo(
                gitIn(cli.repo, Map.of(), "rev-parse", "HEAD").output());
    }

    @Test
    void unlockWritesAnExpiryAndClearEndsIt() throws Exception {
        assertThat(cli.run("unlock", "--status", "--json").ok().json().get("active").asBoolean()).isFalse();
        JsonNode unlocked = cli.run("unlock", "--minutes", "30", "--json").ok().json();
        assertThat(unlocked.get("status").asText()).isEqualTo("unlocked");
        assertThat(unlocked.get("expires_at").asText()).endsWith("Z");
        Path file = cli.data.resolve("token-guard.unlock");
        assertThat(Files.readString(file).strip()).isEqualTo(unlocked.get("expires_at").asText());
        assertThat(Files.getPosixFilePermissions(file).toString()).isEqualTo("[OWNER_READ, OWNER_WRITE]");
        assertThat(cli.run("unlock", "--status").ok().out()).startsWith("Token guard unlocked until ");
        assertThat(cli.run("unlock", "--clear", "--json").ok().json().get("status").asText()).isEqualTo("cleared");
        assertThat(cli.run("unlock", "--minutes", "241").exits(2).err()).contains("between 1 and 240");
    }

    record Result(int exit, String output) {
    }

    private static Result gitIn(Path dir, Map<String, String> env, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        return run(command, dir, env, null);
    }

    private static Result run(List<String> command, Path dir, Map<String, String> env, String stdin) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        if (!env.isEmpty()) {
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the hook may exit before reading its input
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return new Result(p.waitFor(), out);
    }
}
