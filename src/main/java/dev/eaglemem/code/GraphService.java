package dev.eaglemem.code;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.GraphStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The code graph as people and agents ask about it: a summary of a project's graph, declarations and files matching
 * a term, and the neighbourhood of one file or declaration — the code side (declares, imports, imported by, calls,
 * called by) and the project's own knowledge wired onto it (sessions that read or modified the file, memories that
 * name it, features that own it).
 */
@ApplicationScoped
public class GraphService {

    static final int LIMIT = 20;

    @RegisterForReflection
    public record Summary(String project, long files, long chunks, long declarations, long imports, long resolvedImports,
            long calls, String lastIndexedAt, Map<String, Long> languages, Map<String, Long> declarationKinds,
            List<GraphStore.Ranked> mostImported, List<GraphStore.Ranked> mostCalled, long filesTouchedBySessions) {
    }

    @RegisterForReflection
    public record QueryResult(String project, String term, List<GraphStore.Symbol> declarations, List<String> files) {
    }

    /** A file's or a declaration's neighbourhood; {@code node} says which ({@code file} or the declaration's kind). */
    @RegisterForReflection
    public record Neighbors(String project, String name, String node, String path, List<GraphStore.Symbol> declares,
            List<GraphStore.Link> imports, List<GraphStore.Link> importedBy, List<GraphStore.Link> calls,
            List<GraphStore.Link> calledBy, List<GraphStore.Touch> sessions, List<GraphStore.Mention> memories,
            List<String> features) {
    }

    private final Db db;
    private final CodeStore code;
    private final GraphStore graph;
    private final FeatureService features;

    public GraphService(Db db, CodeStore code, GraphStore graph, FeatureService features) {
        this.db = db;
        this.code = code;
        this.graph = graph;
        this.features = features;
    }

    public Summary summary(String project) {
        return db.read(tx -> {
            CodeStore.Totals t = code.totals(tx, project);
            return new Summary(project, t.files(), t.chunks(), t.symbols(), t.imports(), t.resolvedImports(), t.calls(),
                    t.lastIndexedAt(), code.languages(tx, project), code.symbolKinds(tx, project),
                    graph.mostImported(tx, project, 10), graph.mostCalled(tx, project, 10),
                    graph.filesTouchedBySessions(tx, project));
        });
    }

    public QueryResult query(String project, String term) {
        requireIndex(project);
        return db.read(tx -> new QueryResult(project, term, graph.symbolsNamed(tx, project, term, LIMIT),
                graph.pathsLike(tx, project, term, LIMIT)));
    }

    /**
     * The neighbourhood of {@code name}: an indexed path (or the one path ending with it), else a declaration
     * (qualified or simple name). Several declarations of one name: the first, and the caller can ask by a
     * qualified name.
     */
    public Neighbors neighbors(String project, Path root, String name) {
        requireIndex(project);
        String path = db.read(tx -> {
            List<String> paths = graph.pathsLike(tx, project, name, 2);
            return paths.stream().filter(p -> p.equals(name) || p.endsWith("/" + name)).findFirst().orElse(null);
        });
        if (path != null) {
            return fileNeighbors(project, root, name, path);
        }
        List<GraphStore.Symbol> symbols = db.read(tx -> graph.symbolsExactly(tx, project, name, 1));
        if (symbols.isEmpty()) {
            throw EagleException.notFound("graph: nothing indexed in " + project + " is named " + name,
                    "eagle-mem graph query " + name + "   (names and paths that contain it)");
        }
        GraphStore.Symbol s = symbols.getFirst();
        return db.read(tx -> new Neighbors(project, s.qualified(), s.kind(), s.path(), List.of(), List.of(), List.of(),
                graph.calleesOf(tx, project, s.path(), s.qualified(), LIMIT),
                graph.callersOf(tx, project, s.name(), s.path(), LIMIT),
                graph.sessionsTouching(tx, project, s.path(), 10), graph.memoriesMentioning(tx, project, s.name(), 10),
                featureNames(project, root, s.path())));
    }

    private Neighbors fileNeighbors(String project, Path root, String name, String path) {
        return db.read(tx -> new Neighbors(project, name, "file", path, graph.declaredIn(tx, project, path, 50),
                graph.importsOf(tx, project, path, LIMIT), graph.importersOf(tx, project, path, LIMIT), List.of(),
                List.of(), graph.sessionsTouching(tx, project, path, 10),
                graph.memoriesMentioning(tx, project, path.substring(path.lastIndexOf('/') + 1), 10),
                featureNames(project, root, path)));
    }

    private List<String> featureNames(String project, Path root, String path) {
        return root == null ? List.of() : features.featuresOf(project, root, path, 10).stream().map(Feature::name).toList();
    }

    private void requireIndex(String project) {
        if (db.read(tx -> code.totals(tx, project)).files() == 0) {
            throw EagleException.notFound("graph: " + project + " has no code index yet", "eagle-mem index");
        }
    }
}
