package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.eaglemem.code.GraphService;
import dev.eaglemem.store.GraphStore;

/** Plain-text views of the code graph. */
final class GraphRender {

    private GraphRender() {
    }

    static String counts(Map<String, Long> counts) {
        return counts.isEmpty() ? "-" : counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    static void ranked(PrintWriter out, String title, List<GraphStore.Ranked> rows, boolean withPath) {
        if (rows.isEmpty()) {
            return;
        }
        out.println(title + ":");
        rows.forEach(r -> out
                .println("  " + r.count() + "  " + r.name() + (withPath && r.path() != null ? "  (" + r.path() + ")" : "")));
    }

    static void query(PrintWriter out, GraphService.QueryResult r) {
        if (r.declarations().isEmpty() && r.files().isEmpty()) {
            out.println("Nothing in " + r.project() + "'s code index is named like '" + r.term() + "'.");
            return;
        }
        r.declarations().forEach(s -> out.println("  " + s.kind() + "  " + s.qualified() + "  " + s.path() + ":" + s.startLine()
                + "-" + s.endLine()));
        r.files().forEach(f -> out.println("  file  " + f));
    }

    static void neighbors(PrintWriter out, GraphService.Neighbors n) {
        out.println(n.node() + " " + n.name() + (n.node().equals("file") ? "" : "  in " + n.path()));
        section(out, "declares", n.declares().stream().map(s -> s.kind() + " " + s.qualified() + "  :" + s.startLine()).toList());
        section(out, "imports", n.imports().stream().map(l -> l.target() + (l.path() != null && !l.path().equals(l.target())
                ? "  → " + l.path() : "")).toList());
        section(out, "imported by", n.importedBy().stream().map(l -> l.path() + ":" + l.line()).toList());
        section(out, "calls", n.calls().stream().map(l -> l.target() + "  (" + l.path() + ")").toList());
        section(out, "called by",
                n.calledBy().stream().map(l -> (l.declaration() != null ? l.declaration() + "  " : "") + l.path() + ":"
                        + l.line()).toList());
        section(out, "sessions", n.sessions().stream().map(t -> t.sessionId() + "  " + t.agent() + "  " + t.startedAt()
                + "  read " + t.reads() + ", modified " + t.edits()).toList());
        section(out, "memories", n.memories().stream().map(m -> "#" + m.id() + " " + m.kind() + "  " + m.title()).toList());
        section(out, "features", n.features());
    }

    private static void section(PrintWriter out, String title, List<String> lines) {
        if (!lines.isEmpty()) {
            out.println(title + ":");
            lines.forEach(l -> out.println("  " + l));
        }
    }
}
