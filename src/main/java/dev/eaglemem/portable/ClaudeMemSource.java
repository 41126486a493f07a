package dev.eaglemem.portable;

import static dev.eaglemem.portable.SourceRows.blankToNull;
import static dev.eaglemem.portable.SourceRows.fields;
import static dev.eaglemem.portable.SourceRows.first;
import static dev.eaglemem.portable.SourceRows.text;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.SourceDb;
import dev.eaglemem.store.Timestamps;

/**
 * claude-mem's {@code ~/.claude-mem/claude-mem.db} as import records, as claude-mem 13.25.3 writes it (checked
 * against a database its worker wrote). Its sessions are keyed by the agent's own session id
 * (content_session_id), as eagle-mem's are, so a session both tools saw is one session; claude-mem's own
 * observer session (memory_session_id) links the session to its observations and summaries. Its
 * "observations" are model-written notes (type, title, narrative, facts), so they become memories; its session
 * summaries (one per prompt) become the session's summary (the newest). Memories saved by hand
 * ({@code /api/memory/save}, the MCP save tool) hang off a stand-in session per project
 * ({@code manual-<project>…}): they become project memories of no session, and the stand-in is no session.
 * claude-mem names a project by its repository's basename: a name that is the last part of exactly one
 * eagle-mem project key maps to that key, any other name is used as it is. Before claude-mem's migration 17
 * the two session ids were columns claude_session_id and sdk_session_id; both spellings are read.
 */
final class ClaudeMemSource implements RecordSource {

    /** Raw tool calls (claude-mem's observer input); eagle-mem does not import them. */
    private static final List<String> NOT_IMPORTED = List.of("pending_messages", "tool_uses");

    private final SourceDb db;
    private final UnaryOperator<String> projectKey;
    private final Map<String, Long> notImported = new TreeMap<>();

    ClaudeMemSource(SourceDb db, UnaryOperator<String> projectKey) {
        this.db = db;
        this.projectKey = projectKey;
    }

    static boolean recognizes(SourceDb db) {
        Set<String> tables = db.tables();
        return tables.contains("sdk_sessions") && tables.contains("observations") && tables.contains("session_summaries");
    }

    @Override
    public ImportKind kind() {
        return ImportKind.CLAUDE_MEM;
    }

    @Override
    public Map<String, Long> notImported() {
        return notImported;
    }

    /**
     * One claude-mem session as eagle-mem sees it.
     *
     * @param id the agent's session id; null for the stand-in that holds memories saved by hand
     * @param root the project's directory, when a tool call's working directory shows it: file paths under it
     *        are stored relative to it, as eagle-mem stores them
     */
    private record Session(String id, String project, String agent, String started, String last, String cwd, Path root) {

        boolean real() {
            return id != null;
        }

        String file(String path) {
            if (root == null || path == null) {
                return path;
            }
            try {
                Path p = Path.of(path);
                if (p.isAbsolute() && p.normalize().startsWith(root) && !p.normalize().equals(root)) {
                    return root.relativize(p.normalize()).toString();
                }
            } catch (InvalidPathException e) {
                // not a path of this system: as it is
            }
            return path;
        }
    }

