package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The hook command lines Main answers without picocli, and the ones it leaves to picocli. */
class HookArgsTest {

    @Test
    void theRegisteredLinesAreReadWithoutPicocli() {
        assertThat(HookArgs.parse("hook", "PostToolUse", "--agent", "claude-code"))
                .contains(new HookArgs("PostToolUse", "claude-code"));
        assertThat(HookArgs.parse("hook", "Stop", "--agent=codex")).contains(new HookArgs("Stop", "codex"));
        assertThat(HookArgs.parse("hook", "SessionStart")).contains(new HookArgs("SessionStart", null));
        assertThat(HookArgs.parse("hook")).contains(new HookArgs(null, null));
    }

    /** The shim runs {@code hook [--agent A] -- EVENT}: whatever the agent passed is an event name, never help. */
    @Test
    void afterTheSeparatorTheEventIsAnyWord() {
        assertThat(HookArgs.parse("hook", "--agent", "claude-code", "--", "PostToolUse"))
                .contains(new HookArgs("PostToolUse", "claude-code"));
        assertThat(HookArgs.parse("hook", "--", "-h")).contains(new HookArgs("-h", null));
        assertThat(HookArgs.parse("hook", "--agent", "codex", "--", "--help")).contains(new HookArgs("--help", "codex"));
        assertThat(HookArgs.parse("hook", "--", "")).contains(new HookArgs("", null));
        assertThat(HookArgs.parse("hook", "--")).as("no event after it").isEmpty();
        assertThat(HookArgs.parse("hook", "Stop", "--", "Stop")).as("two events").isEmpty();
    }

    @Test
    void helpVersionStrayArgumentsAndOtherCommandsGoToPicocli() {
        assertThat(HookArgs.parse("hook", "--help")).isEmpty();
        assertThat(HookArgs.parse("hook", "Stop", "-h")).isEmpty();
        assertThat(HookArgs.parse("hook", "Stop", "--agent")).isEmpty();
        assertThat(HookArgs.parse("hook", "Stop", "extra")).isEmpty();
        assertThat(HookArgs.parse("status")).isEmpty();
        assertThat(HookArgs.parse()).isEmpty();
    }
}
