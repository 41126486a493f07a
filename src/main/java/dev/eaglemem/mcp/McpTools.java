package dev.eaglemem.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.StaleReport;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.memory.AddOutcome;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.search.RecordDocument;
import dev.eaglemem.search.RecordId;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.SearchRequest;
import dev.eaglemem.search.SearchResult;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.search.TimelineService;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.session.SaveResult;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.task.TaskService;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The MCP tools as plain functions: arguments in, a JSON-ready value out, over the services the CLI commands call
 * (so {@code search} here and {@code eagle-mem search --json} answer alike). Failures are {@link EagleException}s,
 * which {@link StdioServer} turns into tool errors. Every answer is sized for a context window: limits are capped,
 * search pages by {@code offset} and {@code get} pages by characters.
 */
@ApplicationScoped
public class McpTools {

    /** The most characters one answer carries (Claude Code warns from ~25,000 tokens; this stays far below). */
    static final int MAX_CHARS = 20_000;
    static final int MAX_SEARCH = 50;
    /** The furthest a search page may start: paging re-runs the search for {@code offset + limit + 1} hits. */
    static final int MAX_OFFSET = 500;
    static final int MAX_SPAN = 30;

    private final SearchService search;
    private final TimelineService timelines;
    private final RecordService records;
    private final MemoryService memories;
    private final SessionService sessions;
    private final VerificationService verifications;
    private final CurrentContext context;
    private final Settings settings;
    private final TaskTools tasks;
    private final LaneTools lanes;

    public McpTools(SearchService search, TimelineService timelines, RecordService records, MemoryService memories,
            SessionService sessions, VerificationService verifications, TaskService tasks,
            OrchestrateService orchestrate, LaneSpawns spawns, ServeControl serve, LaneSync sync,
            CurrentContext context, Settings settings) {
        this.search = search;
        this.timelines = timelines;
        this.records = records;
        this.memories = memories;
        this.sessions = sessions;
        this.verifications = verifications;
        this.context = context;
        this.settings = settings;
        this.tasks = new TaskTools(tasks, context);
        this.lanes = new LaneTools(orchestrate, spawns,
                () -> serve.status().state() == ServeControl.State.RUNNING, sync, context);
    }

    /** Runs tool {@code name}; unknown names are refused by the server before they get here. */
    public Object call(String name, Map<String, Object> arguments) {
        ToolArgs a = new ToolArgs(arguments);
        return switch (name) {
            case ToolCatalog.SEARCH -> search(a, null);
            case ToolCatalog.CODE_SEARCH -> search(a, "code");
            case ToolCatalog.TIMELINE -> timelines.around(RecordId.parse(a.requireText("id")),
                    a.integer("before", 0, MAX_SPAN, TimelineService.DEFAULT_SPAN),
                    a.integer("after", 0, MAX_SPAN, TimelineService.DEFAULT_SPAN));
            case ToolCatalog.GET -> get(a);
            case ToolCatalog.MEMORY_ADD -> memoryAdd(a);
            case ToolCatalog.MEMORY_UPDATE -> memoryUpdate(a);
            case ToolCatalog.MEMORY_FORGET -> MemoryChange.forgotten(memories.forget(memoryId(a), a.text("reason")));
            case ToolCatalog.SESSION_SAVE -> sessionSave(a);
            case ToolCatalog.FEATURE_PENDING -> featurePending();
            case ToolCatalog.MEMORY_STALE -> memoryStale(a);
            case ToolCatalog.MEMORY_CONFIRM -> memoryConfirm(a);
            case ToolCatalog.TASK_LIST -> tasks.list(a);
            case ToolCatalog.TASK_SHOW -> tasks.show(a);
            case ToolCatalog.TASK_ADD -> tasks.add(a);
            case ToolCatalog.TASK_UPDATE -> tasks.update(a);
            case ToolCatalog.TASK_SEARCH -> tasks.search(a);
            case ToolCatalog.TASK_STALE -> tasks.stale(a);
            case ToolCatalog.ORCHESTRATE_STATUS -> lanes.status(a);
            case ToolCatalog.LANE_ADD -> lanes.add(a);
            case ToolCatalog.LANE_SPAWN -> lanes.spawn(a);
            case ToolCatalog.LANE_SYNC -> lanes.sync(a);
            case ToolCatalog.ORCHESTRATE_HANDOFF -> lanes.handoff(a);
            default -> throw EagleException.invalidInput("unknown tool '" + name + "'", "tools/list names the tools");
        };
    }

    /**
     * A page of hits. The search runs for one hit more than the page ends at, so the page knows whether another
     * follows; each page re-runs the search, so records stored between two calls can shift the pages.
     */
    private SearchPage search(ToolArgs a, String codeType) {
        String type = codeType != null ? codeType : a.text("type");
        String scope = a.flag("all_projects") ? null : context.requireProject(a.text("project"));
        int limit = a.integer("limit", 1, MAX_SEARCH, Math.min(settings.searchLimit(), MAX_SEARCH));
        int offset = a.integer("offset", 0, MAX_OFFSET, 0);
        String query = a.requireText("query");
        if (codeType != null && !search.hasCodeIndex(scope)) {
            return SearchPage.noCodeIndex(query, scope);
        }
        SearchResult result = search.search(new SearchRequest(query, type, codeType != null ? null : a.text("kind"), scope,
                offset + limit + 1, codeType != null ? null : a.text("mode")));
        return SearchPage.of(result, offset, limit);
    }

