package dev.eaglemem.install;

import java.util.List;
import java.util.Optional;

/** Every {@link AgentSetup}, in the order install runs them. One line per agent. */
final class AgentSetups {

    static final List<AgentSetup> ALL = List.of(new GeminiSetup(), new CopilotSetup(), new OpenCodeSetup(), new GrokSetup(),
            new CursorSetup(), new AntigravitySetup());

    private AgentSetups() {
    }

    static Optional<AgentSetup> of(Installer.Agent agent) {
        return ALL.stream().filter(s -> s.agent() == agent).findFirst();
    }
}
