package dev.eaglemem.serve.api;

import java.util.Arrays;
import java.util.List;

import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.search.RecordId;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.SearchRequest;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.search.TimelineService;
import dev.eaglemem.status.StatusService;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/** status, search, timeline and batch get: the read side of {@code eagle-mem status|search|timeline|show}. */
final class RecordRoutes {

    private final StatusService status;
    private final SearchService search;
    private final TimelineService timelines;
    private final RecordService records;
    private final Settings settings;

    RecordRoutes(StatusService status, SearchService search, TimelineService timelines, RecordService records,
            Settings settings) {
        this.status = status;
        this.search = search;
        this.timelines = timelines;
        this.records = records;
        this.settings = settings;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/status"), log,
                ctx -> Reply.ok(status.status(Params.project(ctx), Params.project(ctx) != null, BuildInfo.version())));
        Reply.serve(router.get("/search"), log, this::search);
        Reply.serve(router.get("/timeline"), log, this::timeline);
        Reply.serve(router.get("/records"), log, this::records);
    }

    /** Without {@code project}, every project is searched: serve has no current directory to take one from. */
    private Reply search(RoutingContext ctx) {
        String query = Params.required(ctx, "q", "GET /search?q=release+gate");
        String scope = Params.scope(ctx);
        int limit = Params.number(ctx, "limit", settings.searchLimit(), 1, ConfigKeys.MAX_LIMIT);
        return Reply.ok(search.search(new SearchRequest(query, Params.text(ctx, "type").orElse(null),
                Params.text(ctx, "kind").orElse(null), scope, limit, Params.text(ctx, "mode").orElse(null))));
    }

    private Reply timeline(RoutingContext ctx) {
        RecordId id = RecordId.parse(Params.required(ctx, "id", "GET /timeline?id=obs-7&before=10&after=10"));
        return Reply.ok(timelines.around(id,
                Params.number(ctx, "before", TimelineService.DEFAULT_SPAN, 0, TimelineService.MAX_SPAN),
                Params.number(ctx, "after", TimelineService.DEFAULT_SPAN, 0, TimelineService.MAX_SPAN)));
    }

    /** {@code ids=mem-1,sum-2} (or repeated {@code ids=}); malformed ids fail the request, unknown ones are listed as missing. */
    private Reply records(RoutingContext ctx) {
        List<String> given = ctx.queryParam("ids").stream().flatMap(v -> Arrays.stream(v.split(",")))
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (given.isEmpty()) {
            throw EagleException.invalidInput("the parameter 'ids' is required", "GET /records?ids=mem-12,sum-3,obs-7");
        }
        if (given.size() > RecordService.MAX_BATCH) {
            throw EagleException.invalidInput(
                    "at most " + RecordService.MAX_BATCH + " ids per request (got " + given.size() + ")",
                    "split the ids into batches of " + RecordService.MAX_BATCH);
        }
        return Reply.ok(records.showAll(given.stream().map(RecordId::parse).toList()));
    }
}
