package dev.eaglemem.store;

import java.util.List;
import java.util.Optional;

/**
 * The record types of the export format (docs/export-format.md), in the order a file lists them: every
 * record refers only to records of an earlier type (or of its own type, for a memory's superseded_by).
 *
 * <p>Each type is one table. Its exported columns are the table's minus the surrogate integer id; an integer
 * reference to another exported row becomes that row's stable id ({@code feature}, {@code superseded_by}).
 * {@code version} is the column that says which of two copies of a record is newer (null: the record never
 * changes once written, so an existing copy is always the same record). {@code texts} are the free-text
 * columns, redacted on the way out and on the way in.
 *
 * <p>Left out on purpose: a rule's job_id and proposal_id (this store's own job and curation bookkeeping — a
 * rule keeps its {@code source}), and curation proposals themselves, whose payloads name this store's row ids.
 */
public enum PortableType {

    PROJECT("project", "projects", List.of("key", "root_path", "created_at", "last_seen_at"), "last_seen_at",
            List.of(), "key"), SESSION("session", "sessions",
                    List.of("id", "project", "agent", "cwd", "model", "source", "status", "started_at",
                            "ended_at", "last_activity_at"),
                    "last_activity_at", List.of(), "started_at"), SUMMARY("summary", "summaries",
                            List.of("session_id", "project", "agent", "request", "investigated", "learned",
                                    "completed", "decisions", "gotchas", "next_steps", "notes", "key_files", "files_read",
                                    "files_modified",
                                    "capture_source", "created_at", "updated_at"),
                            "updated_at",
                            List.of("request", "investigated", "learned", "completed", "decisions", "gotchas", "next_steps",
                                    "notes"),
                            "updated_at"), OBSERVATION("observation", "observations",
                                    List.of("session_id", "project", "agent", "tool_name", "command",
                                            "category", "files_read", "files_modified", "exit_status", "output_bytes",
                                            "output_lines", "tool_use_id",
                                            "created_at"),
                                    null, List.of("command"), "created_at"), PROMPT("prompt", "user_prompts",
                                            List.of("session_id", "project", "agent", "prompt", "created_at"), null,
                                            List.of("prompt"), "created_at"), MEMORY("memory", "memories",
                                                    List.of("project", "scope", "kind", "title", "content", "situation",
                                                            "behavior",
                                                            "impact", "action", "subject", "predicate", "object", "topic_key",
                                                            "files", "normalized_hash",
                                                            "revision_count", "duplicate_count", "source_agent", "session_id",
                                                            "superseded_by", "created_at",
                                                            "updated_at", "last_seen_at", "deleted_at", "delete_reason"),
                                                    "updated_at",
                                                    List.of("title", "content", "situation", "behavior", "impact", "action",
                                                            "subject", "predicate", "object",
                                                            "delete_reason"),
                                                    "updated_at"), OVERVIEW("overview", "overviews",
                                                            List.of("project", "content", "source", "updated_at"), "updated_at",
                                                            List.of("content"), "updated_at"), FEATURE("feature", "features",
                                                                    List.of("project", "name", "description", "status",
                                                                            "last_verified_at",
                                                                            "last_verified_notes", "created_at", "updated_at",
                                                                            "archived_at"),
                                                                    "updated_at",
                                                                    List.of("description", "last_verified_notes"),
                                                                    "updated_at"), CHECK("check", "feature_pending",
                                                                            List.of("project", "feature_id", "file", "base_blob",
                                                                                    "final_blob", "fingerprint",
                                                                                    "status", "reason", "notes", "source",
                                                                                    "session_id", "created_at", "resolved_at"),
                                                                            "resolved_at",
                                                                            List.of("reason", "notes"),
                                                                            "created_at"), VERIFICATION("verification",
                                                                                    "feature_verifications",
                                                                                    List.of("feature_id", "outcome", "notes",
                                                                                            "commands",
                                                                                            "resolved", "verified_at"),
                                                                                    null, List.of("notes"),
                                                                                    "verified_at"), GUARD_RULE("guard_rule",
                                                                                            "guard_rules",
                                                                                            List.of("project", "pattern", "rule",
                                                                                                    "source", "created_at",
                                                                                                    "deleted_at"),
                                                                                            "deleted_at", List.of("rule"),
                                                                                            "created_at"), COMMAND_RULE(
                                                                                                    "command_rule",
                                                                                                    "command_rules",
                                                                                                    List.of("project", "pattern",
                                                                                                            "strategy",
                                                                                                            "max_lines", "reason",
                                                                                                            "source",
                                                                                                            "created_at",
                                                                                                            "deleted_at"),
                                                                                                    "deleted_at",
                                                                                                    List.of("reason"),
                                                                                                    "created_at"), TURN_MESSAGE(
                                                                                                            "turn_message",
                                                                                                            "turn_messages",
                                                                                                            List.of("session_id",
                                                                                                                    "project",
                                                                                                                    "message",
                                                                                                                    "created_at"),
                                                                                                            null,
                                                                                                            List.of("message"),
                                                                                                            "created_at");

    /**
     * Fields added after format version 1, which a version-1 file does not carry: an import leaves them out of
     * the write, so the column's default applies (a guard rule of a version-1 file was written by a person).
     */
    private static final List<String> ADDED_IN_V2 = List.of("guard_rule.source");

    private final String id;
    private final String table;
    private final List<String> columns;
    private final String version;
    private final List<String> texts;
    private final String sinceColumn;

    PortableType(String id, String table, List<String> columns, String version, List<String> texts, String sinceColumn) {
        this.id = id;
        this.table = table;
        this.columns = columns;
        this.version = version;
        this.texts = texts;
        this.sinceColumn = sinceColumn;
    }

    /** The {@code type} of its lines. */
    public String id() {
        return id;
    }

    public String table() {
        return table;
    }

    /** The record's fields besides type and id (integer references named by the referenced type). */
    public List<String> fields() {
        return columns.stream().map(PortableType::field).toList();
    }

    List<String> columns() {
        return columns;
    }

    /** The fields every record of this type must carry (those of format version 1, for old files). */
    public List<String> requiredFields() {
        return fields().stream().filter(f -> !ADDED_IN_V2.contains(id + "." + f)).toList();
    }

    /** The field that orders two copies of one record; null for a record that never changes. */
    public String version() {
        return version;
    }

    public List<String> texts() {
        return texts;
    }

    String sinceColumn() {
        return sinceColumn;
    }

    /** The export name of a column: an integer feature reference is the feature's stable id. */
    static String field(String column) {
        return column.equals("feature_id") ? "feature" : column;
    }

    public static Optional<PortableType> parse(String id) {
        for (PortableType t : values()) {
            if (t.id.equals(id)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
