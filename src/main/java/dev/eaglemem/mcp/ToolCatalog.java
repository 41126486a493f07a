package dev.eaglemem.mcp;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.search.RecordService;
import io.modelcontextprotocol.spec.McpSchema.JsonSchema;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;

/**
 * The tools {@code eagle-mem mcp} lists: names, descriptions written for a model choosing a tool, JSON input
 * schemas (the SDK validates calls against them) and annotations. The descriptions lead with progressive
 * disclosure: search gives compact hits, timeline the context around one, get the whole records.
 */
final class ToolCatalog {

    static final String SEARCH = "search";
    static final String TIMELINE = "timeline";
    static final String GET = "get";
    static final String MEMORY_ADD = "memory_add";
    static final String MEMORY_UPDATE = "memory_update";
    static final String MEMORY_FORGET = "memory_forget";
    static final String SESSION_SAVE = "session_save";
    static final String FEATURE_PENDING = "feature_pending";
    static final String CODE_SEARCH = "code_search";
    static final String MEMORY_STALE = "memory_stale";
    static final String MEMORY_CONFIRM = "memory_confirm";
    static final String TASK_LIST = "task_list";
    static final String TASK_SHOW = "task_show";
    static final String TASK_ADD = "task_add";
    static final String TASK_UPDATE = "task_update";
    static final String TASK_SEARCH = "task_search";
    static final String TASK_STALE = "task_stale";
    static final String ORCHESTRATE_STATUS = "orchestrate_status";
    static final String LANE_ADD = "lane_add";
    static final String LANE_SPAWN = "lane_spawn";
    static final String LANE_SYNC = "lane_sync";
    static final String ORCHESTRATE_HANDOFF = "orchestrate_handoff";

    private static final String ID = "A record id from search or timeline: mem-12, sum-3, prm-40, obs-7 or code-5.";
    static final String PROJECT = "Project key such as code/my-repo (default: the project of the directory the"
            + " server runs in).";

    private ToolCatalog() {
    }

    static List<Tool> tools() {
        return Stream.of(memoryTools(), TaskCatalog.tools(), LaneCatalog.tools()).flatMap(List::stream).toList();
    }