    /**
     * A page of whole records: records are added in the order asked until the next would pass {@link #MAX_CHARS};
     * the rest are named in {@code not_returned} for the next call. The first record comes back even when it alone
     * is longer than a page.
     */
    private GetPage get(ToolArgs a) {
        List<String> ids = a.texts("ids");
        if (ids == null || ids.isEmpty()) {
            throw ToolArgs.bad("ids", "is required: a list such as [\"mem-12\", \"sum-3\"]");
        }
        RecordService.Batch batch = records.showAll(ids.stream().map(RecordId::parse).toList());
        List<RecordDocument> page = new ArrayList<>();
        List<String> later = new ArrayList<>();
        int used = 0;
        for (RecordDocument record : batch.records()) {
            int size = JsonOutput.write(record).length();
            if (!page.isEmpty() && used + size > MAX_CHARS || !later.isEmpty()) {
                later.add(record.id());
                continue;
            }
            page.add(record);
            used += size;
        }
        return new GetPage(page, batch.missing(), later);
    }

    private Object memoryAdd(ToolArgs a) {
        MemoryKind kind = MemoryKind.require(a.requireText("kind"));
        String scopeText = a.text("scope") == null ? "project" : a.text("scope");
        MemoryScope scope = MemoryScope.parse(scopeText).orElseThrow(() -> ToolArgs.bad("scope", "must be project or personal"));
        String project = scope == MemoryScope.PERSONAL ? context.project(a.text("project")).orElse(null)
                : context.requireProject(a.text("project"));
        String supersedes = a.text("supersedes");
        AddResult result = memories.add(new MemoryDraft(kind, scope, a.text("title"), a.text("content"),
                new MemoryDetails(a.text("situation"), a.text("behavior"), a.text("impact"), a.text("action"),
                        a.text("subject"), a.text("predicate"), a.text("object")),
                a.text("topic"), a.texts("files"), project, context.callingAgent().id(), a.text("session_id"),
                supersedes == null ? null : memoryId(supersedes), a.flag("keep_both"), a.texts("cues")));
        if (result.outcome() != AddOutcome.CONTRADICTION) {
            return result;
        }
        return new NotStored(result, "nothing was stored: call memory_add again with supersedes set to the contradicted"
                + " memory's id, or keep_both: true");
    }

    private MemoryChange memoryUpdate(ToolArgs a) {
        long id = memoryId(a);
        String kind = a.text("kind");
        MemoryPatch patch = new MemoryPatch(kind == null ? null : MemoryKind.require(kind), a.text("title"), a.text("content"),
                null, null, null, null, null, null, null, a.text("topic"), a.texts("files"), a.texts("add_files"),
                a.texts("remove_files"), context.callingAgent().id());
        if (patch.isEmpty()) {
            throw EagleException.invalidInput("nothing to update for mem-" + id + ": give what changes",
                    "memory_update with title, content, kind, topic, files, add_files or remove_files");
        }
        return MemoryChange.updated(memories.update(id, patch));
    }

    private long memoryId(ToolArgs a) {
        return memoryId(a.requireText("id"));
    }

    private static long memoryId(String text) {
        RecordId id = RecordId.parse(text);
        if (id.kind() != RecordId.Kind.MEMORY) {
            throw EagleException.invalidInput("'" + text + "' is not a memory id",
                    "a memory id: mem-12 or 12 (search shows them)");
        }
        return id.id();
    }

    private SaveResult sessionSave(ToolArgs a) {
        SummaryFields fields = new SummaryFields(a.text("request"), a.text("investigated"), a.text("learned"),
                a.text("completed"), a.text("decisions"), a.text("gotchas"), a.text("next_steps"), a.text("notes"),
                a.texts("key_files"), a.texts("files_read"), a.texts("files_modified"));
        String explicit = a.text("project") == null ? null : context.project(a.text("project")).orElseThrow();
        String fromCwd = explicit != null ? null : context.project(null).orElse(null);
        return sessions.save(new SessionSave(a.text("session_id"), explicit, fromCwd, context.env().cwd().toString(), null,
                context.callingAgent().id(), fields));
    }

    /** As {@code eagle-mem feature pending}: the working directory's project, re-checked against its working tree. */
    private Pending featurePending() {
        String key = context.requireProject(null);
        return new Pending(key, verifications.pending(context.workingRoot(), key));
    }

    /** As {@code eagle-mem memories stale}: checked in the server's working tree when it is the project's. */
    private StaleReport memoryStale(ToolArgs a) {
        return memories.anchors().report(context.requireProject(a.text("project")), null);
    }

    private AnchorService.Confirmed memoryConfirm(ToolArgs a) {
        RecordId id = RecordId.parse(a.requireText("id"));
        String kind = switch (id.kind()) {
            case MEMORY -> AnchorService.MEMORY;
            case SUMMARY -> AnchorService.SUMMARY;
            default -> throw ToolArgs.bad("id", "must be a memory (mem-12) or a session summary (sum-3): only those hold"
                    + " on to code");
        };
        return memories.anchors().confirm(kind, id.id(), null);
    }

    /** A memory_add that contradicts an active memory: nothing stored, and how to store it after all. */
    @RegisterForReflection
    public record NotStored(AddResult result, String fix) {
    }

    /** The open checks of the working directory's project, as {@code eagle-mem feature pending --json}. */
    @RegisterForReflection
    public record Pending(String project, List<PendingCheck> pending) {

        public Pending {
            pending = List.copyOf(pending);
        }
    }

    /**
     * One page of a batch get.
     *
     * @param records each as {@code eagle-mem show --json} prints it
     * @param missing ids that name no record
     * @param notReturned ids found but left for the next call: this page was full
     */
    @RegisterForReflection
    public record GetPage(List<RecordDocument> records, List<String> missing, List<String> notReturned) {

        public GetPage {
            records = List.copyOf(records);
            missing = List.copyOf(missing);
            notReturned = List.copyOf(notReturned);
        }
    }
}
