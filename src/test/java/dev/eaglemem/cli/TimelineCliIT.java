package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** timeline and show obs-N through the packaged launcher, on records the real hooks stored. */
class TimelineCliIT {

    private final Cli cli = new Cli();

    private void hook(String event, String fields) {
        String payload = "{\"session_id\": \"sess-1\", \"cwd\": \"" + cli.repo + "\", \"hook_event_name\": \"" + event + "\", "
                + fields + "}";
        assertThat(cli.runWithInput(payload, "hook", event, "--agent", "claude-code").ok().out()).doesNotContain("error");
    }

    private void bash(String command, String toolUseId) {
        hook("PostToolUse", "\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"" + command + "\"}, "
                + "\"tool_response\": {\"stdout\": \"ok\", \"stderr\": \"\"}, \"tool_use_id\": \"" + toolUseId + "\"");
    }

    @Test
    void timelineAroundAToolCallThenShowIt() {
        hook("UserPromptSubmit", "\"prompt\": \"make the release gate cover npm publish\"");
        bash("npm test", "toolu_1");
        cli.run("memories", "add", "--kind", "decision", "--title", "Gate covers npm publish", "-c",
                "npm publish is a release command").ok();
        bash("git diff", "toolu_2");

        JsonNode timeline = cli.run("timeline", "obs-1", "--json").ok().json();
        assertThat(timeline.get("anchor").asText()).isEqualTo("obs-1");
        assertThat(timeline.get("anchor_index").asInt()).isEqualTo(1);
        assertThat(timeline.get("project").asText()).isEqualTo("code/shop");
        List<String> ids = timeline.get("items").valueStream().map(i -> i.get("id").asText()).toList();
        assertThat(ids).containsExactly("prm-1", "obs-1", "mem-1", "obs-2");

        String human = cli.run("timeline", "obs-1", "--before", "0", "-A", "1").ok().out();
        assertThat(human).contains("code/shop");
        assertThat(human.lines().filter(l -> l.startsWith(">")).toList()).singleElement().asString()
                .contains("obs-1").contains("Bash").contains("npm test");
        assertThat(human).contains("mem-1").doesNotContain("prm-1").doesNotContain("obs-2");

        JsonNode shown = cli.run("show", "obs-1", "--json").ok().json();
        assertThat(shown.get("kind").asText()).isEqualTo("observation");
        assertThat(shown.get("observation").get("command").asText()).isEqualTo("npm test");
        assertThat(shown.get("session").get("project").asText()).isEqualTo("code/shop");
        assertThat(cli.run("show", "obs-2").ok().out()).contains("command:   git diff");

        cli.run("timeline", "obs-9").exits(3);
        cli.run("timeline", "banana").exits(2);
        cli.run("timeline", "obs-1", "--before", "101").exits(2);
    }
}
