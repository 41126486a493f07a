package dev.eaglemem.portable;

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
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.SourceDb;
import dev.eaglemem.store.Timestamps;

/**
 * claude-mem's {@code ~/.claude-mem/claude-mem.db} as import records. Its sessions are keyed by the agent's own
 * session id (content_session_id), as eagle-mem's are, so a session both tools saw is one session. Its
 * "observations" are model-written notes (type, title, narrative, facts), so they become memories; its session
 * summaries (one per prompt) become the session's summary (the newest); its directives become preferences.
 * claude-mem names a project by its directory's basename: a name that is the last part of exactly one eagle-mem
 * project key maps to that key, any other name is used as it is.
 */
final class ClaudeMemSource implements RecordSource {

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

    /** One claude-mem session as eagle-mem sees it. */
    private record Session(String id, String project, String agent, String started, String last) {
    }

    @Override
    public void forEach(Consumer<PortableRecord> sink) {
        notImported.clear();
        Map<String, Session> byContent = new HashMap<>();
        Map<String, Session> byMemory = new HashMap<>();
        Map<String, String[]> projects = new TreeMap<>();
        List<Map<String, Object>> rows = db.rows("sdk_sessions");
        for (Map<String, Object> s : rows) {
            String project = text(s, "project");
            if (project == null || project.isBlank()) {
                skip("sdk_sessions (no project)");
                continue;
            }
            String key = projectKey.apply(project);
            String started = time(s.get("started_at_epoch"), text(s, "started_at"));
            String done = time(s.get("completed_at_epoch"), text(s, "completed_at"));
            Session session = new Session(text(s, "content_session_id"), key, agent(text(s, "platform_source")), started,
                    done != null ? done : started);
            byContent.put(session.id(), session);
            if (text(s, "memory_session_id") != null) {
                byMemory.put(text(s, "memory_session_id"), session);
            }
            projects.merge(key, new String[] { started, session.last() },
                    (a, b) -> new String[] { a[0].compareTo(b[0]) <= 0 ? a[0] : b[0], a[1].compareTo(b[1]) >= 0 ? a[1] : b[1] });
        }
        List<Map<String, Object>> directives = db.rows("directives");
        for (Map<String, Object> d : directives) {
            String p = text(d, "project");
            if (p != null && !p.isBlank() && "project".equals(text(d, "scope"))) {
                String at = time(d.get("created_at_epoch"), text(d, "created_at"));
                projects.merge(projectKey.apply(p), new String[] { at, at }, (a, b) -> a);
            }
        }
        projects.forEach((key, span) -> {
            ObjectNode r = fields();
            r.put("key", key);
            r.putNull("root_path");
            r.put("created_at", span[0]);
            r.put("last_seen_at", span[1]);
            sink.accept(new PortableRecord(PortableType.PROJECT, key, r, "sdk_sessions project " + key));
        });
        for (Map<String, Object> s : rows) {
            Session session = byContent.get(text(s, "content_session_id"));
            if (session == null) {
                continue;
            }
            ObjectNode r = fields();
            r.put("id", session.id());
            r.put("project", session.project());
            r.put("agent", session.agent());
            r.putNull("cwd");
            r.putNull("model");
            r.putNull("source");
            String status = text(s, "status");
            r.put("status", "completed".equals(status) ? "completed" : "failed".equals(status) ? "abandoned" : "active");
            r.put("started_at", session.started());
            r.put("ended_at", "active".equals(status) ? null : session.last());
            r.put("last_activity_at", session.last());
            sink.accept(new PortableRecord(PortableType.SESSION, session.id(), r, "sdk_sessions/" + s.get("id")));
        }
        summaries(byMemory, sink);
        prompts(byContent, sink);
        memories(byMemory, directives, sink);
        for (String table : List.of("pending_messages", "observation_feedback")) {
            db.rows(table, row -> skip(table));
        }
    }

