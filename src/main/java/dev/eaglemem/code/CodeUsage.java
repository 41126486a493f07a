package dev.eaglemem.code;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.GraphStore;

/**
 * Before an edit: which other files use what the edit is about to change — the declarations in the edited lines
 * that other files call, and the files that import it. From the graph only (a few indexed lookups), so it is cheap
 * enough for a hook; silent when the project has no index or nothing else uses the code.
 */
@ApplicationScoped
public class CodeUsage {

    static final int MAX_DECLARATIONS = 3;
    static final int MAX_USERS = 4;

    private final Db db;
    private final CodeStore code;
    private final GraphStore graph;

    public CodeUsage(Db db, CodeStore code, GraphStore graph) {
        this.db = db;
        this.code = code;
        this.graph = graph;
    }

    /**
     * At most a few lines for the agent.
     *
     * @param path the project-relative file about to be edited
     * @param replaced the text the edit replaces (empty: the whole file is rewritten)
     */
    public List<String> usedBy(String project, Path root, String path, List<String> replaced) {
        List<int[]> ranges = ranges(root.resolve(path), replaced);
        return db.read(tx -> {
            if (code.status(tx, project).isEmpty()) {
                return List.of();
            }
            List<String> out = new ArrayList<>();
            for (GraphStore.Symbol s : touched(graph.declaredIn(tx, project, path, 500), ranges)) {
                List<String> users = users(graph.callersOf(tx, project, s.name(), path, 50), path);
                if (!users.isEmpty() && out.size() < MAX_DECLARATIONS) {
                    out.add("Eagle Mem code graph: " + s.qualified() + " (" + path + ":" + s.startLine() + ") is also used by "
                            + list(users) + ". Check those callers after this edit.");
                }
            }
            List<String> importers = graph.importersOf(tx, project, path, 50).stream().map(GraphStore.Link::path).distinct()
                    .toList();
            if (!importers.isEmpty() && out.isEmpty()) {
                out.add("Eagle Mem code graph: " + path + " is imported by " + list(importers) + ".");
            }
            return out;
        });
    }

    /**
     * The declarations the edit touches, innermost only (an edit inside a method is about the method, not its class);
     * a whole-file rewrite touches the top-level functions and the members, not the classes around them.
     */
    static List<GraphStore.Symbol> touched(List<GraphStore.Symbol> all, List<int[]> ranges) {
        List<GraphStore.Symbol> hit = all.stream().filter(s -> ranges.isEmpty()
                || ranges.stream().anyMatch(r -> r[0] <= s.endLine() && s.startLine() <= r[1])).toList();
        return hit.stream().filter(s -> hit.stream().noneMatch(o -> o != s && contains(s, o))).toList();
    }

    private static boolean contains(GraphStore.Symbol outer, GraphStore.Symbol inner) {
        return outer.startLine() <= inner.startLine() && inner.endLine() <= outer.endLine()
                && (outer.startLine() != inner.startLine() || outer.endLine() != inner.endLine());
    }

    /** Callers outside the edited file, as {@code path:line} (one per file). */
    private static List<String> users(List<GraphStore.Link> callers, String path) {
        Set<String> files = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (GraphStore.Link l : callers) {
            if (!l.path().equals(path) && files.add(l.path())) {
                out.add(l.path() + ":" + l.line());
            }
        }
        return out;
    }

    private static String list(List<String> items) {
        String shown = String.join(", ", items.subList(0, Math.min(MAX_USERS, items.size())));
        return items.size() > MAX_USERS ? shown + " (+" + (items.size() - MAX_USERS) + " more)" : shown;
    }

    /** The 1-based line ranges the replaced texts occupy in the file now; empty: the whole file. */
    static List<int[]> ranges(Path file, List<String> replaced) {
        if (replaced.isEmpty()) {
            return List.of();
        }
        String text;
        try {
            text = Files.size(file) > 1 << 20 ? "" : Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return List.of(new int[] { -1, -1 });
        }
        List<int[]> out = new ArrayList<>();
        for (String r : replaced) {
            int at = r.isEmpty() ? -1 : text.indexOf(r);
            if (at >= 0) {
                int start = 1 + (int) text.substring(0, at).chars().filter(ch -> ch == '\n').count();
                int end = start + (int) r.chars().filter(ch -> ch == '\n').count();
                out.add(new int[] { start, end });
            }
        }
        // replaced text that is not in the file (already changed?) matches no declaration rather than all of them
        return out.isEmpty() ? List.of(new int[] { -1, -1 }) : out;
    }
}
