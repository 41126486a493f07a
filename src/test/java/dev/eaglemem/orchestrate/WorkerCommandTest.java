package dev.eaglemem.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each worker agent's headless command line, safe (the default) and with full autonomy, and the agents refused. */
class WorkerCommandTest {

    private static final Path WT = Path.of("/r/.eagle-mem-worktrees/app/o1-api");
    private static final Path RUN = Path.of("/d/orchestrations/o1/api/attempt-1");
    private static final Path GIT = Path.of("/r/app/.git");

    private static String line(String agent, boolean full) {
        return String.join(" ", WorkerCommand.argv(agent, WorkerCommand.program(agent), WT, RUN, full, GIT, true));
    }

    @Test
    void codexAndClaudeKeepTheirCommandLines() {
        assertThat(line("codex", false)).isEqualTo("codex exec --cd " + WT + " --sandbox workspace-write --add-dir " + GIT
                + " --output-last-message " + RUN + "/last-message.txt -");
        assertThat(line("codex", true)).isEqualTo("codex exec --cd " + WT + " --dangerously-bypass-approvals-and-sandbox"
                + " --output-last-message " + RUN + "/last-message.txt -");
        assertThat(line("claude-code", false)).isEqualTo("claude -p --permission-mode acceptEdits --output-format text");
        assertThat(line("claude-code", true)).isEqualTo("claude -p --dangerously-skip-permissions --output-format text");
    }

    @Test
    void theNewAgentsApproveEditsOnlyUnlessFullAutonomyIsConfigured() {
        assertThat(line("gemini", false)).isEqualTo("gemini --skip-trust --approval-mode auto_edit --output-format text");
        assertThat(line("gemini", true)).isEqualTo("gemini --skip-trust --approval-mode yolo --output-format text");
        assertThat(line("copilot", false))
                .isEqualTo("copilot --no-auto-update --no-ask-user --silent --allow-tool write");
        assertThat(line("copilot", true)).isEqualTo("copilot --no-auto-update --no-ask-user --silent --yolo");
        assertThat(line("opencode", false)).isEqualTo("opencode run");
        assertThat(line("opencode", true)).isEqualTo("opencode run --auto");
        assertThat(line("grok", false)).isEqualTo("grok --no-auto-update --output-format plain --permission-mode"
                + " dontAsk --allow Edit --allow Write --prompt-file " + RUN + "/prompt.md");
        assertThat(line("grok", true)).isEqualTo("grok --no-auto-update --output-format plain --always-approve"
                + " --prompt-file " + RUN + "/prompt.md");
    }

    @Test
    void openCodeTakesItsSafePermissionsFromTheEnvironmentAndNoOtherAgentNeedsAny() {
        assertThat(WorkerCommand.env("opencode", false)).containsOnlyKeys("OPENCODE_PERMISSION");
        assertThat(WorkerCommand.env("opencode", false).get("OPENCODE_PERMISSION"))
                .contains("\"edit\":\"allow\"", "\"bash\":\"ask\"", "\"external_directory\":\"ask\"");
        assertThat(WorkerCommand.env("opencode", true)).isEmpty();
        for (String agent : List.of("codex", "claude-code", "gemini", "copilot", "grok")) {
            assertThat(WorkerCommand.env(agent, false)).as(agent).isEmpty();
        }
    }

    @Test
    void eachCliIsNamedWithItsNpmPackage() {
        assertThat(List.of("gemini", "copilot", "opencode", "grok")).extracting(WorkerCommand::installHint)
                .containsExactly("npm install -g @google/gemini-cli", "npm install -g @github/copilot",
                        "npm install -g opencode-ai", "npm install -g @xai-official/grok");
    }

    @Test
    void aliasesAreAcceptedAndCursorAndAntigravityAreRefusedWithWhy() {
        assertThat(List.of("gemini-cli", "github-copilot", "opencode", "grok-cli", "claude", "codex"))
                .extracting(OrchestrateService::workerAgent)
                .containsExactly("gemini", "copilot", "opencode", "grok", "claude-code", "codex");
        assertThatThrownBy(() -> OrchestrateService.workerAgent("cursor-agent")).isInstanceOf(EagleException.class)
                .hasMessageContaining("Cursor cannot be a lane's worker").hasMessageContaining("never run headless here")
                .hasMessageContaining("workers are: codex, claude-code, gemini, copilot, opencode, grok");
        assertThatThrownBy(() -> OrchestrateService.workerAgent("antigravity"))
                .hasMessageContaining("Antigravity cannot be a lane's worker").hasMessageContaining("agy");
        assertThatThrownBy(() -> OrchestrateService.workerAgent("vim")).hasMessageContaining("'vim' cannot be a lane's worker");
    }

    @Test
    void withoutALastMessageFileTheLogsEndIsTheAnswerWithoutColourCodes(@TempDir Path run) throws Exception {
        Files.writeString(run.resolve(RunDir.LOG), "\u001B[0m\n> build · m\n\u001B[0m← \u001B[0mWrite a.md\nWrote a.md.\n");
        assertThat(RunDir.lastMessage(run)).isEqualTo("> build · m\n← Write a.md\nWrote a.md.");
    }
}