    @Override
    public void forEach(Consumer<PortableRecord> sink) {
        notImported.clear();
        Map<String, String> cwds = cwds();
        Map<String, Session> byRow = new HashMap<>();
        Map<String, Session> byContent = new HashMap<>();
        Map<String, Session> byMemory = new HashMap<>();
        Map<String, String[]> projects = new TreeMap<>();
        List<Map<String, Object>> rows = db.rows("sdk_sessions");
        List<Map<String, Object>> real = new ArrayList<>();
        for (Map<String, Object> s : rows) {
            String project = text(s, "project");
            String contentId = contentId(s);
            if (project == null || project.isBlank() || contentId == null) {
                skip("sdk_sessions (no project or no session id)");
                continue;
            }
            String memoryId = memoryId(s);
            boolean standIn = memoryId != null && memoryId.startsWith("manual-") && contentId.startsWith("manual-content-");
            if (!standIn && byContent.containsKey(contentId)) {
                // claude-mem keys sessions by (platform_source, content_session_id); eagle-mem by the id alone
                skip("sdk_sessions (a second session with the same id, from another platform)");
                continue;
            }
            String key = projectKey.apply(project);
            String started = time(s.get("started_at_epoch"), text(s, "started_at"));
            String done = time(s.get("completed_at_epoch"), text(s, "completed_at"));
            String cwd = standIn ? null : first(cwds.get(row(s.get("id"))), cwds.get(contentId));
            Session session = new Session(standIn ? null : contentId, key, agent(text(s, "platform_source")), started,
                    done != null ? done : started, cwd, root(cwd, project));
            byRow.put(row(s.get("id")), session);
            if (memoryId != null) {
                byMemory.put(memoryId, session);
            }
            if (standIn) {
                skip("sdk_sessions (stand-in for memories saved by hand)");
            } else {
                byContent.put(contentId, session);
                real.add(s);
            }
            projects.merge(key, new String[] { started, session.last() },
                    (a, b) -> new String[] { a[0].compareTo(b[0]) <= 0 ? a[0] : b[0], a[1].compareTo(b[1]) >= 0 ? a[1] : b[1] });
        }
        projects.forEach((key, span) -> {
            ObjectNode r = fields();
            r.put("key", key);
            r.putNull("root_path");
            r.put("created_at", span[0]);
            r.put("last_seen_at", span[1]);
            sink.accept(new PortableRecord(PortableType.PROJECT, key, r, "sdk_sessions project " + key));
        });
        for (Map<String, Object> s : real) {
            Session session = byRow.get(row(s.get("id")));
            ObjectNode r = fields();
            r.put("id", session.id());
            r.put("project", session.project());
            r.put("agent", session.agent());
            r.put("cwd", session.cwd());
            r.putNull("model");
            r.putNull("source");
            String status = text(s, "status");
            r.put("status", "completed".equals(status) ? "completed" : "failed".equals(status) ? "abandoned" : "active");
            r.put("started_at", session.started());
            r.put("ended_at", "completed".equals(status) || "failed".equals(status) ? session.last() : null);
            r.put("last_activity_at", session.last());
            sink.accept(new PortableRecord(PortableType.SESSION, session.id(), r, "sdk_sessions/" + s.get("id")));
        }
        summaries(byMemory, sink);
        prompts(byRow, byContent, sink);
        memories(byMemory, sink);
        for (String table : NOT_IMPORTED) {
            db.rows(table, row -> skip(table));
        }
    }

    /** The working directory of each session's first tool call, by sdk_sessions row id and by agent session id. */
    private Map<String, String> cwds() {
        Map<String, String> cwds = new HashMap<>();
        db.rows("tool_uses", t -> {
            String cwd = blankToNull(text(t, "cwd"));
            if (cwd != null) {
                if (t.get("session_db_id") != null) {
                    cwds.putIfAbsent(row(t.get("session_db_id")), cwd);
                }
                if (text(t, "content_session_id") != null) {
                    cwds.putIfAbsent(text(t, "content_session_id"), cwd);
                }
            }
        });
        return cwds;
    }

    /**
     * The project's directory: the working directory or the nearest directory above it named like the project
     * (claude-mem names a project after its git root; a worktree's project is {@code parent/worktree}).
     */
    private static Path root(String cwd, String project) {
        if (cwd == null) {
            return null;
        }
        String name = project.substring(project.lastIndexOf('/') + 1);
        try {
            for (Path dir = Path.of(cwd).normalize(); dir != null && dir.isAbsolute(); dir = dir.getParent()) {
                if (dir.getFileName() != null && dir.getFileName().toString().equals(name)) {
                    return dir;
                }
            }
        } catch (InvalidPathException e) {
            // not a path of this system
        }
        return null;
    }

