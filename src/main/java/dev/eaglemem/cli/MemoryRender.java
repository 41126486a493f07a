package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;

/** Human rendering of memories. */
final class MemoryRender {

    /** The help of every memory ID parameter. */
    static final String ID_HELP = "The memory: 12 or mem-12.";

    private MemoryRender() {
    }

    /** "12", "mem-12" and "mem:12" all name memory 12. */
    static long parseId(String text) {
        String digits = text.strip().toLowerCase(Locale.ROOT).replaceFirst("^mem[-:]?", "");
        try {
            long id = Long.parseLong(digits);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // fall through to the error
        }
        throw EagleException.invalidInput("'" + text + "' is not a memory id (expected a number or mem-N)",
                "eagle-mem memories list   (shows the ids)");
    }

    static String ref(MemoryRow m) {
        return "mem-" + m.id();
    }

    static void line(PrintWriter out, MemoryRow m, Times times) {
        String scope = "personal".equals(m.scope()) ? " [personal]" : "";
        out.printf("%-9s %-10s %s%s  (%s)%n", ref(m), m.kind(), m.title(), scope, times.dateTime(m.updatedAt()));
    }

    static void list(PrintWriter out, List<MemoryRow> rows, String empty, Times times) {
        if (rows.isEmpty()) {
            out.println(empty);
            return;
        }
        rows.forEach(m -> line(out, m, times));
    }

    static void added(PrintWriter out, AddResult r) {
        switch (r.outcome()) {
            case CREATED -> out.println("Created " + ref(r.memory()) + " (" + r.memory().kind() + "): " + r.memory().title()
                    + (r.superseded() == null ? "" : "  — replaces mem-" + r.superseded() + " (now forgotten)"));
            case DUPLICATE -> out.println("Already stored as " + ref(r.memory()) + " (seen " + (r.memory().duplicateCount() + 1)
                    + " times): " + r.memory().title());
            case UPDATED -> out.println("Updated " + ref(r.memory()) + " (topic " + r.memory().topicKey() + ", revision "
                    + r.memory().revisionCount() + "): " + r.memory().title());
            case CONTRADICTION -> contradiction(out, r);
        }
    }

    private static void contradiction(PrintWriter out, AddResult r) {
        out.println("Not stored: this may contradict what is already remembered:");
        for (MemoryRow c : r.conflicts()) {
            out.println(
                    "  " + ref(c) + " (" + c.kind() + ") " + c.title() + ": " + Console.orDash(Snippets.firstLine(c.content())));
        }
        long first = r.conflicts().getFirst().id();
        out.println("Decide, then run the same command again with:");
        out.println("  --supersedes " + first + "   to replace mem-" + first + " (it is forgotten, restorable)");
        out.println("  --keep-both        to store both");
    }

    static void show(PrintWriter out, MemoryRow m, Times times) {
        out.println(ref(m) + "  " + m.kind() + (m.isDeleted() ? "  [forgotten]" : "") + "  " + m.title());
        out.println("  project:   " + ("personal".equals(m.scope()) ? "(personal, every project)" : m.project()));
        if (m.topicKey() != null) {
            out.println("  topic:     " + m.topicKey() + " (revision " + m.revisionCount() + ")");
        }
        details(out, m.details());
        if (!m.files().isEmpty()) {
            out.println("  files:     " + String.join(", ", m.files()));
        }
        out.println("  agent:     " + m.sourceAgent() + (m.sessionId() == null ? "" : " (session " + m.sessionId() + ")"));
        out.println("  created:   " + times.dateTime(m.createdAt()) + "   updated: " + times.dateTime(m.updatedAt())
                + (m.duplicateCount() > 0 ? "   re-added " + m.duplicateCount() + "x" : ""));
        if (m.isDeleted()) {
            out.println("  forgotten: " + times.dateTime(m.deletedAt()) + " (" + m.deleteReason()
                    + ")  — eagle-mem memories restore " + m.id());
        }
        out.println();
        out.println(m.content());
    }

    private static void details(PrintWriter out, MemoryDetails d) {
        if (d.subject() != null) {
            out.println("  fact:      " + d.subject() + " | " + d.predicate() + " | " + d.object());
        }
    }

    /** How a memory or summary stands against the code now, one line (nothing for a record without an anchor). */
    static void state(PrintWriter out, Optional<Freshness> state) {
        state.ifPresent(f -> out.println("State:     " + f.state().id() + (f.state().labelled() ? " — " + f.label()
                : " (as written at " + (f.commit() == null ? "the working tree" : Freshness.shortId(f.commit())) + ")")));
    }
}
