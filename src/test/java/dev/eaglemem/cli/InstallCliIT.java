package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** install / uninstall / doctor / hook through the packaged launcher, without the agents themselves. */
class InstallCliIT {

    private final Cli cli = new Cli();

    private Path settings() {
        return cli.home.resolve(".claude/settings.json");
    }

    @Test
    void aDryRunChangesNothing() {
        JsonNode plan = cli.run("install", "--agent", "claude-code", "--dry-run", "--json").ok().json();
        assertThat(plan.get("dry_run").asBoolean()).isTrue();
        assertThat(plan.get("actions")).anySatisfy(a -> assertThat(a.get("status").asText()).startsWith("planned: "));
        assertThat(settings()).doesNotExist();
        assertThat(cli.home.resolve(".eagle-mem/runtime")).doesNotExist();
    }

    @Test
    void installIsIdempotentDoctorSeesDriftAndUninstallRestoresTheFile() throws Exception {
        Files.createDirectories(settings().getParent());
        String mine = "{\n    \"model\": \"opus\",\n    \"hooks\": {}\n}\n";
        Files.writeString(settings(), mine);
        cli.env.put("EAGLE_MEM_DIR", cli.home.resolve(".eagle-mem").toString());

        cli.run("install", "--agent", "claude-code").ok();
        String installed = Files.readString(settings());
        // curl is on PATH here, so the hooks run the shim, which falls back to the binary next to it
        assertThat(installed).contains(".eagle-mem/runtime/eagle-mem-hook SessionStart --agent claude-code")
                .contains("eagle-mem-hook PostToolUse --agent claude-code");
        assertThat(cli.home.resolve(".eagle-mem/runtime/eagle-mem-hook")).isExecutable();
        JsonNode again = cli.run("install", "--agent", "claude-code", "--json").ok().json();
        assertThat(again.get("actions")).allSatisfy(a -> assertThat(a.get("status").asText()).isIn("unchanged", "ready"));
        assertThat(Files.readString(settings())).isEqualTo(installed);
        assertThat(cli.run("doctor", "--json").ok().json().get("checks"))
                .anySatisfy(c -> assertThat(c.get("name").asText() + c.get("status").asText()).isEqualTo("claude_hooksok"));

        Files.writeString(settings(), installed.replace("eagle-mem-hook Stop", "eagle-mem-hook Stopp"));
        JsonNode drift = cli.run("doctor", "--json").ok().json();
        assertThat(drift.get("overall").asText()).isEqualTo("warn");
        assertThat(drift.get("checks")).anySatisfy(c -> {
            assertThat(c.get("name").asText()).isEqualTo("claude_hooks");
            assertThat(c.get("fix").asText()).isEqualTo("eagle-mem install --agent claude-code");
        });

        cli.run("install", "--agent", "claude-code").ok();
        // bash is on this PATH: its completion comes from the packaged binary's own commands
        Path completion = cli.home.resolve(".local/share/bash-completion/completions/eagle-mem");
        assertThat(completion).content().startsWith("# Tab completion of eagle-mem for bash")
                .contains("complete -F _complete_eagle-mem")
                .contains("local commands=\"add update edit cues stale confirm forget rm delete list ls restore show\"");
        assertThat(cli.run("completion", "bash").ok().out()).isEqualTo(Files.readString(completion));
        cli.run("uninstall").ok();
        assertThat(Files.readString(settings())).isEqualTo(mine);
        assertThat(completion).doesNotExist();
        assertThat(cli.home.resolve(".local/share")).doesNotExist();
    }

    /** Issue 24: uninstall leaves the repositories' pre-push gate hooks (they are the repositories' files) and says so. */
    @Test
    void uninstallNamesTheGateHooksItLeavesWithTheCommandThatRemovesEach() throws Exception {
        cli.run("install", "--agent", "claude-code").ok();
        cli.run("gate", "install").ok();
        // the hooks record where the project lives; that is where uninstall looks
        cli.runWithInput(SpoolRig.payload(cli, "s-gate", "SessionStart", ",\"source\":\"startup\""), "hook", "SessionStart",
                "--agent", "claude-code").ok();
        Path hook = cli.repo.resolve(".git/hooks/pre-push");
        assertThat(hook).exists();

        Cli.Result uninstall = cli.run("uninstall").ok();
        assertThat(uninstall.out()).contains("the release gate's git pre-push hook stays in " + cli.repo
                + "; remove it with: eagle-mem gate uninstall --repo " + cli.repo + " (once eagle-mem is gone: rm " + hook + ")");
        assertThat(hook).as("a repository's own file: named, not removed").exists();
    }

