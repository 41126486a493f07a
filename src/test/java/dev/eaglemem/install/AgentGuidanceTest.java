package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentGuidanceTest {

    private static final String LINK = "/home/u/.local/bin/eagle-mem";

    @Test
    void calledByNameTheTextIsAsWritten() {
        assertThat(AgentGuidance.instructions("eagle-mem")).isEqualTo(AgentGuidance.instructions());
        AgentGuidance.SKILLS
                .forEach(name -> assertThat(AgentGuidance.skill(name, "eagle-mem")).isEqualTo(AgentGuidance.skill(name)));
    }

    @Test
    void withAPathEveryCommandTheAgentRunsUsesItAndTheProseIsLeftAlone() {
        String block = AgentGuidance.instructions(LINK);
        assertThat(block).contains("`" + LINK + " session save --session-id", "`" + LINK + " memories add --kind decision",
                "`" + LINK + " search <words>`", "`" + LINK + " show <id>`", "`" + LINK + " install`", "`" + LINK + " uninstall`")
                .contains("eagle-mem keeps a local memory");
        assertThat(block.lines().filter(line -> line.matches(".*(?<![/\\w-])eagle-mem (session|memories|search|show) .*")))
                .as("no bare command left").isEmpty();
        assertThat(AgentGuidance.skill("search", LINK)).contains(LINK + " search release gate --json", LINK + " show sum-12")
                .contains("eagle-mem keeps what earlier sessions");
        assertThat(AgentGuidance.skill("memories", LINK)).contains(LINK + " memories add --kind decision")
                .contains("name: eagle-mem-memories");
        assertThat(AgentGuidance.skill("save-summary", "'/home/my u/.local/bin/eagle-mem'"))
                .contains("'/home/my u/.local/bin/eagle-mem' session save --session-id");
    }
}
