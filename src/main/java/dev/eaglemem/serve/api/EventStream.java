package dev.eaglemem.serve.api;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.search.ChangeFeed;
import dev.eaglemem.search.FeedCursor;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /events}: Server-Sent Events for new observations and for summaries and memories as
 * they are written. Each connection polls the database every {@link #POLL_MS} ms on a worker thread
 * with its own cursor; the cursor is each event's {@code id}, so a client reconnecting with
 * {@code Last-Event-ID} misses nothing. Rows are already redacted in the database.
 */
final class EventStream {

    static final long POLL_MS = 500;
    static final long PING_MS = 15_000;
    /** Per stream and poll; a backlog drains over the next polls. */
    static final int BATCH = 100;
    static final String RESUME_HEADER = "Last-Event-ID";

    private final ChangeFeed feed;
    private final LogFile log;
    private final AtomicInteger open = new AtomicInteger();

    EventStream(ChangeFeed feed, LogFile log) {
        this.feed = feed;
        this.log = log;
    }

    void register(Router router) {
        router.get("/events").handler(this::open);
    }

    /** Streams currently connected (each holds two timers until its client goes away). */
    int openStreams() {
        return open.get();
    }

    private void open(RoutingContext ctx) {
        String project;
        try {
            project = Params.project(ctx);
        } catch (EagleException e) {
            Responses.error(ctx, e);
            return;
        }
        String resumeFrom = ctx.request().getHeader(RESUME_HEADER);
        Optional<FeedCursor> resume = FeedCursor.parse(resumeFrom);
        ctx.vertx().executeBlocking(() -> resume.orElseGet(feed::head), false).onComplete(start -> {
            if (start.failed()) {
                Responses.error(ctx, start.cause() instanceof EagleException e ? e
                        : EagleException.failure("feed_unavailable", "cannot read the feed: " + start.cause(), "retry",
                                start.cause()));
                return;
            }
            HttpServerResponse response = ctx.response().setChunked(true)
                    .putHeader("Content-Type", "text/event-stream; charset=utf-8")
                    .putHeader("Cache-Control", "no-cache")
                    .putHeader("X-Accel-Buffering", "no");
            boolean reset = resumeFrom != null && resume.isEmpty();
            new Subscription(ctx.vertx(), response, project, start.result()).begin("retry: 2000\n: connected"
                    + (reset ? "; " + RESUME_HEADER + " not understood, starting from now" : "") + "\n\n");
        });
    }

    /** One client's stream: its cursor, its timers, and nothing left behind when it goes away. */
    private final class Subscription {

        private final Vertx vertx;
        private final HttpServerResponse response;
        private final String project;
        private FeedCursor cursor;
        private boolean polling;
        private boolean closed;
        private long pollTimer;
        private long pingTimer;

        Subscription(Vertx vertx, HttpServerResponse response, String project, FeedCursor cursor) {
            this.vertx = vertx;
            this.response = response;
            this.project = project;
            this.cursor = cursor;
        }

        /** Registers the stream, then greets the client: once it reads the greeting, it is subscribed. */
        void begin(String greeting) {
            if (response.closed()) {
                return;
            }
            open.incrementAndGet();
            response.closeHandler(v -> close());
            response.exceptionHandler(e -> close());
            pollTimer = vertx.setPeriodic(POLL_MS, id -> poll());
            pingTimer = vertx.setPeriodic(PING_MS, id -> write(": ping\n\n"));
            write(greeting);
        }

        /** Skips a tick while the last read is still running or the client is not keeping up. */
        private void poll() {
            if (response.closed()) {
                close();
                return;
            }
            if (polling || closed || response.writeQueueFull()) {
                return;
            }
            polling = true;
            FeedCursor from = cursor;
            vertx.executeBlocking(() -> feed.since(from, project, BATCH), false).onComplete(read -> {
                polling = false;
                if (closed) {
                    return;
                }
                if (read.failed()) {
                    // a locked or busy database is worth a retry on the next tick, not the end of the stream
                    // the log is a file: write it off the event loop like the read itself
                    String why = "serve event stream: " + read.cause();
                    vertx.executeBlocking(() -> {
                        log.warn(why);
                        return null;
                    }, false);
                    return;
                }
                send(read.result());
            });
        }

        private void send(List<ChangeFeed.Change> changes) {
            for (ChangeFeed.Change c : changes) {
                write("event: " + c.event() + "\nid: " + c.cursor().encode() + "\ndata: " + JsonOutput.write(c.item()) + "\n\n");
                cursor = c.cursor();
            }
        }

        private void write(String text) {
            if (!closed && !response.closed()) {
                response.write(text);
            }
        }

        private void close() {
            if (closed) {
                return;
            }
            open.decrementAndGet();
            closed = true;
            vertx.cancelTimer(pollTimer);
            vertx.cancelTimer(pingTimer);
        }
    }
}
