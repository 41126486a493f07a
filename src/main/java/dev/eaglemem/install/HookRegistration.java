package dev.eaglemem.install;

import java.util.Objects;

/**
 * One hook we register: a command handler under {@code event}, in its own matcher group.
 *
 * @param event          the agent's event name as it appears in the file, e.g. {@code PreToolUse}
 * @param matcher        the group's matcher, or null for a group without one (matches everything)
 * @param command        the shell command the agent runs; identifies the handler
 * @param timeoutSeconds the handler timeout in seconds
 * @param async          fire-and-forget; only written for Claude Code
 * @param statusMessage  text the agent shows while the hook runs, or null
 */
public record HookRegistration(String event, String matcher, String command, int timeoutSeconds, boolean async,
        String statusMessage) {

    public HookRegistration {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(command, "command");
        if (event.isBlank() || command.isBlank()) {
            throw new IllegalArgumentException("a hook needs an event and a command");
        }
        if (timeoutSeconds <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutSeconds);
        }
    }
}
