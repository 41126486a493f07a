package dev.eaglemem.serve.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryList;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.AgentDetector;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * Memories CRUD over {@link MemoryService}, answering with the records {@code memories … --json}
 * prints. Redaction, normalization and contradiction checks are the service's, exactly as on the CLI.
 */
final class MemoryRoutes {

    private static final String ADD_EXAMPLE = "{\"kind\": \"decision\", \"project\": \"code/my-repo\", \"title\": \"…\", \"content\": \"…\"}";
    private static final String PATCH_EXAMPLE = "{\"content\": \"the corrected text\"}";

    /** A memory with how it stands against its project's code now; null for a memory without a project. */
    @RegisterForReflection
    record ShownMemory(MemoryRow memory, Freshness freshness) {
    }

    /** The add result (nothing stored, the conflicts listed), then the error envelope every non-2xx answer carries. */
    @RegisterForReflection
    record Contradiction(@JsonUnwrapped AddResult result, Responses.Problem error) {
    }

    private final MemoryService memories;
    private final SessionService sessions;
    private final EagleEnv env;

    MemoryRoutes(MemoryService memories, SessionService sessions, EagleEnv env) {
        this.memories = memories;
        this.sessions = sessions;
        this.env = env;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/memories"), log, this::list);
        Reply.serve(router.post("/memories"), log, this::add);
        // before /memories/:id, which would read "stale" as an id
        Reply.serve(router.get("/memories/stale"), log, ctx -> Reply.ok(memories.anchors().report(requiredProject(ctx), null)));
        Reply.serve(router.get("/memories/:id"), log, ctx -> {
            MemoryRow m = memories.show(id(ctx));
            return Reply.ok(new ShownMemory(m, m.project() == null ? null
                    : memories.anchors().of(AnchorService.MEMORY, m.id(), m.project(), null).orElse(null)));
        });
        Reply.serve(router.post("/memories/:id/confirm"), log,
                ctx -> Reply.ok(memories.anchors().confirm(AnchorService.MEMORY, id(ctx), null)));
        Reply.serve(router.patch("/memories/:id"), log, this::update);
        Reply.serve(router.delete("/memories/:id"), log, ctx -> Reply.ok(MemoryChange.forgotten(
                memories.forget(id(ctx), Params.text(ctx, "reason").orElse(null)))));
        Reply.serve(router.post("/memories/:id/restore"), log,
                ctx -> Reply.ok(MemoryChange.restored(memories.restore(id(ctx)))));
    }

    private Reply list(RoutingContext ctx) {
        String kind = Params.text(ctx, "kind").map(k -> MemoryKind.require(k).id()).orElse(null);
        String scope = Params.scope(ctx);
        int limit = Params.number(ctx, "limit", 50, 1, ConfigKeys.MAX_LIMIT);
        return Reply.ok(new MemoryList(scope, scope == null,
                memories.list(new MemoryQuery(scope, kind, Params.flag(ctx, "forgotten"), limit))));
    }

    /**
     * 201 for a new memory (with its Location), 200 for a duplicate or a topic update, 409 for a
     * contradiction: nothing stored, the conflicts listed, as {@code memories add} exiting 4.
     */
    private Reply add(RoutingContext ctx) {
        MemoryBody b = Bodies.read(ctx, MemoryBody.class, ADD_EXAMPLE);
        if (b.kind() == null) {
            throw EagleException.invalidInput("the field 'kind' is required", ADD_EXAMPLE);
        }
        MemoryKind kind = MemoryKind.require(b.kind());
        MemoryScope scope = b.scope() == null ? MemoryScope.PROJECT : MemoryScope.parse(b.scope()).orElseThrow(
                () -> EagleException.invalidInput("unknown scope '" + b.scope() + "'", "\"scope\": \"project\" or \"personal\""));
        String project = b.project() == null ? null : Params.projectKey(b.project());
        boolean keepBoth = Boolean.TRUE.equals(b.keepBoth());
        Long supersedes = b.supersedes() == null ? null : Params.memoryId(b.supersedes());
        checkSession(b.sessionId());
        AddResult result = memories.add(new MemoryDraft(kind, scope, b.title(), b.content(), b.details(), b.topic(),
                b.files(), project, agent(b.agent()).id(), b.sessionId(), supersedes, keepBoth, b.cues()));
        return switch (result.outcome()) {
            case CREATED -> Reply.created("/memories/" + result.memory().id(), result);
            case DUPLICATE, UPDATED -> Reply.ok(result);
            case CONTRADICTION -> Reply.of(409, contradiction(result));
        };
    }

    private static Contradiction contradiction(AddResult result) {
        long first = result.conflicts().getFirst().id();
        return new Contradiction(result, new Responses.Problem("contradiction", "not stored: it may contradict memory " + first
                + " (see conflicts)", "send it again with \"supersedes\": " + first + " to replace it, or \"keep_both\": true"));
    }

    private Reply update(RoutingContext ctx) {
        long id = id(ctx);
        MemoryPatchBody b = Bodies.read(ctx, MemoryPatchBody.class, PATCH_EXAMPLE);
        MemoryKind kind = b.kind() == null ? null : MemoryKind.require(b.kind());
        MemoryPatch patch = new MemoryPatch(kind, b.title(), b.content(), b.situation(), b.behavior(), b.impact(),
                b.action(), b.subject(), b.predicate(), b.object(), b.topic(), b.files(), b.addFiles(), b.removeFiles(),
                b.agent() == null ? null : agent(b.agent()).id());
        return Reply.ok(MemoryChange.updated(memories.update(id, patch)));
    }

    private static String requiredProject(RoutingContext ctx) {
        String project = Params.project(ctx);
        if (project == null) {
            throw EagleException.invalidInput("which project? serve has no working directory",
                    "GET /memories/stale?project=code/my-repo");
        }
        return project;
    }

    private static long id(RoutingContext ctx) {
        return Params.memoryId(ctx.pathParam("id"));
    }

    private AgentSource agent(String given) {
        if (given == null) {
            return AgentDetector.fromEnv(env);
        }
        return AgentSource.parse(given).orElseThrow(() -> EagleException.invalidInput("unknown agent '" + given + "'",
                "\"agent\": one of claude-code, codex, opencode, antigravity, grok, cli"));
    }

    /** A memory may name its session only if it exists (the column is a foreign key). */
    private void checkSession(String sessionId) {
        if (sessionId == null) {
            return;
        }
        try {
            sessions.show(sessionId);
        } catch (EagleException e) {
            if (e.exitCode() != ExitCode.NOT_FOUND) {
                throw e;
            }
            throw EagleException.invalidInput("no session '" + sessionId + "' to attach the memory to",
                    "drop session_id, or pick one from GET /sessions");
        }
    }
}