    private static List<Tool> memoryTools() {
        return List.of(
                tool(SEARCH, "Search memory", "Search this project's session summaries, memories and prompts by words"
                        + " (and meaning, once serve has embedded them). Returns compact hits (id, kind, title, snippet);"
                        + " call timeline for what happened around one, get for whole records. When has_more is true,"
                        + " call again with offset set to next_offset for the next page.",
                        schema(List.of("query"), "query", text("Words to look for."),
                                "type", text("Only summary, memory or prompt records (or a memory kind)."),
                                "kind", text("Only memories of this kind: " + kinds() + "."),
                                "mode", Map.of("type", "string", "enum", List.of("lexical", "semantic", "hybrid"),
                                        "description", "How to match (default: hybrid when embeddings exist)."),
                                "project", text(PROJECT),
                                "all_projects", Map.of("type", "boolean", "description", "Search every project."),
                                "limit", integer("Most hits (default: config search.limit).", 1, McpTools.MAX_SEARCH),
                                "offset", offset()),
                        reading()),
                tool(TIMELINE, "Timeline around a record", "The project's prompts, tool calls, memories and summaries"
                        + " just before and after a record, oldest first.",
                        schema(List.of("id"), "id", text(ID),
                                "before", integer("Records before it (default 10).", 0, McpTools.MAX_SPAN),
                                "after", integer("Records after it (default 10).", 0, McpTools.MAX_SPAN)),
                        reading()),
                tool(GET, "Get records", "Whole records by id, in one call. Records that do not fit one answer are listed"
                        + " in not_returned: ask for those next.",
                        schema(List.of("ids"), "ids", Map.of("type", "array", "items", Map.of("type", "string"), "minItems", 1,
                                "maxItems", RecordService.MAX_BATCH, "description", "Record ids (" + ID + ")")),
                        reading()),
                tool(MEMORY_ADD, "Remember", "Store a memory for later sessions: a decision, gotcha, pattern, fact… Answers"
                        + " created, duplicate, updated (same topic) or contradiction (nothing stored: an active memory says"
                        + " otherwise; call again with supersedes or keep_both). It can change existing memories: with a"
                        + " topic an active memory already holds, that memory's text is replaced in place and its earlier"
                        + " text is not kept; with supersedes, the named memory is forgotten (eagle-mem memories restore"
                        + " brings that one back).",
                        schema(List.of("kind"), "kind", Map.of("type", "string", "enum", kindList(),
                                "description", "What sort of memory."),
                                "content", text("The memory itself (for feedback and fact: extra notes)."),
                                "situation", text("feedback and fact: when it applies."),
                                "behavior", text("feedback: what was done."), "impact", text("feedback: what it caused."),
                                "action", text("feedback: what to do instead."), "subject", text("fact: about what."),
                                "predicate", text("fact: the relation."), "object", text("fact: its value."),
                                "title", text("One-line title (default: the content's first line)."),
                                "topic",
                                text("A topic key (e.g. api/errors): a later memory with the same topic updates this one."),
                                "files",
                                Map.of("type", "array", "items", Map.of("type", "string"), "description", "Files it is about."),
                                "cues", Map.of("type", "array", "items", Map.of("type", "string"), "maxItems", 8, "description",
                                        "2-5 requests someone who runs into this would type, in their words: the symptom"
                                                + " or task, not the cause (recall finds the memory by these too)."),
                                "scope", Map.of("type", "string", "enum", List.of("project", "personal"),
                                        "description", "project (default) or personal (every project)."),
                                "supersedes", text("The id of a memory this one replaces (it is forgotten)."),
                                "keep_both", Map.of("type", "boolean", "description", "Store even if it contradicts a memory."),
                                "session_id", text("The session this came from."), "project", text(PROJECT)),
                        // destructive: a same-topic add overwrites a memory's text for good; supersedes forgets one
                        new ToolAnnotations("Remember", false, true, false, false, null)),
                tool(MEMORY_UPDATE, "Change a memory", "Change a memory's title, content, kind, topic or files; only the"
                        + " arguments given change.",
                        schema(List.of("id"), "id", text("The memory: mem-12 or 12."), "title", text("New title."),
                                "content", text("New content."), "kind", Map.of("type", "string", "enum", kindList(),
                                        "description", "New kind."),
                                "topic", text("New topic key."),
                                "files", strings("Replace all of its files with these."),
                                "add_files", strings("Files to add."), "remove_files", strings("Files to remove.")),
                        new ToolAnnotations("Change a memory", false, true, true, false, null)),
                tool(MEMORY_FORGET, "Forget a memory", "Take a memory out of recall and search (eagle-mem memories"
                        + " restore brings it back).",
                        schema(List.of("id"), "id", text("The memory: mem-12 or 12."), "reason", text("Why it is forgotten.")),
                        new ToolAnnotations("Forget a memory", false, true, true, false, null)),
                tool(MEMORY_STALE, "Memories the code moved on from", "The project's memories and session summaries"
                        + " whose code changed since they were written: changed (a file or function they name differs"
                        + " now, with the commits since), moved (renamed), gone (deleted) or contradicted (a model read the"
                        + " change). Checked in the working tree the server runs in. Before relying on one, read the code:"
                        + " memory_confirm it if it still holds, memory_update or memory_forget it if not.",
                        schema(List.of(), "project", text(PROJECT)),
                        reading()),
                tool(MEMORY_CONFIRM, "Confirm a memory still holds", "Say a memory (or a session summary, sum-N) that"
                        + " recall labels changed, moved, gone or contradicted still holds after you read the code: it is"
                        + " anchored again to the code as it is now and the label goes. Answers its state before and after.",
                        schema(List.of("id"), "id", text("The memory (mem-12 or 12) or session summary (sum-3).")),
                        new ToolAnnotations("Confirm a memory still holds", false, false, true, false, null)),
                tool(SESSION_SAVE, "Save the session summary", "Store what this session asked, learned, did and decided;"
                        + " the fields given replace the session's earlier ones. Without session_id a manual session is"
                        + " created.",
                        schema(List.of(), "session_id", text("The live session's id (from the SessionStart banner)."),
                                "request", text("What was asked."), "investigated", text("What was looked into."),
                                "learned", text("What was learned."), "completed", text("What was done."),
                                "decisions", text("Decisions, one per line."), "gotchas", text("Gotchas, one per line."),
                                "next_steps", text("What is left to do."), "notes", text("Anything else."),
                                "key_files", strings("Files that matter."), "files_read", strings("Files read."),
                                "files_modified", strings("Files changed."), "project", text(PROJECT)),
                        new ToolAnnotations("Save the session summary", false, true, false, false, null)),
                tool(FEATURE_PENDING, "Pending feature checks", "The open checks that would block a release in this"
                        + " project: a changed file of a feature not verified since. Re-checked against the working tree"
                        + " (a reverted file's check closes).",
                        schema(List.of()),
                        new ToolAnnotations("Pending feature checks", false, false, true, false, null)),
                tool(CODE_SEARCH, "Search code", "Search the project's code index (built by eagle-mem index) by words:"
                        + " declarations, identifiers, paths; and by meaning once serve has embedded the chunks (a"
                        + " question in plain words finds the function that does it). Hits are code-N ids; get shows a"
                        + " chunk's text. Pages like"
                        + " search (offset, next_offset). Before the project is indexed the answer has no hits and a hint"
                        + " saying to run eagle-mem index.",
                        schema(List.of("query"), "query", text("Words to look for."), "project", text(PROJECT),
                                "limit", integer("Most hits (default: config search.limit).", 1, McpTools.MAX_SEARCH),
                                "offset", offset()),
                        reading()));
    }

