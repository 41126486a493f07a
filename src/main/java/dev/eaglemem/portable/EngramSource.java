package dev.eaglemem.portable;

import static dev.eaglemem.portable.SourceRows.blankToNull;
import static dev.eaglemem.portable.SourceRows.fields;
import static dev.eaglemem.portable.SourceRows.first;
import static dev.eaglemem.portable.SourceRows.jsonArray;
import static dev.eaglemem.portable.SourceRows.max;
import static dev.eaglemem.portable.SourceRows.min;
import static dev.eaglemem.portable.SourceRows.number;
import static dev.eaglemem.portable.SourceRows.text;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.SourceDb;
import dev.eaglemem.store.Timestamps;

/**
 * engram's store ({@code ~/.engram/engram.db}, or what {@code engram export} wrote) as import records. engram
 * keeps everything an agent saves as "observations" of a type: the curated ones (decision, bugfix, …) become
 * memories, the tool calls its plugins recorded (tool_use, file_change, command, file_read, search) become
 * observations, and the end-of-session summaries (type session_summary, or the summary a session was ended with)
 * become the session's summary, the newest of each session. Like claude-mem it names a project by its directory's
 * basename, mapped to a project key here the same way. It does not record the agent: its Claude Code plugin keys
 * sessions by Claude Code's own session id (so a session both tools saw is one session), OpenCode's ids start
 * with ses_; any other session is taken as Claude Code's.
 */
final class EngramSource implements RecordSource {

    /** The observation types engram's plugins give tool calls (its store.ClassifyTool). */
    private static final Set<String> TOOL_CALLS = Set.of("tool_use", "file_change", "command", "file_read", "search");
    private static final String EPOCH = "1970-01-01T00:00:00.000Z";
    private static final int MAX_COMMAND = 500;

    private final EngramTables tables;
    private final UnaryOperator<String> projectKey;
    private final Map<String, Long> notImported = new TreeMap<>();

    EngramSource(EngramTables tables, UnaryOperator<String> projectKey) {
        this.tables = tables;
        this.projectKey = projectKey;
    }

    /** engram's tables (claude-mem has observations and user_prompts too, but its sessions are sdk_sessions). */
    static boolean recognizes(SourceDb db) {
        Set<String> tables = db.tables();
        if (!tables.containsAll(List.of("sessions", "observations", "user_prompts")) || tables.contains("sdk_sessions")) {
            return false;
        }
        Set<String> columns = db.columns("observations");
        return columns.containsAll(List.of("session_id", "type", "title", "content"))
                && (columns.contains("topic_key") || columns.contains("scope") || columns.contains("tool_name"));
    }

    @Override
    public ImportKind kind() {
        return ImportKind.ENGRAM;
    }

    @Override
    public Map<String, Long> notImported() {
        return notImported;
    }

    /** One engram session as eagle-mem sees it. */
    private record Session(String id, String project, String agent, String cwd, String started, String ended,
            String summary) {
    }

    /** A summary of a session: engram's text, when it was written and last changed, and which row it is. */
    private record Candidate(String text, boolean endSummary, String created, String updated, String where) {
    }

