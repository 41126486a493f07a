package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * inspect recall|events and replay through the packaged launcher, over what real hook calls stored: a SessionStart,
 * a prompt that recalls a memory, a tool call and the summary, replayed in the order they happened.
 */
class InspectReplayCliIT {

    private final Cli cli = new Cli();

    private String payload(String event, String extra) {
        return "{\"session_id\":\"s-replay\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"" + event + "\"" + extra + "}";
    }

    @Test
    void aSessionsRecallAndStepsInOrder() {
        // the memory comes after SessionStart (which would have listed it, and a prompt does not say it again)
        cli.runWithInput(payload("SessionStart", ",\"source\":\"startup\""), "hook", "SessionStart", "--agent", "claude-code")
                .ok();
        cli.run("memories", "add", "--kind", "decision", "--title", "Cart totals are integer cents", "--content",
                "Cart totals are integer cents; rounding happens once at checkout.").ok();
        String recalled = cli.runWithInput(payload("UserPromptSubmit", ",\"prompt\":\"how are cart totals rounded to cents?\""),
                "hook", "UserPromptSubmit", "--agent", "claude-code").ok().out();
        assertThat(recalled).contains("integer cents");
        cli.runWithInput(payload("PostToolUse", ",\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_1\","
                + "\"tool_input\":{\"command\":\"npm test -- cart\"},\"tool_response\":{\"stdout\":\"ok\",\"stderr\":\"\"}"),
                "hook", "PostToolUse", "--agent", "claude-code").ok();
        cli.run("session", "save", "--session-id", "s-replay", "--agent", "claude-code", "--request", "Round cart totals",
                "--completed", "Totals round once at checkout").ok();

        JsonNode recall = cli.run("inspect", "recall", "--json").ok().json();
        assertThat(recall.path("project").asText()).isEqualTo("code/shop");
        JsonNode events = recall.path("events");
        assertThat(events).hasSize(2);
        JsonNode prompt = events.get(0);
        assertThat(prompt.path("hook_event").asText()).isEqualTo("UserPromptSubmit");
        assertThat(prompt.path("status").asText()).isEqualTo("injected");
        assertThat(prompt.path("query").asText()).contains("cart");
        assertThat(prompt.path("memory_ids")).hasSize(1);
        assertThat(prompt.path("injected_chars").asInt()).isPositive();
        assertThat(prompt.path("trimmed").isArray()).isTrue();
        assertThat(events.get(1).path("hook_event").asText()).isEqualTo("SessionStart");

        String human = cli.run("inspect", "recall").ok().out();
        assertThat(human).contains("Recall inspector (2 events, newest first)").contains("UserPromptSubmit  injected")
                .contains("  searched:  ").contains("  injected:  ").contains("mem-1").contains("  + mem-1 ");
        assertThat(cli.run("inspect", "recall", "--session", "nobody", "--json").ok().json().path("events")).isEmpty();
        assertThat(cli.run("inspect", "events", "-a", "--json").ok().json().path("events").toString()).contains("summary_saved");

        JsonNode replay = cli.run("replay", "--last", "--json").ok().json();
        assertThat(replay.path("session").path("id").asText()).isEqualTo("s-replay");
        assertThat(replay.path("prompts")).hasSize(1);
        assertThat(replay.path("observations")).hasSize(1);
        assertThat(replay.path("summary").path("fields").path("completed").asText()).isEqualTo("Totals round once at checkout");
        StringBuilder kinds = new StringBuilder();
        replay.path("steps").forEach(s -> kinds.append(s.path("kind").asText()).append(' '));
        assertThat(kinds.toString().strip()).isEqualTo("recall prompt recall tool summary");

        String text = cli.run("replay", "s-replay").ok().out();
        assertThat(text).contains("session s-replay  [code/shop]  claude-code").contains("1 prompt, 2 recall events, 1 tool call")
                .contains("prompt  how are cart totals rounded to cents?").contains("tool    Bash npm test -- cart")
                .contains("summary Round cart totals → Totals round once at checkout");

        cli.run("replay", "nope").exits(3);
        assertThat(cli.run("replay").exits(2).err()).contains("--last");
        cli.run("replay", "s-replay", "--last").exits(2);
    }

    @Test
    void openSaysWhenServeIsNotRunning() {
        // autostart is off in these tests (Cli), so nothing can hand out a login code
        Cli.Result open = cli.run("open", "--no-browser").exits(1);
        assertThat(open.err()).contains("serve is not running").contains("fix: eagle-mem serve");
        assertThat(open.out()).isEmpty();
        JsonNode error = cli.run("open", "--json").exits(1).json().path("error");
        assertThat(error.path("code").asText()).isEqualTo("serve_not_running");
    }
}