    @Test
    void installSaysWhatItPreApprovesAndUsesWhatResolvesWhetherOrNotTheLinkIsOnPath() throws Exception {
        cli.env.put("EAGLE_MEM_DIR", cli.home.resolve(".eagle-mem").toString());
        Path bin = cli.home.resolve(".local/bin");
        String link = bin.resolve("eagle-mem").toString();
        for (int i = 0; i < 2; i++) {
            JsonNode report = cli.run("install", "--agent", "claude-code", "--json").ok().json();
            assertThat(report.get("warnings")).as("install %d warns", i + 1).anySatisfy(w -> assertThat(w.asText())
                    .contains(bin + " is not on PATH").contains("export PATH=\"$HOME/.local/bin:$PATH\""));
            assertThat(report.get("command").asText()).isEqualTo(link);
            assertThat(report.get("allow_rules")).hasSize(6)
                    .allSatisfy(rule -> assertThat(rule.asText()).startsWith("Bash(" + link + " "));
        }
        String human = cli.run("install", "--agent", "claude-code").ok().out();
        assertThat(human).contains("pre-approved in Claude Code's permissions.allow", "    Bash(" + link + " session save:*)",
                "! " + bin + " is not on PATH");
        assertThat(human).as("the status bar asks serve through the shim, which needs no PATH")
                .contains("/.eagle-mem/runtime/eagle-mem-hook statusline\"");
        assertThat(settings()).content().contains("\"Bash(" + link + " memories add:*)\"");
        assertThat(cli.home.resolve(".claude/CLAUDE.md")).content().contains("`" + link + " session save --session-id");
        JsonNode doctor = cli.run("doctor", "--json").ok().json();
        assertThat(doctor.get("checks")).anySatisfy(c -> {
            assertThat(c.get("name").asText() + " " + c.get("status").asText()).isEqualTo("path warn");
            assertThat(c.get("fix").asText()).startsWith("export PATH=\"$HOME/.local/bin:$PATH\"");
        });
        assertThat(cli.run("doctor").ok().out()).contains("WARN  path         ").contains("ok    claude_hooks " + settings());

        cli.env.put("PATH", bin + ":" + System.getenv("PATH"));
        JsonNode byName = cli.run("install", "--agent", "claude-code", "--json").ok().json();
        assertThat(byName.get("command").asText()).isEqualTo("eagle-mem");
        assertThat(byName.get("warnings")).noneSatisfy(w -> assertThat(w.asText()).contains("not on PATH"));
        assertThat(settings()).content().contains("\"Bash(eagle-mem memories add:*)\"").doesNotContain(link + " memories");
        assertThat(cli.run("doctor", "--json").ok().json().get("checks"))
                .anySatisfy(c -> assertThat(c.get("name").asText() + " " + c.get("status").asText()).isEqualTo("path ok"));

        JsonNode noAllow = cli.run("install", "--agent", "claude-code", "--no-allow", "--json").ok().json();
        assertThat(noAllow.get("allow_rules")).isEmpty();
        assertThat(settings()).content().doesNotContain("memories add:*");

        Cli.Result uninstall = cli.run("uninstall").ok();
        assertThat(uninstall.out()).as("the hint names a launcher that is still there")
                .contains(Cli.LAUNCHER.toRealPath() + " uninstall --purge").doesNotContain("with: eagle-mem uninstall");
        assertThat(Path.of(link)).doesNotExist();
        assertThat(Cli.LAUNCHER).isExecutable();
        assertThat(settings()).doesNotExist();
    }

    @Test
    void aMalformedSettingsFileStopsInstallBeforeAnythingChanges() throws Exception {
        Files.createDirectories(settings().getParent());
        Files.writeString(settings(), "{ \"model\": \"opus\", }");
        cli.env.put("EAGLE_MEM_DIR", cli.home.resolve(".eagle-mem").toString());
        Cli.Result r = cli.run("install", "--agent", "claude-code");
        r.exits(2);
        assertThat(r.err()).contains(settings().toString()).contains("fix:");
        assertThat(Files.readString(settings())).isEqualTo("{ \"model\": \"opus\", }");
        assertThat(cli.home.resolve(".eagle-mem/runtime")).doesNotExist();
    }

    @Test
    void codexWithoutTheCodexBinarySaysHowToTrustTheHooks() {
        cli.env.put("EAGLE_MEM_DIR", cli.home.resolve(".eagle-mem").toString());
        JsonNode report = cli.run("install", "--agent", "codex", "--json").ok().json();
        assertThat(report.get("warnings")).anySatisfy(w -> assertThat(w.asText()).contains("Trust all and continue"));
        assertThat(cli.home.resolve(".codex/hooks.json")).content().contains("--agent codex");
    }

    @Test
    void theHookCommandAlwaysExitsZeroWithAtMostOneLine() {
        Cli.Result garbage = cli.runWithInput("{not json", "hook", "SessionStart");
        garbage.exits(0);
        assertThat(garbage.out()).isEmpty();
        cli.runWithInput("", "hook").exits(0);
        cli.runWithInput("{}", "hook", "SessionStart", "--unknown-flag", "x").exits(0);
        Cli.Result start = cli.runWithInput(
                "{\"session_id\":\"abc-123\",\"cwd\":\"" + cli.repo
                        + "\",\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}",
                "hook", "SessionStart", "--agent", "claude-code");
        start.exits(0);
        assertThat(start.out().lines()).hasSize(1);
        assertThat(start.json().path("hookSpecificOutput").path("additionalContext").asText())
                .startsWith("Eagle Mem: no memory yet for code/shop");
        cli.env.put("EAGLE_MEM_DISABLE_HOOKS", "1");
        assertThat(cli.runWithInput("{\"session_id\":\"abc-123\"}", "hook", "SessionStart").ok().out()).isEmpty();
    }
}