    private void summaries(Map<String, Session> byMemory, Consumer<PortableRecord> sink) {
        // claude-mem writes a summary per prompt; eagle-mem keeps one per session: the newest
        Map<String, Map<String, Object>> newest = new HashMap<>();
        Map<String, Session> byId = new HashMap<>();
        db.rows("session_summaries", s -> {
            Session session = byMemory.get(memoryId(s));
            if (session == null || !session.real()) {
                skip("session_summaries (no session)");
                return;
            }
            byId.put(session.id(), session);
            Map<String, Object> kept = newest.get(session.id());
            if (kept != null) {
                skip("session_summaries (older summary of the same session)");
                if (epoch(kept.get("created_at_epoch")) > epoch(s.get("created_at_epoch"))) {
                    return;
                }
            }
            newest.put(session.id(), s);
        });
        newest.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            Session session = byId.get(e.getKey());
            Map<String, Object> s = e.getValue();
            ObjectNode r = fields();
            r.put("session_id", session.id());
            r.put("project", session.project());
            r.put("agent", session.agent());
            for (String c : List.of("request", "investigated", "learned", "completed")) {
                r.put(c, blankToNull(text(s, c)));
            }
            r.putNull("decisions");
            r.putNull("gotchas");
            r.put("next_steps", blankToNull(text(s, "next_steps")));
            r.put("notes", blankToNull(text(s, "notes")));
            r.put("key_files", "[]");
            r.put("files_read", files(session, text(s, "files_read")));
            r.put("files_modified", files(session, text(s, "files_edited")));
            r.put("capture_source", "enrich");
            String at = time(s.get("created_at_epoch"), text(s, "created_at"));
            r.put("created_at", at);
            r.put("updated_at", at);
            sink.accept(new PortableRecord(PortableType.SUMMARY, session.id(), r, "session_summaries/" + s.get("id")));
        });
    }

    private void prompts(Map<String, Session> byRow, Map<String, Session> byContent, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("user_prompts", p -> {
            // since 13.x a prompt names its session row (session_db_id); before, only the agent's session id
            Session session = p.get("session_db_id") != null ? byRow.get(row(p.get("session_db_id")))
                    : byContent.get(contentId(p));
            String prompt = text(p, "prompt_text");
            if (session == null || !session.real() || prompt == null || prompt.isBlank()) {
                skip("user_prompts (no session or empty)");
                return;
            }
            if (prompt.strip().equals("[media prompt]")) {
                skip("user_prompts (image or other media, no text)");
                return;
            }
            ObjectNode r = fields();
            r.put("session_id", session.id());
            r.put("project", session.project());
            r.put("agent", session.agent());
            r.put("prompt", prompt);
            String at = time(p.get("created_at_epoch"), text(p, "created_at"));
            r.put("created_at", at);
            String key = session.id() + "@" + at;
            int n = ordinals.merge(key, 1, Integer::sum) - 1;
            sink.accept(new PortableRecord(PortableType.PROMPT, key + "#" + n, r, "user_prompts/" + p.get("id")));
        });
    }

    private void memories(Map<String, Session> byMemory, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("observations", o -> {
            Session session = byMemory.get(memoryId(o));
            String content = content(o);
            if (session == null || content == null) {
                skip("observations (no session or no text)");
                return;
            }
            MemoryKind kind = switch (String.valueOf(text(o, "type"))) {
                case "decision" -> MemoryKind.DECISION;
                case "bugfix", "security_alert", "security_note" -> MemoryKind.GOTCHA;
                case "discovery" -> MemoryKind.DISCOVERY;
                default -> MemoryKind.CONTEXT;
            };
            String title = first(blankToNull(text(o, "title")), blankToNull(text(o, "subtitle")),
                    content.lines().findFirst().orElse(content));
            Set<String> files = new LinkedHashSet<>();
            for (String column : List.of("files_modified", "files_read")) {
                strings(text(o, column)).forEach(f -> files.add(session.file(f)));
            }
            String at = time(o.get("created_at_epoch"), text(o, "created_at"));
            ObjectNode r = memory(session.project(), kind, title, content, files, session.agent(), session.id(), at);
            sink.accept(new PortableRecord(PortableType.MEMORY, id(ordinals, session.project(), at), r,
                    "observations/" + o.get("id")));
        });
    }

    private static String id(Map<String, Integer> ordinals, String project, String at) {
        String key = project + "@" + at;
        return key + "#" + (ordinals.merge(key, 1, Integer::sum) - 1);
    }

    private static ObjectNode memory(String project, MemoryKind kind, String title, String content, Set<String> files,
            String agent, String session, String at) {
        ObjectNode r = fields();
        r.put("project", project);
        r.put("scope", "project");
        r.put("kind", kind.id());
        String oneLine = title.strip().replaceAll("\\s+", " ");
        r.put("title", oneLine.length() > 300 ? oneLine.substring(0, 300) : oneLine);
        r.put("content", content);
        for (String c : List.of("situation", "behavior", "impact", "action", "subject", "predicate", "object", "topic_key")) {
            r.putNull(c);
        }
        ArrayNode list = ExportFormat.JSON.createArrayNode();
        files.forEach(list::add);
        r.put("files", list.toString());
        r.put("normalized_hash", kind.normalizedHash(content));
        r.put("revision_count", 1L);
        r.put("duplicate_count", 0L);
        r.put("source_agent", agent);
        r.put("session_id", session);
        r.putNull("superseded_by");
        r.put("created_at", at);
        r.put("updated_at", at);
        r.put("last_seen_at", at);
        r.putNull("deleted_at");
        r.putNull("delete_reason");
        return r;
    }

    /** The narrative, then the facts as a list; the raw text when the model wrote neither. */
    private static String content(Map<String, Object> o) {
        StringBuilder out = new StringBuilder();
        String narrative = blankToNull(text(o, "narrative"));
        if (narrative != null) {
            out.append(narrative.strip());
        }
        for (String fact : strings(text(o, "facts"))) {
            out.append(out.isEmpty() ? "" : "\n").append("- ").append(fact);
        }
        if (out.isEmpty() && blankToNull(text(o, "text")) != null) {
            out.append(text(o, "text").strip());
        }
        return out.isEmpty() ? null : out.toString();
    }

    /** A JSON list of files (claude-mem's summaries keep them so), relative to the project where possible. */
    private static String files(Session session, String json) {
        ArrayNode list = ExportFormat.JSON.createArrayNode();
        strings(json).stream().map(session::file).distinct().forEach(list::add);
        return list.toString();
    }

    private static List<String> strings(String json) {
        List<String> out = new ArrayList<>();
        if (json == null || json.isBlank()) {
            return out;
        }
        try {
            JsonNode node = ExportFormat.JSON.readTree(json);
            if (node != null && node.isArray()) {
                node.forEach(n -> {
                    if (!n.asText().isBlank()) {
                        out.add(n.asText());
                    }
                });
                return out;
            }
        } catch (JsonProcessingException e) {
            // not JSON: one value
        }
        out.add(json.strip());
        return out;
    }

    /** claude-mem's platform_source (claude, codex, cursor, …; empty before it had one) as an eagle-mem agent id. */
    private static String agent(String platform) {
        if (platform == null || platform.isBlank()) {
            return AgentSource.CLAUDE_CODE.id();
        }
        return AgentSource.parse(platform).map(AgentSource::id).orElse(platform.strip());
    }

    /** An sdk_sessions row id as a map key ("#12"), whatever number type the driver returned it as. */
    private static String row(Object id) {
        return "#" + (id instanceof Number n ? Long.toString(n.longValue()) : String.valueOf(id));
    }

    private static String contentId(Map<String, Object> row) {
        return blankToNull(first(text(row, "content_session_id"), text(row, "claude_session_id")));
    }

    private static String memoryId(Map<String, Object> row) {
        return blankToNull(first(text(row, "memory_session_id"), text(row, "sdk_session_id")));
    }

    /** claude-mem keeps each time twice, as ISO text and as epoch milliseconds; the number is the reliable one. */
    private static String time(Object epoch, String text) {
        if (epoch instanceof Number n && n.longValue() > 0) {
            return Timestamps.format(Instant.ofEpochMilli(n.longValue()));
        }
        if (text != null) {
            String t = EagleV1Source.time(Map.of("t", text), "t");
            if (t != null) {
                return t;
            }
        }
        return epoch == null && text == null ? null : "1970-01-01T00:00:00.000Z";
    }

    private static long epoch(Object value) {
        return value instanceof Number n ? n.longValue() : 0;
    }

    private void skip(String what) {
        notImported.merge(what, 1L, Long::sum);
    }
}
