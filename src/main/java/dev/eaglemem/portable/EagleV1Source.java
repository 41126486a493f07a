package dev.eaglemem.portable;

import static dev.eaglemem.portable.SourceRows.blankToNull;
import static dev.eaglemem.portable.SourceRows.fields;
import static dev.eaglemem.portable.SourceRows.first;
import static dev.eaglemem.portable.SourceRows.max;
import static dev.eaglemem.portable.SourceRows.min;
import static dev.eaglemem.portable.SourceRows.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.SourceDb;

/**
 * The original bash Eagle Mem's {@code memory.db} (its final schema, migrations 001–045) as import records.
 * Project keys are the same strings in both tools (dev.eaglemem.project.ProjectKeys keeps the format), so
 * they map one to one. Claude Code's memory files it mirrored (agent_memories) become memories; its
 * orchestration, task mirrors, graph and bookkeeping tables have no counterpart and are counted as not
 * imported.
 */
final class EagleV1Source implements RecordSource {

    /** Tables with no eagle-mem counterpart (derived, bookkeeping, or features eagle-mem does not have yet). */
    private static final List<String> NOT_IMPORTED = List.of("agent_plans", "agent_tasks", "orchestrations",
            "orchestration_lanes", "orchestration_auto_events", "command_rules", "file_hints", "graph_nodes", "graph_edges",
            "recall_events", "eagle_events", "code_chunks", "pending_feature_verifications", "eagle_meta");
    private static final Pattern ISO = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z");
    private static final Pattern PLAIN = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})[ T](\\d{2}:\\d{2}:\\d{2})(\\.\\d{1,3})?Z?");
    private static final String EPOCH = "1970-01-01T00:00:00.000Z";

    private final SourceDb db;
    private final Map<String, Long> notImported = new TreeMap<>();

    EagleV1Source(SourceDb db) {
        this.db = db;
    }

    /** True when the database has the original's tables (sessions, observations with tool_input_summary, summaries). */
    static boolean recognizes(SourceDb db) {
        Set<String> tables = db.tables();
        return tables.contains("sessions") && tables.contains("summaries") && tables.contains("observations")
                && db.columns("observations").contains("tool_input_summary");
    }

    @Override
    public ImportKind kind() {
        return ImportKind.EAGLE_MEM_V1;
    }

    @Override
    public Map<String, Long> notImported() {
        return notImported;
    }

    @Override
    public void forEach(Consumer<PortableRecord> sink) {
        notImported.clear();
        List<Map<String, Object>> sessions = db.rows("sessions");
        Map<String, String> sessionProject = new HashMap<>();
        Map<String, String[]> projects = new TreeMap<>();
        for (Map<String, Object> s : sessions) {
            String project = text(s, "project");
            if (project != null && !project.isEmpty()) {
                sessionProject.put(text(s, "id"), project);
                String started = time(s, "started_at");
                String last = time(s, "last_activity_at") != null ? time(s, "last_activity_at") : started;
                projects.merge(project, new String[] { started, last },
                        (a, b) -> new String[] { min(a[0], b[0]), max(a[1], b[1]) });
            } else {
                skip("sessions (no project)");
            }
        }
        for (String table : List.of("overviews", "agent_memories", "features", "guardrails")) {
            db.rows(table, row -> {
                String project = text(row, "project");
                String at = first(time(row, "updated_at"), time(row, "created_at"), time(row, "captured_at"));
                if (project != null && !project.isEmpty()) {
                    projects.merge(project, new String[] { at, at }, (a, b) -> new String[] { min(a[0], b[0]), max(a[1], b[1]) });
                }
            });
        }
        projects.forEach((key, span) -> {
            ObjectNode r = fields();
            r.put("key", key);
            r.putNull("root_path");
            r.put("created_at", first(span[0], EPOCH));
            r.put("last_seen_at", first(span[1], span[0], EPOCH));
            sink.accept(new PortableRecord(PortableType.PROJECT, key, r, "projects of sessions/" + key));
        });
        for (Map<String, Object> s : sessions) {
            String id = text(s, "id");
            if (!sessionProject.containsKey(id)) {
                continue;
            }
            ObjectNode r = fields();
            r.put("id", id);
            r.put("project", sessionProject.get(id));
            r.put("agent", agent(s, "agent"));
            for (String c : List.of("cwd", "model", "source")) {
                r.put(c, text(s, c));
            }
            String status = text(s, "status");
            r.put("status", List.of("active", "completed", "abandoned").contains(status) ? status : "completed");
            String started = first(time(s, "started_at"), EPOCH);
            r.put("started_at", started);
            r.put("ended_at", time(s, "ended_at"));
            r.put("last_activity_at", first(time(s, "last_activity_at"), started));
            sink.accept(new PortableRecord(PortableType.SESSION, id, r, "sessions/" + id));
        }
        summaries(sessionProject, sink);
        observations(sessionProject, sink);
        memories(sessionProject, sink);
        overviews(projects.keySet(), sink);
        features(projects.keySet(), sink);
        guardRules(projects.keySet(), sink);
        for (String table : NOT_IMPORTED) {
            db.rows(table, row -> skip(table));
        }
    }

    private void summaries(Map<String, String> sessionProject, Consumer<PortableRecord> sink) {
        db.rows("summaries", s -> {
            String session = text(s, "session_id");
            if (!sessionProject.containsKey(session)) {
                skip("summaries (no session)");
                return;
            }
            ObjectNode r = fields();
            r.put("session_id", session);
            r.put("project", sessionProject.get(session));
            r.put("agent", agent(s, "agent"));
            for (String c : List.of("request", "investigated", "learned", "completed", "decisions", "gotchas", "next_steps",
                    "notes")) {
                r.put(c, blankToNull(text(s, c)));
            }
            r.put("key_files", jsonList(text(s, "key_files")));
            r.put("files_read", jsonList(text(s, "files_read")));
            r.put("files_modified", jsonList(text(s, "files_modified")));
            String source = text(s, "capture_source");
            r.put("capture_source", List.of("agent", "manual", "hook", "enrich").contains(source) ? source : "hook");
            String created = first(time(s, "created_at"), EPOCH);
            r.put("created_at", created);
            r.put("updated_at", first(time(s, "updated_at"), created));
            sink.accept(new PortableRecord(PortableType.SUMMARY, session, r, "summaries/" + s.get("id")));
        });
    }

    private void observations(Map<String, String> sessionProject, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("observations", o -> {
            String session = text(o, "session_id");
            if (!sessionProject.containsKey(session)) {
                skip("observations (no session)");
                return;
            }
            ObjectNode r = fields();
            r.put("session_id", session);
            r.put("project", sessionProject.get(session));
            r.put("agent", agent(o, "agent"));
            r.put("tool_name", first(text(o, "tool_name"), "unknown"));
            r.put("command", blankToNull(text(o, "tool_input_summary")));
            r.put("category", blankToNull(text(o, "command_category")));
            r.put("files_read", jsonList(text(o, "files_read")));
            r.put("files_modified", jsonList(text(o, "files_modified")));
            r.putNull("exit_status");
            putLong(r, "output_bytes", o.get("output_bytes"));
            putLong(r, "output_lines", o.get("output_lines"));
            r.putNull("tool_use_id");
            String created = first(time(o, "created_at"), EPOCH);
            r.put("created_at", created);
            String id = session + "@" + created + "#" + ordinals.merge(session + "@" + created, 1, Integer::sum).intValue();
            sink.accept(new PortableRecord(PortableType.OBSERVATION, ordinal(id), r, "observations/" + o.get("id")));
        });
    }

    private void memories(Map<String, String> sessionProject, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        db.rows("agent_memories", m -> {
            String project = text(m, "project");
            String content = text(m, "content");
            if (project == null || project.isEmpty() || content == null || content.isBlank()) {
                skip("agent_memories (no project or no content)");
                return;
            }
            MemoryKind kind = switch (first(text(m, "memory_type"), "")) {
                case "user", "feedback" -> MemoryKind.PREFERENCE;
                default -> MemoryKind.CONTEXT;
            };
            String title = first(blankToNull(text(m, "memory_name")), blankToNull(text(m, "description")),
                    text(m, "file_path"));
            ObjectNode r = fields();
            r.put("project", project);
            r.put("scope", "project");
            r.put("kind", kind.id());
            r.put("title", title.length() > 300 ? title.substring(0, 300) : title);
            r.put("content", content);
            for (String c : List.of("situation", "behavior", "impact", "action", "subject", "predicate", "object",
                    "topic_key")) {
                r.putNull(c);
            }
            r.put("files", "[]");
            r.put("normalized_hash", kind.normalizedHash(content));
            r.put("revision_count", 1L);
            r.put("duplicate_count", 0L);
            r.put("source_agent", agent(m, "origin_agent"));
            String session = text(m, "origin_session_id");
            r.put("session_id", sessionProject.containsKey(session) ? session : null);
            r.putNull("superseded_by");
            String created = first(time(m, "captured_at"), time(m, "updated_at"), EPOCH);
            String updated = first(time(m, "updated_at"), created);
            r.put("created_at", created);
            r.put("updated_at", updated);
            r.put("last_seen_at", updated);
            r.putNull("deleted_at");
            r.putNull("delete_reason");
            String id = project + "@" + created + "#" + ordinals.merge(project + "@" + created, 1, Integer::sum).intValue();
            sink.accept(new PortableRecord(PortableType.MEMORY, ordinal(id), r, "agent_memories/" + m.get("id")));
        });
    }

    private void overviews(Set<String> projects, Consumer<PortableRecord> sink) {
        db.rows("overviews", o -> {
            String project = text(o, "project");
            String content = text(o, "content");
            if (!projects.contains(project) || content == null || content.isBlank()) {
                skip("overviews (no project or empty)");
                return;
            }
            ObjectNode r = fields();
            r.put("project", project);
            r.put("content", content.length() > 16384 ? content.substring(0, 16384) : content);
            r.put("source", "scan".equals(text(o, "source")) ? "scan" : "manual");
            r.put("updated_at", first(time(o, "updated_at"), EPOCH));
            sink.accept(new PortableRecord(PortableType.OVERVIEW, project, r, "overviews/" + project));
        });
    }

    private void features(Set<String> projects, Consumer<PortableRecord> sink) {
        Map<Object, List<String>> files = children("feature_files", "file_path");
        Map<Object, List<String>> smoke = children("feature_smoke_tests", "command");
        Map<Object, List<String>> deps = new HashMap<>();
        db.rows("feature_dependencies", d -> {
            if ("feature".equals(text(d, "kind")) && text(d, "target") != null) {
                deps.computeIfAbsent(d.get("feature_id"), k -> new ArrayList<>()).add(text(d, "target"));
            } else {
                skip("feature_dependencies (kind " + text(d, "kind") + ")");
            }
        });
        db.rows("features", f -> {
            String project = text(f, "project");
            String name = text(f, "name");
            if (!projects.contains(project) || name == null || name.isBlank() || name.length() > 100) {
                skip("features (no project or bad name)");
                return;
            }
            ObjectNode r = fields();
            r.put("project", project);
            r.put("name", name);
            r.put("description", first(text(f, "description"), ""));
            boolean archived = !"active".equals(first(text(f, "status"), "active"));
            r.put("status", archived ? "archived" : "active");
            r.put("last_verified_at", time(f, "last_verified_at"));
            r.put("last_verified_notes", text(f, "last_verified_notes"));
            String created = first(time(f, "created_at"), EPOCH);
            String updated = first(time(f, "updated_at"), created);
            r.put("created_at", created);
            r.put("updated_at", updated);
            r.put("archived_at", archived ? updated : null);
            r.set("files", array(files.get(f.get("id"))));
            r.set("depends_on",
                    array(deps.get(f.get("id")) == null ? null : deps.get(f.get("id")).stream().distinct().sorted().toList()));
            r.set("smoke_tests", array(smoke.get(f.get("id"))));
            String id = project + "/" + name + "@" + created;
            sink.accept(new PortableRecord(PortableType.FEATURE, id, r, "features/" + f.get("id")));
        });
    }

    private Map<Object, List<String>> children(String table, String column) {
        Map<Object, List<String>> out = new HashMap<>();
        db.rows(table, row -> {
            String value = text(row, column);
            if (value != null && !value.isBlank()) {
                out.computeIfAbsent(row.get("feature_id"), k -> new ArrayList<>()).add(value);
            }
        });
        return out;
    }

    private void guardRules(Set<String> projects, Consumer<PortableRecord> sink) {
        Map<String, Integer> ordinals = new HashMap<>();
        Map<String, Boolean> live = new LinkedHashMap<>();
        db.rows("guardrails", g -> {
            String project = text(g, "project");
            String rule = text(g, "rule");
            if (!projects.contains(project) || rule == null || rule.isBlank()) {
                skip("guardrails (no project or empty)");
                return;
            }
            String pattern = first(blankToNull(text(g, "file_pattern")), "**");
            boolean active = !"0".equals(String.valueOf(g.get("active")));
            if (active && live.putIfAbsent(project + "\n" + pattern + "\n" + rule, true) != null) {
                skip("guardrails (duplicate)");
                return;
            }
            ObjectNode r = fields();
            r.put("project", project);
            r.put("pattern", pattern);
            r.put("rule", rule.length() > 2048 ? rule.substring(0, 2048) : rule);
            String created = first(time(g, "created_at"), EPOCH);
            r.put("created_at", created);
            r.put("deleted_at", active ? null : first(time(g, "updated_at"), created));
            String id = project + "@" + created + "#" + ordinals.merge(project + "@" + created, 1, Integer::sum).intValue();
            sink.accept(new PortableRecord(PortableType.GUARD_RULE, ordinal(id), r, "guardrails/" + g.get("id")));
        });
    }

    // --- helpers

    /** The counters above count from 1; stable ids count from 0 (docs/export-format.md). */
    private static String ordinal(String id) {
        int hash = id.lastIndexOf('#');
        return id.substring(0, hash + 1) + (Integer.parseInt(id.substring(hash + 1)) - 1);
    }

    private void skip(String what) {
        notImported.merge(what, 1L, Long::sum);
    }

    private static ArrayNode array(List<String> values) {
        ArrayNode a = ExportFormat.JSON.createArrayNode();
        if (values != null) {
            values.forEach(a::add);
        }
        return a;
    }

    private static String agent(Map<String, Object> row, String column) {
        return first(blankToNull(text(row, column)), "claude-code");
    }

    private static void putLong(ObjectNode r, String field, Object value) {
        if (value instanceof Number n) {
            r.put(field, n.longValue());
        } else {
            r.putNull(field);
        }
    }

    /** The original's timestamps are ISO with milliseconds, except rows written by its oldest migrations. */
    static String time(Map<String, Object> row, String column) {
        String v = text(row, column);
        if (v == null || v.isBlank()) {
            return null;
        }
        if (ISO.matcher(v).matches()) {
            return v;
        }
        var m = PLAIN.matcher(v.strip());
        if (!m.matches()) {
            return null;
        }
        String millis = m.group(3) == null ? ".000" : (m.group(3) + "00").substring(0, 4);
        return m.group(1) + "T" + m.group(2) + millis + "Z";
    }

    /** A JSON array of strings as text: the original kept some lists as JSON and key_files as plain text. */
    static String jsonList(String value) {
        if (value == null || value.isBlank()) {
            return "[]";
        }
        try {
            JsonNode parsed = ExportFormat.JSON.readTree(value);
            if (parsed != null && parsed.isArray()) {
                ArrayNode clean = ExportFormat.JSON.createArrayNode();
                parsed.forEach(e -> clean.add(e.asText()));
                return clean.toString();
            }
        } catch (JsonProcessingException e) {
            // plain text: a list separated by commas or newlines
        }
        ArrayNode list = ExportFormat.JSON.createArrayNode();
        for (String part : value.split("[,\\n]")) {
            if (!part.isBlank()) {
                list.add(part.strip());
            }
        }
        return list.toString();
    }
}