    private void summaries(Map<String, Session> byMemory, Consumer<PortableRecord> sink) {
        // claude-mem writes a summary per prompt; eagle-mem keeps one per session: the newest
        Map<String, Map<String, Object>> newest = new HashMap<>();
        db.rows("session_summaries", s -> {
            Session session = byMemory.get(text(s, "memory_session_id"));
            if (session == null) {
                skip("session_summaries (no session)");
                return;
            }
            Map<String, Object> kept = newest.get(session.id());
            if (kept != null) {
                skip("session_summaries (older summary of the same session)");
                if (epoch(kept.get("created_at_epoch")) > epoch(s.get("created_at_epoch"))) {
                    return;
                }
            }
            newest.put(session.id(), s);
        });
        Map<String, Session> byId = new HashMap<>();
        byMemory.values().forEach(s -> byId.put(s.id(), s));
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
            r.put("files_read", EagleV1Source.jsonList(text(s, "files_read")));
            r.put("files_modified", EagleV1Source.jsonList(text(s, "files_edited")));
            r.put("capture_source", "enrich");
            String at = time(s.get("created_at_epoch"), text(s, "created_at"));
            r.put("created_at", at);
            r.put("updated_at", at);
            sink.accept(new PortableRecord(PortableType.SUMMARY, session.id(), r, "session_summaries/" + s.get("id")));
        });
    }

    private void prompts(Map<String, Session> byContent, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("user_prompts", p -> {
            Session session = byContent.get(text(p, "content_session_id"));
            String prompt = text(p, "prompt_text");
            if (session == null || prompt == null || prompt.isBlank()) {
                skip("user_prompts (no session or empty)");
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

    private void memories(Map<String, Session> byMemory, List<Map<String, Object>> directives, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("observations", o -> {
            Session session = byMemory.get(text(o, "memory_session_id"));
            String content = content(o);
            if (session == null || content == null) {
                skip("observations (no session or no text)");
                return;
            }
            MemoryKind kind = switch (String.valueOf(text(o, "type"))) {
                case "decision" -> MemoryKind.DECISION;
                case "bugfix" -> MemoryKind.GOTCHA;
                case "discovery" -> MemoryKind.DISCOVERY;
                default -> MemoryKind.CONTEXT;
            };
            String title = first(blankToNull(text(o, "title")), blankToNull(text(o, "subtitle")), content.lines().findFirst().orElse(content));
            Set<String> files = new LinkedHashSet<>();
            addAll(files, text(o, "files_modified"));
            addAll(files, text(o, "files_read"));
            String at = time(o.get("created_at_epoch"), text(o, "created_at"));
            ObjectNode r = memory(session.project(), kind, title, content, files, session.agent(), session.id(), at, null);
            sink.accept(new PortableRecord(PortableType.MEMORY, id(ordinals, session.project(), at), r, "observations/" + o.get("id")));
        });
        for (Map<String, Object> d : directives) {
            String content = blankToNull(text(d, "content"));
            if (content == null) {
                skip("directives (empty)");
                continue;
            }
            boolean personal = !"project".equals(text(d, "scope")) || blankToNull(text(d, "project")) == null;
            String project = personal ? null : projectKey.apply(text(d, "project"));
            String at = time(d.get("created_at_epoch"), text(d, "created_at"));
            String updated = first(time(d.get("updated_at_epoch"), null), at);
            ObjectNode r = memory(project, MemoryKind.PREFERENCE, content.lines().findFirst().orElse(content), content,
                    Set.of(), "claude-code", null, at, "active".equals(text(d, "status")) ? null : updated);
            r.put("scope", personal ? "personal" : "project");
            r.put("updated_at", updated);
            r.put("last_seen_at", updated);
            sink.accept(new PortableRecord(PortableType.MEMORY, id(ordinals, project, at), r, "directives/" + d.get("id")));
        }
    }

    private static String id(Map<String, Integer> ordinals, String project, String at) {
        String key = (project == null ? "~" : project) + "@" + at;
        return key + "#" + (ordinals.merge(key, 1, Integer::sum) - 1);
    }

    private static ObjectNode memory(String project, MemoryKind kind, String title, String content, Set<String> files,
            String agent, String session, String at, String deletedAt) {
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
        r.put("deleted_at", deletedAt);
        r.put("delete_reason", deletedAt == null ? null : "inactive in claude-mem");
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

    private static void addAll(Set<String> files, String json) {
        files.addAll(strings(json));
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

    private static String agent(String platform) {
        if (platform == null || platform.isBlank() || platform.equals("claude")) {
            return "claude-code";
        }
        return platform;
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

    private static ObjectNode fields() {
        return ExportFormat.JSON.createObjectNode();
    }

    private static String text(Map<String, Object> row, String column) {
        Object v = row.get(column);
        return v == null ? null : v.toString();
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v;
    }

    @SafeVarargs
    private static <T> T first(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
