package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The launcher's hook entry (cli.Main answers `hook …` without picocli): whatever it is given, it exits 0 and prints
 * nothing or one compact JSON line; the lines it does not read itself (help, stray arguments) still go to picocli.
 */
class HookEntryIT {

    private final Cli cli = new Cli();

    @Test
    void badInputIsSilentAndExitsZero() {
        for (String stdin : new String[] { "", "{not json", "[1,2]", "{\"hook_event_name\":\"PostToolUse\"}" }) {
            Cli.Result r = cli.runWithInput(stdin, "hook", "PostToolUse", "--agent", "claude-code").exits(0);
            assertThat(r.out()).as("stdout for %s", stdin).isEmpty();
        }
        assertThat(cli.runWithInput("{}", "hook", "NoSuchEvent", "--agent=codex").exits(0).out()).isEmpty();
        assertThat(cli.runWithInput("{}", "hook", "Stop", "stray").exits(0).out()).as("picocli's route").isEmpty();
    }

    @Test
    void aRealPayloadGetsOneCompactJsonLine() {
        String payload = "{\"session_id\":\"s-1\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"SessionStart\","
                + "\"source\":\"startup\"}";
        String out = cli.runWithInput(payload, "hook", "SessionStart", "--agent", "claude-code").exits(0).out();
        assertThat(out.strip()).startsWith("{").endsWith("}").doesNotContain("\n");
        assertThat(cli.run("hook", "--help").exits(0).out()).contains("Run one agent hook");
    }
}
