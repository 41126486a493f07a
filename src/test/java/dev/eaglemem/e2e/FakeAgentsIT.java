package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Proves the end-to-end infrastructure without eagle-mem: each real agent CLI runs a scripted session
 * against its fake model, with a logging hook on four events, and the test sees the tool's effect in the
 * repository, the hook payloads, the model requests, and SessionStart context inside the first request.
 */
class FakeAgentsIT {

    private static final String MARKER = "MARKER_123";
    private static final String SESSION_START_CONTEXT = """
            {"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"%s"}}""".formatted(MARKER);
    private static final List<String> EVENTS = List.of("SessionStart", "UserPromptSubmit", "PostToolUse", "Stop");

    @Test
    void claudeCodeRunsAScriptedSessionWithHooks() throws Exception {
        Path claude = AgentTools.locate().claude();
        E2eWorkspace workspace = E2eWorkspace.create();
        LoggingHook hook = new LoggingHook(workspace.dir("hooks")).reply("SessionStart", SESSION_START_CONTEXT);
        hook.installForClaude(workspace.home(), EVENTS);
        Path notes = workspace.repo().resolve("NOTES.md");

        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(
                    FakeAnthropic.Turn.bash("printf 'hello\\n' > hello.txt"),
                    FakeAnthropic.Turn.write(notes, "status: draft\n"),
                    FakeAnthropic.Turn.text("Wrote both files."));
            ClaudeRun run = new ClaudeSession(claude, fake, workspace.repo(), workspace.baseEnv())
                    .run("Write hello.txt and NOTES.md.")
                    .assertSucceeded();

            assertThat(run.result()).as(run.describe()).isEqualTo("Wrote both files.");
            assertThat(run.numTurns()).as(run.describe()).isEqualTo(3);
            assertThat(run.permissionDenials()).as(run.describe()).isEmpty();
            assertThat(workspace.repo().resolve("hello.txt")).hasContent("hello");
            assertThat(notes).hasContent("status: draft");
            assertThat(fake.remainingTurns()).isZero();
            List<RecordedRequest> mainLoop = fake.mainLoopRequests();
            assertThat(mainLoop).as(fake.summary()).hasSize(3);
            assertThat(mainLoop.getFirst().bodyContains(MARKER))
                    .as("SessionStart additionalContext in the first main-loop request; %s", fake.summary()).isTrue();
            assertThat(mainLoop.getFirst().bodyContains("Write hello.txt and NOTES.md.")).isTrue();
        }
        assertThat(hook.events()).as("hook log %s", hook.log())
                .containsExactly("SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUse", "Stop");
        assertThat(toolNames(hook)).containsExactly("Bash", "Write");
        assertThat(hook.payloads()).allSatisfy(p -> assertThat(p.path("session_id").asText()).isNotBlank());
    }

    @Test
    void codexRunsAScriptedSessionWithHooks() throws Exception {
        Path codexJs = AgentTools.locate().codexJs();
        E2eWorkspace workspace = E2eWorkspace.create();
        LoggingHook hook = new LoggingHook(workspace.dir("hooks")).reply("SessionStart", SESSION_START_CONTEXT);

        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession session = new CodexSession(codexJs, fake, workspace.repo(), workspace.baseEnv())
                    .configureProvider()
                    .bypassHookTrust(true);
            hook.installForCodex(session.codexHome(), EVENTS);
            fake.script(
                    FakeOpenAi.Turn.shell("printf 'hello\\n' > hello.txt"),
                    FakeOpenAi.Turn.patch("""
                            *** Begin Patch
                            *** Add File: NOTES.md
                            +status: draft
                            *** End Patch
                            """),
                    FakeOpenAi.Turn.text("Wrote both files."));
            CodexRun run = session.run("Write hello.txt and NOTES.md.").assertSucceeded();

            assertThat(run.lastAgentMessage()).as(run.describe()).isEqualTo("Wrote both files.");
            assertThat(run.completedItems("command_execution")).as(run.describe()).hasSize(1);
            assertThat(workspace.repo().resolve("hello.txt")).hasContent("hello");
            assertThat(workspace.repo().resolve("NOTES.md")).hasContent("status: draft");
            assertThat(fake.remainingTurns()).isZero();
            List<RecordedRequest> mainLoop = fake.mainLoopRequests();
            assertThat(mainLoop).as(fake.summary()).hasSize(3);
            assertThat(mainLoop.getFirst().bodyContains(MARKER))
                    .as("SessionStart additionalContext in the first main-loop request; %s", fake.summary()).isTrue();
            assertThat(mainLoop.getFirst().bodyContains("Write hello.txt and NOTES.md.")).isTrue();
        }
        assertThat(hook.events()).as("hook log %s", hook.log())
                .containsExactly("SessionStart", "UserPromptSubmit", "PostToolUse", "PostToolUse", "Stop");
        // Codex reports its shell tool as Bash, as Claude Code does, so one matcher serves both agents.
        assertThat(toolNames(hook)).containsExactly("Bash", "apply_patch");
        assertThat(hook.payloads()).allSatisfy(p -> assertThat(p.path("session_id").asText()).isNotBlank());
    }

    private static List<String> toolNames(LoggingHook hook) {
        return hook.payloads().stream().filter(p -> p.has("tool_name")).map(p -> p.path("tool_name").asText())
                .toList();
    }
}
