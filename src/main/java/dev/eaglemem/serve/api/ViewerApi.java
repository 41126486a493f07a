package dev.eaglemem.serve.api;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.code.GraphService;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.RunResult;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.inspect.InspectService;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * What the web viewer reads and does beyond {@link ServeApi}: projects, the recall inspector and event log,
 * session replay, features and their pending checks (run, verify, waive), and a file's code-graph
 * neighbourhood. The same services and records as {@code inspect}, {@code replay}, {@code feature} and
 * {@code graph --json}; serve has no working directory, so a feature's root is where the hooks last saw the
 * project.
 */
@ApplicationScoped
public class ViewerApi {

    private static final String NOTES_EXAMPLE = "{\"notes\": \"ran the checkout smoke test\"}";
    private static final String REASON_EXAMPLE = "{\"reason\": \"comment-only change\"}";
    /** A smoke test's output shown in the page: the tail, where the failure usually is. */
    static final int RUN_OUTPUT_MAX = 64 * 1024;

    private final InspectService inspect;
    private final FeatureService features;
    private final VerificationService verifications;
    private final GraphService graph;
    private final Settings settings;
    private final LogFile log;

    public ViewerApi(InspectService inspect, FeatureService features, VerificationService verifications, GraphService graph,
            Settings settings, LogFile log) {
        this.inspect = inspect;
        this.features = features;
        this.verifications = verifications;
        this.graph = graph;
        this.settings = settings;
        this.log = log;
    }

    public Consumer<Router> routes() {
        return router -> {
            // the zone the CLI prints times in (display.timezone), so that the pages show the same times
            Reply.serve(router.get("/projects"), log, ctx -> Reply.ok(new Projects(
                    inspect.projects(Params.number(ctx, "limit", 50, 1, ConfigKeys.MAX_LIMIT)),
                    settings.times().zone().getId())));
            Reply.serve(router.get("/inspect/recall"), log, ctx -> Reply.ok(inspect.recall(
                    Params.text(ctx, "session").orElse(null), Params.project(ctx), limit(ctx))));
            Reply.serve(router.get("/inspect/events"), log, ctx -> Reply.ok(inspect.events(
                    Params.text(ctx, "session").orElse(null), Params.project(ctx), limit(ctx))));
            Reply.serve(router.get("/replay/last"), log,
                    ctx -> Reply.ok(inspect.replay(inspect.lastSession(Params.project(ctx)))));
            Reply.serve(router.get("/replay/:session"), log, ctx -> Reply.ok(inspect.replay(ctx.pathParam("session"))));
            Reply.serve(router.get("/features"), log, this::features);
            Reply.serve(router.post("/features/:name/verify"), log, ctx -> {
                String project = project(ctx);
                String notes = Bodies.read(ctx, NotesBody.class, NOTES_EXAMPLE).notes();
                return Reply.ok(verifications.verify(project, root(project), ctx.pathParam("name"), notes));
            });
            Reply.serve(router.post("/features/:name/run"), log, this::run);
            Reply.serve(router.post("/checks/:id/waive"), log, ctx -> {
                String project = project(ctx);
                String id = ctx.pathParam("id");
                if (id.isEmpty() || !id.chars().allMatch(Character::isDigit) || id.length() > 18) {
                    throw EagleException.invalidInput("'" + id + "' is not a check id",
                            "GET /features?project=… lists the checks");
                }
                String reason = Bodies.read(ctx, ReasonBody.class, REASON_EXAMPLE).reason();
                return Reply.ok(verifications.waive(project, root(project), id, reason));
            });
            Reply.serve(router.get("/graph"), log, ctx -> {
                String project = project(ctx);
                String file = Params.required(ctx, "file", "GET /graph?project=code/my-repo&file=src/cart/checkout.ts");
                return Reply.ok(graph.neighbors(project, root(project), file));
            });
            Reply.serve(router.get("/graph/summary"), log, ctx -> Reply.ok(graph.summary(project(ctx))));
        };
    }

    private static int limit(RoutingContext ctx) {
        return Params.number(ctx, "limit", 20, 1, ConfigKeys.MAX_LIMIT);
    }

    private static String project(RoutingContext ctx) {
        String project = Params.project(ctx);
        if (project == null) {
            throw EagleException.invalidInput("the parameter 'project' is required (serve has no working directory)",
                    "project=code/my-repo   (GET /projects lists them)");
        }
        return project;
    }

    /** Null when the project's directory is unknown or gone: features then work from what is stored. */
    private Path root(String project) {
        return features.root(project).orElse(null);
    }

    /** Features of a project with their open checks, as {@code feature list --json} and {@code feature pending --json}. */
    private Reply features(RoutingContext ctx) {
        String project = project(ctx);
        Path root = root(project);
        return Reply.ok(new Features(project, root == null ? null : root.toString(), features.list(project, false),
                verifications.pending(root, project)));
    }

    /** Runs the smoke tests in the project's directory, as {@code feature run}; the output comes back with the result. */
    private Reply run(RoutingContext ctx) {
        String project = project(ctx);
        StringWriter output = new StringWriter();
        RunResult result;
        try (PrintWriter out = new PrintWriter(output)) {
            result = verifications.run(project, root(project), ctx.pathParam("name"), out);
        }
        String text = output.toString();
        return Reply.ok(
                new Run(result, text.length() > RUN_OUTPUT_MAX ? "…" + text.substring(text.length() - RUN_OUTPUT_MAX) : text));
    }

    /** The projects the viewer can pick, and the zone the CLI prints times in (display.timezone), for the pages to match. */
    @RegisterForReflection
    record Projects(List<String> projects, String timezone) {
    }

    /**
     * A project's features and their open checks, as {@code feature list --json} and {@code feature pending --json}.
     *
     * @param root where the hooks last saw the project; null when unknown or gone
     */
    @RegisterForReflection
    record Features(String project, String root, List<Feature> features, List<PendingCheck> pending) {
    }

    /** A run of the smoke tests, with their output's tail. */
    @RegisterForReflection
    record Run(RunResult result, String output) {
    }

    @RegisterForReflection
    record NotesBody(String notes) {
    }

    @RegisterForReflection
    record ReasonBody(String reason) {
    }
}