    @Override
    public void forEach(Consumer<PortableRecord> sink) {
        notImported.clear();
        Map<String, Session> sessions = new LinkedHashMap<>();
        tables.rows("sessions", s -> {
            String id = blankToNull(text(s, "id"));
            String project = blankToNull(text(s, "project"));
            if (id == null || id.length() > 128 || project == null) {
                skip("sessions (no id, or no project)");
                return;
            }
            String started = first(time(text(s, "started_at")), EPOCH);
            sessions.put(id, new Session(id, projectKey.apply(project.strip()), agent(id), blankToNull(text(s, "directory")),
                    started, time(text(s, "ended_at")), blankToNull(text(s, "summary"))));
        });
        Map<String, String[]> projects = new TreeMap<>();
        Map<String, String> activity = new HashMap<>();
        sessions.values().forEach(s -> {
            touch(projects, s.project(), s.started());
            activity.put(s.id(), max(s.started(), s.ended()));
        });
        Map<String, Candidate> summaries = new HashMap<>();
        Map<String, List<Candidate>> earlier = new TreeMap<>();
        sessions.values().stream().filter(s -> s.summary() != null).forEach(s -> summaries.put(s.id(),
                new Candidate(s.summary(), true, first(s.ended(), s.started()), first(s.ended(), s.started()),
                        "sessions/" + s.id())));
        List<PortableRecord> observations = new ArrayList<>();
        List<PortableRecord> memories = new ArrayList<>();
        Map<String, Integer> callOrdinals = new HashMap<>();
        Map<String, Integer> memoryOrdinals = new HashMap<>();
        tables.rows("observations", o -> {
            String type = first(blankToNull(text(o, "type")), "manual").strip().toLowerCase(Locale.ROOT);
            Session session = sessions.get(text(o, "session_id"));
            String created = first(time(text(o, "created_at")), EPOCH);
            String where = "observations/" + o.get("id");
            boolean deleted = time(text(o, "deleted_at")) != null;
            if (session != null) {
                activity.merge(session.id(), created, SourceRows::max);
            }
            if (type.equals("session")) {
                skip("observations (session: compaction checkpoints)");
            } else if (type.equals("session_summary")) {
                if (session == null || deleted || blankToNull(text(o, "content")) == null) {
                    skip("observations (session_summary: deleted, empty or without a session)");
                    return;
                }
                offer(summaries, earlier, session.id(), new Candidate(text(o, "content"), false, created,
                        first(time(text(o, "updated_at")), created), where));
            } else if (TOOL_CALLS.contains(type)) {
                if (session == null || deleted) {
                    skip("observations (tool call: deleted or without a session)");
                    return;
                }
                ObjectNode r = toolCall(o, type, session, created);
                String key = session.id() + "@" + created;
                observations.add(new PortableRecord(PortableType.OBSERVATION, key + "#" + ordinal(callOrdinals, key), r, where));
            } else {
                ObjectNode r = memory(o, type, session, created);
                if (r == null) {
                    skip("observations (no project, or no text)");
                    return;
                }
                String project = r.path("project").asText(null);
                if (project != null) {
                    touch(projects, project, created);
                }
                String key = (project == null ? "~" : project) + "@" + created;
                memories.add(new PortableRecord(PortableType.MEMORY, key + "#" + ordinal(memoryOrdinals, key), r, where));
            }
        });
        earlierSummaries(sessions, summaries, earlier, memories, memoryOrdinals);
        List<PortableRecord> prompts = prompts(sessions, activity);
        sessions.values().forEach(s -> touch(projects, s.project(), activity.get(s.id())));
        projects.forEach((key, span) -> {
            ObjectNode r = fields();
            r.put("key", key);
            r.putNull("root_path"); // engram keeps the session's directory, not the project's root
            r.put("created_at", span[0]);
            r.put("last_seen_at", span[1]);
            sink.accept(new PortableRecord(PortableType.PROJECT, key, r, "projects of sessions/" + key));
        });
        sessions.values().forEach(s -> sink.accept(session(s, activity.get(s.id()))));
        summaries.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sink.accept(summary(sessions.get(e.getKey()), e.getValue())));
        observations.forEach(sink);
        prompts.forEach(sink);
        memories.forEach(sink);
        tables.rows("sync_chunks", row -> skip("sync_chunks"));
    }

    /**
     * The newest summary of a session wins (on a tie the later row: a session_summary over the end summary). An
     * older one with other words is kept as a context memory, so nothing is lost — engram files every save made
     * outside a session under one {@code manual-save-<project>} session, whose summaries are all different.
     */
    private void offer(Map<String, Candidate> summaries, Map<String, List<Candidate>> earlier, String session, Candidate c) {
        Candidate kept = summaries.get(session);
        Candidate lost = kept == null || c.updated().compareTo(kept.updated()) >= 0 ? kept : c;
        if (lost != c) {
            summaries.put(session, c);
        }
        if (lost != null) {
            earlier.computeIfAbsent(session, k -> new ArrayList<>()).add(lost);
        }
    }

    /** The older summaries of each session, as context memories; a copy of the kept summary's text is skipped. */
    private void earlierSummaries(Map<String, Session> sessions, Map<String, Candidate> summaries,
            Map<String, List<Candidate>> earlier, List<PortableRecord> memories, Map<String, Integer> ordinals) {
        earlier.forEach((id, older) -> {
            String kept = summaries.get(id).text().strip();
            for (Candidate c : older) {
                if (c.text().strip().equals(kept)) {
                    skip(c.endSummary() ? "sessions.summary (the same text as the session's session_summary)"
                            : "observations (session_summary repeating its session's newest summary)");
                    continue;
                }
                Session session = sessions.get(id);
                Map<String, Object> row = new HashMap<>();
                row.put("content", c.text());
                row.put("title", "Earlier session summary: " + c.text().lines().map(String::strip)
                        .filter(l -> !l.isEmpty() && !l.startsWith("#")).findFirst().orElse(session.project()));
                row.put("updated_at", c.updated());
                ObjectNode r = memory(row, "context", session, c.created());
                String key = session.project() + "@" + c.created();
                memories.add(new PortableRecord(PortableType.MEMORY, key + "#" + ordinal(ordinals, key), r, c.where()));
            }
        });
    }

    private PortableRecord session(Session s, String last) {
        ObjectNode r = fields();
        r.put("id", s.id());
        r.put("project", s.project());
        r.put("agent", s.agent());
        r.put("cwd", s.cwd());
        r.putNull("model");
        r.putNull("source");
        // engram has no status: an ended session is completed; one never ended stays active until eagle-mem retires it
        r.put("status", s.ended() == null ? "active" : "completed");
        r.put("started_at", s.started());
        r.put("ended_at", s.ended());
        r.put("last_activity_at", last);
        return new PortableRecord(PortableType.SESSION, s.id(), r, "sessions/" + s.id());
    }

    private static PortableRecord summary(Session s, Candidate c) {
        EngramText.Summary parsed = EngramText.summary(c.text(), c.endSummary());
        ObjectNode r = fields();
        r.put("session_id", s.id());
        r.put("project", s.project());
        r.put("agent", s.agent());
        r.put("request", parsed.request());
        r.putNull("investigated");
        r.put("learned", parsed.learned());
        r.put("completed", parsed.completed());
        r.putNull("decisions");
        r.putNull("gotchas");
        r.put("next_steps", parsed.nextSteps());
        r.put("notes", parsed.notes());
        r.put("key_files", jsonArray(parsed.keyFiles()));
        r.put("files_read", "[]");
        r.put("files_modified", "[]");
        r.put("capture_source", "agent"); // the agent wrote it (mem_session_summary, mem_session_end)
        r.put("created_at", c.created());
        r.put("updated_at", c.updated());
        return new PortableRecord(PortableType.SUMMARY, s.id(), r, c.where());
    }

    /** A tool call: the tool, and engram's title as the call's description; its content (the output) is not kept. */
    private static ObjectNode toolCall(Map<String, Object> o, String type, Session session, String created) {
        ObjectNode r = fields();
        r.put("session_id", session.id());
        r.put("project", session.project());
        r.put("agent", session.agent());
        r.put("tool_name", first(blankToNull(text(o, "tool_name")), type));
        String title = first(blankToNull(text(o, "title")), blankToNull(text(o, "content")));
        String line = title == null ? null : title.strip().replaceAll("\\s+", " ");
        r.put("command", line == null || line.length() <= MAX_COMMAND ? line : line.substring(0, MAX_COMMAND - 1) + "…");
        r.putNull("category"); // ours labels shell commands by program; engram did not record one
        List<String> files = EngramText.whereFiles(text(o, "content"));
        r.put("files_read", jsonArray(type.equals("file_read") ? files : List.of()));
        r.put("files_modified", jsonArray(type.equals("file_change") ? files : List.of()));
        r.putNull("exit_status");
        r.putNull("output_bytes");
        r.putNull("output_lines");
        r.putNull("tool_use_id");
        r.put("created_at", created);
        return r;
    }

    /** A curated observation as a memory; null when it has no text or belongs to no project and is not personal. */
    private ObjectNode memory(Map<String, Object> o, String type, Session session, String created) {
        String content = blankToNull(text(o, "content"));
        if (content == null) {
            return null;
        }
        boolean personal = "personal".equalsIgnoreCase(String.valueOf(text(o, "scope")).strip());
        String own = blankToNull(text(o, "project"));
        String project = personal ? null : own != null ? projectKey.apply(own.strip()) : session == null ? null
                : session.project();
        if (!personal && project == null) {
            return null;
        }
        MemoryKind kind = kind(type);
        String title = first(blankToNull(text(o, "title")),
                content.lines().filter(l -> !l.isBlank()).findFirst().orElse(content));
        String oneLine = title.strip().replaceAll("\\s+", " ");
        String updated = first(time(text(o, "updated_at")), created);
        String deleted = time(text(o, "deleted_at"));
        ObjectNode r = fields();
        r.put("project", project);
        r.put("scope", personal ? "personal" : "project");
        r.put("kind", kind.id());
        r.put("title", oneLine.length() > 300 ? oneLine.substring(0, 300) : oneLine);
        r.put("content", content);
        for (String c : List.of("situation", "behavior", "impact", "action", "subject", "predicate", "object")) {
            r.putNull(c);
        }
        r.put("topic_key", blankToNull(text(o, "topic_key")));
        r.put("files", jsonArray(EngramText.whereFiles(content)));
        r.put("normalized_hash", kind.normalizedHash(content));
        r.put("revision_count", Math.max(number(o, "revision_count", 1), 1));
        // engram counts saves (1 = saved once); eagle-mem counts re-adds (0 = never added again)
        r.put("duplicate_count", Math.max(number(o, "duplicate_count", 1) - 1, 0));
        r.put("source_agent", session == null ? "claude-code" : session.agent());
        r.put("session_id", session == null ? null : session.id());
        r.putNull("superseded_by");
        r.put("created_at", created);
        r.put("updated_at", updated);
        r.put("last_seen_at", first(time(text(o, "last_seen_at")), updated));
        r.put("deleted_at", deleted);
        r.put("delete_reason", deleted == null ? null : "deleted in engram");
        return r;
    }

    /**
     * engram's types as eagle-mem kinds; the aliases are the ones engram itself groups into a topic family
     * (store.inferTopicFamily). config and manual notes, and anything else, are context. "passive" notes are the
     * learnings engram extracted from an agent's output.
     */
    static MemoryKind kind(String type) {
        return switch (type) {
            case "decision", "architecture", "design", "adr", "refactor" -> MemoryKind.DECISION;
            case "bugfix", "bug", "fix", "incident", "hotfix" -> MemoryKind.GOTCHA;
            case "pattern", "convention", "guideline" -> MemoryKind.PATTERN;
            case "preference" -> MemoryKind.PREFERENCE;
            case "discovery", "investigation", "root_cause", "root-cause", "learning", "learn", "passive" -> MemoryKind.DISCOVERY;
            default -> MemoryKind.CONTEXT;
        };
    }

    private List<PortableRecord> prompts(Map<String, Session> sessions, Map<String, String> activity) {
        List<PortableRecord> out = new ArrayList<>();
        Map<String, Integer> ordinals = new HashMap<>();
        tables.rows("user_prompts", p -> {
            Session session = sessions.get(text(p, "session_id"));
            String prompt = blankToNull(text(p, "content"));
            if (session == null || prompt == null) {
                skip("user_prompts (no session, or empty)");
                return;
            }
            String created = first(time(text(p, "created_at")), EPOCH);
            activity.merge(session.id(), created, SourceRows::max);
            ObjectNode r = fields();
            r.put("session_id", session.id());
            r.put("project", session.project());
            r.put("agent", session.agent());
            r.put("prompt", prompt);
            r.put("created_at", created);
            String key = session.id() + "@" + created;
            out.add(new PortableRecord(PortableType.PROMPT, key + "#" + ordinal(ordinals, key), r,
                    "user_prompts/" + p.get("id")));
        });
        return out;
    }

    private static String agent(String sessionId) {
        return sessionId.startsWith("ses_") ? "opencode" : "claude-code";
    }

    /**
     * engram writes SQLite's datetime('now') (2026-02-28 10:00:00, UTC); a JSON export or a newer version may carry
     * RFC 3339 with an offset.
     */
    static String time(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String t = EagleV1Source.time(Map.of("t", value), "t");
        if (t != null) {
            return t;
        }
        try {
            return Timestamps.format(OffsetDateTime.parse(value.strip()).toInstant());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Position among records of one owner and millisecond, counting from 0 (docs/export-format.md). */
    private static int ordinal(Map<String, Integer> ordinals, String key) {
        return ordinals.merge(key, 1, Integer::sum) - 1;
    }

    private static void touch(Map<String, String[]> projects, String key, String at) {
        projects.merge(key, new String[] { at, at }, (a, b) -> new String[] { min(a[0], b[0]), max(a[1], b[1]) });
    }

    private void skip(String what) {
        notImported.merge(what, 1L, Long::sum);
    }
}
