package dev.eaglemem.hook;

import java.nio.file.Path;

import dev.eaglemem.project.AgentSource;

/**
 * What every event carries once the payload is understood.
 *
 * @param sessionId a valid session id (events without one are dropped before this exists)
 * @param cwd the agent's working directory (the payload's, else the hook process's)
 * @param cwdProject the project key of {@code cwd}, or null (an existing session keeps its own project)
 * @param projectRoot the directory {@code cwdProject} was derived from (null for EAGLE_MEM_PROJECT or none);
 *     file paths under it are stored relative to it
 * @param subagent true for events from a sub-agent (they are not the user's session story)
 * @param eventId the event's stable id ({@link EventIds}): what it is recorded, spooled and deduplicated by
 */
public record HookContext(String event, AgentSource agent, String sessionId, Path cwd, String cwdProject,
        Path projectRoot, String model, String transcriptPath, boolean subagent, String eventId) {
}
