package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The completion scripts come from the command model and work in the real shells: bash always (it is everywhere
 * eagle-mem runs), zsh and fish where they are installed.
 */
class CompletionsTest {

    @TempDir
    Path dir;

    private static List<String> topLevel() {
        return CommandTree.root().getSubcommands().values().stream().distinct()
                .filter(c -> !c.getCommandSpec().usageMessage().hidden()).map(CommandLine::getCommandName).toList();
    }

    @Test
    void everyScriptNamesEveryTopLevelCommandAndNoHiddenOne() {
        assertThat(topLevel()).contains("status", "memories", "feature", "gate", "completion", "version")
                .doesNotContain("aot-train");
        for (String shell : Completions.SHELLS) {
            String script = Completions.script(shell, CommandTree.root());
            assertThat(script).as(shell).startsWith("# Tab completion of eagle-mem for " + shell + ", generated")
                    .doesNotContain("aot-train").doesNotContain("bash_profile");
            for (String command : topLevel()) {
                assertThat(script).as(shell + " " + command).containsPattern("[ '(]" + command + "[ ')]");
            }
        }
        assertThat(CommandTree.stdout("completion", "fish")).isEqualTo(Completions.script("fish", CommandTree.root()));
    }

    @Test
    void theFishScriptIsWrittenFromTheModelOptionByOption() {
        String fish = Completions.script("fish", CommandTree.root());
        assertThat(fish).contains("case 'memories/list' 'memories/ls'\n                set path 'memories' 'list'")
                .contains("case '/memories' '/memory'\n")
                .contains(
                        "complete -c eagle-mem -n '__eagle_mem_at memories list' -s 'k' -l 'kind' -l 'type' -x -d 'Only this kind.'")
                .contains("complete -c eagle-mem -n '__eagle_mem_at memories add' -s 'f' -l 'file' -r -F")
                .contains(
                        "complete -c eagle-mem -n '__eagle_mem_at install' -l 'agent' -x -a 'claude-code codex gemini copilot opencode grok cursor antigravity all'")
                .contains("complete -c eagle-mem -n '__eagle_mem_at completion' -x -a 'bash zsh fish'")
                .contains("-a 'statusline' -d 'Print one line for Claude Code\\'s status bar.'")
                .as("hidden options stay hidden").doesNotContain("if-not-running");
    }

    @Test
    void bashCompletesCommandsSubcommandsOptionsAndValues() throws Exception {
        Path script = Files.writeString(dir.resolve("eagle-mem.bash"), Completions.script("bash", CommandTree.root()));
        // compopt works only inside a completion bash started itself; the words are what bash would hand over
        String probe = "source " + script + "\ncompopt() { :; }\n"
                + "c() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE};"
                + " COMPREPLY=(); _complete_eagle-mem; echo \"$*|${COMPREPLY[*]}\"; }\n"
                + "c eagle-mem mem\nc eagle-mem memories ''\nc eagle-mem memories list --ki\nc eagle-mem completion ''\n"
                + "c eagle-mem install --agent ''\nc eagle-mem aot\n";
        ProcessResult r = run(List.of("bash", "--norc", "--noprofile", "-c", probe), Map.of());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("eagle-mem mem|memories memory",
                "eagle-mem memories |add update edit cues stale confirm sync forget rm delete list ls restore show",
                "eagle-mem memories list --ki|--kind", "eagle-mem completion |bash zsh fish",
                "eagle-mem install --agent |claude-code codex gemini copilot opencode grok cursor antigravity all",
                "eagle-mem aot|");
    }

    @Test
    void fishCompletesTheSameCommandsAliasesAndFiles() throws Exception {
        assumeTrue(Executables.find(System.getenv(), "fish").isPresent(), "fish is not installed here");
        Path script = Files.writeString(dir.resolve("eagle-mem.fish"), Completions.script("fish", CommandTree.root()));
        Files.createDirectories(dir.resolve("src"));
        Files.writeString(dir.resolve("src/db.ts"), "");
        String probe = "source " + script + "\n"
                + "for line in 'eagle-mem mem' 'eagle-mem memory ' 'eagle-mem memories list --ki' 'eagle-mem completion '"
                + " 'eagle-mem memories add -f src/d' 'eagle-mem search list --li' 'eagle-mem aot'\n"
                + "    set -l words (complete -C $line | string replace -r -- '\\t.*' '')\n    echo \"$line|$words\"\nend\n";
        ProcessResult r = run(List.of("fish", "--no-config", "-c", probe), Map.of("HOME", dir.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("eagle-mem mem|memories",
                "eagle-mem memory |add forget list restore show update", "eagle-mem memories list --ki|--kind",
                "eagle-mem completion |bash fish zsh", "eagle-mem memories add -f src/d|src/db.ts",
                "eagle-mem search list --li|--limit", "eagle-mem aot|");
    }

    @Test
    void zshLoadsTheBashScriptThroughBashcompinit() throws Exception {
        assumeTrue(Executables.find(System.getenv(), "zsh").isPresent(), "zsh is not installed here");
        Path script = Files.writeString(dir.resolve("eagle-mem.zsh"), Completions.script("zsh", CommandTree.root()));
        ProcessResult r = run(List.of("zsh", "-f", "-c", "source " + script + " && complete -p eagle-mem"),
                Map.of("HOME", dir.toString(), "ZDOTDIR", dir.toString()));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("complete -F _complete_eagle-mem -o default eagle-mem");
    }

    @Test
    void anUnknownShellIsInvalidInputWithTheClosestOne() {
        assertThatThrownBy(() -> CommandTree.stdout("completion", "bsh")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("eagle-mem completes bash, zsh or fish, not 'bsh'; did you mean bash or zsh?");
            assertThat(e.fix()).isEqualTo("eagle-mem completion bash");
        });
        assertThatThrownBy(() -> Completions.script("powershell", CommandTree.root()))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.fix()).isEqualTo("eagle-mem completion bash"));
    }

    private ProcessResult run(List<String> argv, Map<String, String> env) {
        ProcessRequest request = ProcessRequest.of(argv).withDir(dir).withTimeout(Duration.ofSeconds(60));
        for (Map.Entry<String, String> e : env.entrySet()) {
            request = request.withEnv(e.getKey(), e.getValue());
        }
        return ProcessRunner.run(request);
    }
}