    static Tool tool(String name, String title, String description, JsonSchema input, ToolAnnotations annotations) {
        return Tool.builder().name(name).title(title).description(description).inputSchema(input).annotations(annotations)
                .build();
    }

    /** Reads only; the same call answers the same until the memory changes. */
    static ToolAnnotations reading() {
        return new ToolAnnotations(null, true, false, true, false, null);
    }

    /** An object schema from name/property pairs; unknown arguments are refused. */
    static JsonSchema schema(List<String> required, Object... namesAndProperties) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (int i = 0; i < namesAndProperties.length; i += 2) {
            properties.put((String) namesAndProperties[i], namesAndProperties[i + 1]);
        }
        return new JsonSchema("object", properties, required, false, null, null);
    }

    static Map<String, Object> text(String description) {
        return Map.of("type", "string", "description", description);
    }

    private static Map<String, Object> strings(String description) {
        return Map.of("type", "array", "items", Map.of("type", "string"), "description", description);
    }

    private static Map<String, Object> offset() {
        return integer("Hits to skip: the next_offset of the previous page (default 0).", 0, McpTools.MAX_OFFSET);
    }

    static Map<String, Object> integer(String description, int min, int max) {
        return Map.of("type", "integer", "minimum", min, "maximum", max, "description", description);
    }

    /** The kinds an agent may write: a note only mirrors an agent's file (memories sync). */
    private static List<String> kindList() {
        return Arrays.stream(MemoryKind.values()).filter(MemoryKind::writable).map(MemoryKind::id).toList();
    }

    /** Every kind a search can filter on, notes included. */
    private static String kinds() {
        return Arrays.stream(MemoryKind.values()).map(MemoryKind::id).collect(Collectors.joining(", "));
    }
}
