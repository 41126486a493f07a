package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.eaglemem.format.Times;
import dev.eaglemem.inspect.EventListing;
import dev.eaglemem.inspect.InspectService;
import dev.eaglemem.inspect.Replay;
import dev.eaglemem.inspect.ReplayStep;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.store.EventRow;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallScore;

/** Human rendering of inspect recall|events and replay. */
final class InspectRender {

    private InspectRender() {
    }

    static void recall(PrintWriter out, RecallHistory.Listing listing, Times times) {
        if (listing.events().isEmpty()) {
            out.println("No recall events" + (listing.session() != null ? " in session " + listing.session() : "") + " yet.");
            return;
        }
        out.println("Recall inspector (" + Console.count(listing.events().size(), "event") + ", newest first)");
        for (RecallEventRow r : listing.events()) {
            out.println();
            out.println(times.dateTime(r.createdAt()) + "  " + r.hookEvent() + (r.source() == null ? "" : " (" + r.source() + ")")
                    + "  " + r.status() + "  " + r.agent() + "  session " + r.sessionId()
                    + (listing.project() == null ? "  [" + r.project() + "]" : ""));
            if (r.query() != null) {
                out.println("  searched:  " + r.query());
            }
            List<String> refs = refs(r);
            if (r.injectedChars() > 0 || !refs.isEmpty()) {
                out.println("  injected:  " + Console.count(r.injectedChars(), "character") + " (~" + (r.injectedChars() + 3) / 4
                        + " tokens)" + (refs.isEmpty() ? "" : ": " + String.join(", ", refs)));
            }
            for (RecallScore s : r.scores()) {
                out.println("  " + (s.injected() ? "+ " : "- ") + s.ref() + String.format(Locale.ROOT, " %.2f", s.score())
                        + (s.similarity() == null ? " words only" : String.format(Locale.ROOT, " meaning %.2f", s.similarity()))
                        + String.format(Locale.ROOT, " words %.0f%%", 100 * s.share()) + (s.identifier() ? " identifier" : "")
                        + (s.anchored() ? " file touched" : "") + " — " + s.reason()
                        + (s.title() == null ? "" : ": " + s.title()));
            }
            if (!r.trimmed().isEmpty()) {
                out.println("  trimmed:   " + String.join(", ", r.trimmed()));
            } else if (r.sectionsTrimmed() > 0) {
                out.println("  trimmed:   " + Console.count(r.sectionsTrimmed(), "section"));
            }
        }
    }

    /** The records a recall injected, as the ids show and search take them. */
    static List<String> refs(RecallEventRow r) {
        List<String> refs = new ArrayList<>();
        r.memoryIds().forEach(id -> refs.add("mem-" + id));
        r.summaryIds().forEach(id -> refs.add("sum-" + id));
        r.codeIds().forEach(id -> refs.add("code-" + id));
        return refs;
    }

    static void events(PrintWriter out, EventListing listing, Times times) {
        if (listing.events().isEmpty()) {
            out.println("No events yet.");
            return;
        }
        for (EventRow e : listing.events()) {
            String detail = e.detail().entrySet().stream().map(d -> d.getKey() + "=" + d.getValue())
                    .collect(Collectors.joining(" "));
            out.println(times.dateTime(e.createdAt()) + "  " + e.eventType() + "  " + e.status()
                    + (e.agent() == null ? "" : "  " + e.agent())
                    + (listing.project() == null && e.project() != null ? "  [" + e.project() + "]" : "")
                    + (detail.isEmpty() ? "" : "  " + detail));
        }
    }

    static void replay(PrintWriter out, Replay replay, Times times) {
        var s = replay.session();
        out.println("session " + s.id() + "  [" + s.project() + "]  " + s.agent() + "  " + s.status() + "  started "
                + times.dateTime(s.startedAt()));
        out.println("  " + Console.count(replay.prompts().size(), "prompt") + ", "
                + Console.count(replay.recallEvents().size(), "recall event") + ", "
                + Console.count(replay.observations().size(), "tool call")
                + (replay.summary() == null ? ", no summary" : ", summarized"));
        out.println();
        for (ReplayStep step : replay.steps()) {
            out.printf("%s  %-7s %s%n", times.dateTime(step.at()), step.kind().id(), step.text());
        }
        if (replay.truncated() > 0) {
            out.println();
            out.println(Console.count(replay.truncated(), "more row") + " not shown (at most " + InspectService.REPLAY_ROWS
                    + " of each kind).");
        }
    }
}
