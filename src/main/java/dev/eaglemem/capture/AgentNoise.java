package dev.eaglemem.capture;

import java.util.List;

/**
 * Text the agents send as a "prompt" that no person typed: Claude's local-command caveats and
 * reminders, Codex's injected instructions and sub-agent notifications. Stored, they would pollute
 * search and recall.
 */
final class AgentNoise {

    private static final List<String> PREFIXES = List.of("<local-command-caveat>", "<local-command-stdout>",
            "<command-name>", "<system-reminder>", "# AGENTS.md instructions", "<environment_context>",
            "<subagent_notification>", "</subagent_notification>", "<user_instructions>", "Caveat: The messages below");

    private AgentNoise() {
    }

    static boolean isNoise(String prompt) {
        String text = prompt.stripLeading();
        return PREFIXES.stream().anyMatch(text::startsWith);
    }
}
