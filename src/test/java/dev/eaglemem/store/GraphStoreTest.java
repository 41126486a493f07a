package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.store.CodeFile.Edge;
import dev.eaglemem.store.GraphStore.Link;
import dev.eaglemem.store.GraphStore.Ranked;
import dev.eaglemem.store.GraphStore.Symbol;
import dev.eaglemem.store.GraphStore.Touch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GraphStore on a real migrated file with a small indexed project: two declarations named computeTax (src/tax.ts and
 * src/legacy_tax.ts) and callers that mean one or the other, which is what calls matched by name must tell apart, and
 * a helper declared both in src/cart.ts and in src/base.ts.
 */
class GraphStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String BLOG = "code/blog";

    private final GraphStore graph = new GraphStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, BLOG, null, now);
            CodeStore code = new CodeStore();
            code.replace(tx, file("src/cart.ts",
                    List.of(sym("Cart", "Cart", "class", 1), sym("total", "Cart.total", "method", 3),
                            sym("subtotal", "Cart.subtotal", "method", 10), sym("helper", "helper", "function", 12)),
                    List.of(imports("./tax", "src/tax.ts", 1), calls("Cart.total", "computeTax", 5),
                            calls("Cart.total", "helper", 6), calls("Cart.total", "log", 7))),
                    now);
            code.replace(tx, file("src/tax.ts", List.of(sym("computeTax", "computeTax", "function", 1),
                    sym("round_half", "round_half", "function", 8)), List.of()), now);
            code.replace(tx, file("src/legacy_tax.ts", List.of(sym("computeTax", "computeTax", "function", 1)),
                    List.of(calls("main", "computeTax", 10))), now);
            code.replace(tx, file("src/report.ts", List.of(), List.of(imports("./legacy_tax", "src/legacy_tax.ts", 1),
                    calls(null, "computeTax", 4))), now);
            code.replace(tx, file("src/invoice.ts", List.of(), List.of(imports("./tax", "src/tax.ts", 1),
                    imports("./legacy_tax", "src/legacy_tax.ts", 2), calls(null, "computeTax", 8))), now);
            code.replace(tx, file("src/main.ts", List.of(), List.of(imports("./tax", "src/tax.ts", 1),
                    calls(null, "computeTax", 2))), now);
            code.replace(tx, file("src/base.ts", List.of(sym("helper", "helper", "function", 1)), List.of()), now);
            return null;
        });
    }

    private static CodeFile file(String path, List<CodeFile.Symbol> symbols, List<Edge> edges) {
        return new CodeFile(SHOP, path, "typescript", "h", 1, 1, 50, List.of(), symbols, edges);
    }

    private static CodeFile.Symbol sym(String name, String qualified, String kind, int line) {
        return new CodeFile.Symbol(name, qualified, kind, line, line + 1);
    }

    private static Edge imports(String target, String toPath, int line) {
        return new Edge("imports", null, target, toPath, line);
    }

    private static Edge calls(String from, String target, int line) {
        return new Edge("calls", from, target, null, line);
    }

    @Test
    void symbolsAreFoundExactMatchFirstWithLikeWildcardsTakenLiterally() {
        assertThat(t.db.read((Tx tx) -> graph.symbolsNamed(tx, SHOP, "total", 10))).extracting(Symbol::qualified)
                .containsExactly("Cart.total", "Cart.subtotal");
        assertThat(t.db.read((Tx tx) -> graph.symbolsNamed(tx, SHOP, "total", 1))).extracting(Symbol::qualified)
                .containsExactly("Cart.total");
        assertThat(t.db.read((Tx tx) -> graph.symbolsNamed(tx, SHOP, "_", 10))).extracting(Symbol::name)
                .containsExactly("round_half");
        assertThat(t.db.read((Tx tx) -> graph.symbolsNamed(tx, SHOP, "%", 10))).isEmpty();
        assertThat(t.db.read((Tx tx) -> graph.symbolsNamed(tx, BLOG, "total", 10))).isEmpty();

        assertThat(t.db.read((Tx tx) -> graph.symbolsExactly(tx, SHOP, "computeTax", 10))).containsExactly(
                new Symbol("src/legacy_tax.ts", "computeTax", "computeTax", "function", 1, 2),
                new Symbol("src/tax.ts", "computeTax", "computeTax", "function", 1, 2));
        assertThat(t.db.read((Tx tx) -> graph.symbolsExactly(tx, SHOP, "Cart.total", 10))).extracting(Symbol::path)
                .containsExactly("src/cart.ts");
        assertThat(t.db.read((Tx tx) -> graph.symbolsExactly(tx, SHOP, "Cart.tot", 10))).isEmpty();
        assertThat(t.db.read((Tx tx) -> graph.declaredIn(tx, SHOP, "src/cart.ts", 10))).extracting(Symbol::name)
                .containsExactly("Cart", "total", "subtotal", "helper");
        assertThat(t.db.read((Tx tx) -> graph.declaredIn(tx, SHOP, "src/cart.ts", 2))).hasSize(2);
    }

    @Test
    void pathsAreFoundExactThenByFileNameThenShortest() {
        assertThat(t.db.read((Tx tx) -> graph.pathsLike(tx, SHOP, "tax.ts", 10))).containsExactly("src/tax.ts",
                "src/legacy_tax.ts");
        assertThat(t.db.read((Tx tx) -> graph.pathsLike(tx, SHOP, "src/legacy_tax.ts", 10)))
                .containsExactly("src/legacy_tax.ts");
        assertThat(t.db.read((Tx tx) -> graph.pathsLike(tx, SHOP, "src", 3))).containsExactly("src/tax.ts", "src/base.ts",
                "src/cart.ts");
        assertThat(t.db.read((Tx tx) -> graph.pathsLike(tx, SHOP, "%", 10))).isEmpty();
    }

    @Test
    void importsAreReadFromBothEnds() {
        assertThat(t.db.read((Tx tx) -> graph.importsOf(tx, SHOP, "src/invoice.ts", 10))).containsExactly(
                new Link("imports", "src/tax.ts", null, "./tax", 1),
                new Link("imports", "src/legacy_tax.ts", null, "./legacy_tax", 2));
        assertThat(t.db.read((Tx tx) -> graph.importersOf(tx, SHOP, "src/tax.ts", 10))).extracting(Link::path)
                .containsExactly("src/cart.ts", "src/invoice.ts", "src/main.ts");
        assertThat(t.db.read((Tx tx) -> graph.importersOf(tx, SHOP, "src/tax.ts", 10))).extracting(Link::kind)
                .containsOnly("imported_by");
        assertThat(t.db.read((Tx tx) -> graph.importersOf(tx, SHOP, "src/base.ts", 10))).isEmpty();
    }

    @Test
    void aCallCountsForADeclarationUnlessTheCallingFileClearlyMeansAnotherOfThatName() {
        // legacy_tax.ts calls its own; report.ts imports only the legacy one
        assertThat(t.db.read((Tx tx) -> graph.callersOf(tx, SHOP, "computeTax", "src/tax.ts", 10))).containsExactly(
                new Link("called_by", "src/cart.ts", "Cart.total", "computeTax", 5),
                new Link("called_by", "src/invoice.ts", null, "computeTax", 8),
                new Link("called_by", "src/main.ts", null, "computeTax", 2));
        // cart.ts and main.ts import the other one and not this one
        assertThat(t.db.read((Tx tx) -> graph.callersOf(tx, SHOP, "computeTax", "src/legacy_tax.ts", 10)))
                .extracting(Link::path).containsExactly("src/invoice.ts", "src/legacy_tax.ts", "src/report.ts");
        assertThat(t.db.read((Tx tx) -> graph.callersOf(tx, SHOP, "computeTax", "src/tax.ts", 1))).hasSize(1);
    }

    @Test
    void calleesResolveToTheSameFileThenAnImportedOneAndSkipNamesTheProjectDoesNotDeclare() {
        assertThat(t.db.read((Tx tx) -> graph.calleesOf(tx, SHOP, "src/cart.ts", "Cart.total", 10))).containsExactly(
                new Link("calls", "src/tax.ts", "Cart.total", "computeTax", 5),
                new Link("calls", "src/cart.ts", "Cart.total", "helper", 6));
        assertThat(t.db.read((Tx tx) -> graph.calleesOf(tx, SHOP, "src/cart.ts", "Cart.subtotal", 10))).isEmpty();
    }

    @Test
    void theMostImportedFilesAndMostCalledDeclarationsAreRankedWithStableTies() {
        assertThat(t.db.read((Tx tx) -> graph.mostImported(tx, SHOP, 10))).containsExactly(
                new Ranked("src/tax.ts", "src/tax.ts", 3), new Ranked("src/legacy_tax.ts", "src/legacy_tax.ts", 2));
        assertThat(t.db.read((Tx tx) -> graph.mostCalled(tx, SHOP, 10))).containsExactly(
                new Ranked("computeTax", "src/legacy_tax.ts", 5), new Ranked("helper", "src/base.ts", 1));
        assertThat(t.db.read((Tx tx) -> graph.mostCalled(tx, SHOP, 1))).hasSize(1);
        assertThat(t.db.read((Tx tx) -> graph.mostImported(tx, BLOG, 10))).isEmpty();
    }

    @Test
    void sessionsTouchingAFileCountTheirReadsAndEditsNewestSessionFirst() {
        t.db.write((Tx tx) -> {
            SessionStore sessions = new SessionStore();
            sessions.upsert(tx, "s-1", SHOP, "codex", null, null, "startup", now);
            sessions.upsert(tx, "s-2", SHOP, "claude-code", null, null, "startup", now.plusSeconds(60));
            sessions.upsert(tx, "s-3", BLOG, "codex", null, null, "startup", now.plusSeconds(90));
            ObservationStore obs = new ObservationStore();
            obs.insert(tx, observation("s-1", SHOP, List.of("src/cart.ts", "README.md"), List.of()), now);
            obs.insert(tx, observation("s-1", SHOP, List.of("src/cart.ts"), List.of("src/cart.ts")), now);
            obs.insert(tx, observation("s-1", SHOP, List.of("src/cart.tsx"), List.of()), now);
            obs.insert(tx, observation("s-2", SHOP, List.of(), List.of("src/cart.ts")), now);
            obs.insert(tx, observation("s-3", BLOG, List.of("src/cart.ts"), List.of()), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> graph.sessionsTouching(tx, SHOP, "src/cart.ts", 10))).containsExactly(
                new Touch("s-2", "claude-code", "2026-11-22T10:01:00.000Z", 0, 1),
                new Touch("s-1", "codex", "2026-11-22T10:00:00.000Z", 2, 1));
        assertThat(t.db.read((Tx tx) -> graph.sessionsTouching(tx, SHOP, "src/cart.ts", 1))).extracting(Touch::sessionId)
                .containsExactly("s-2");
        assertThat(t.db.read((Tx tx) -> graph.sessionsTouching(tx, SHOP, "src/tax.ts", 10))).isEmpty();
        // README.md and src/cart.tsx are not indexed
        assertThat(t.db.read((Tx tx) -> graph.filesTouchedBySessions(tx, SHOP))).isEqualTo(1);
        assertThat(t.db.read((Tx tx) -> graph.filesTouchedBySessions(tx, BLOG))).isZero();
    }

    @Test
    void memoriesMentioningANameAreTheLiveOnesOfTheProjectAndThePersonalPool() {
        MemoryStore memories = new MemoryStore();
        List<Long> ids = t.db.write((Tx tx) -> List.of(
                memories.insert(tx, memory(SHOP, "project", "computeTax rounds half up", "x"), now),
                memories.insert(tx, memory(null, "personal", "Taxes", "never inline computeTax"), now.plusSeconds(1)),
                memories.insert(tx, memory(SHOP, "project", "lowercase", "computetax is not it"), now),
                memories.insert(tx, memory(BLOG, "project", "computeTax elsewhere", "x"), now),
                memories.insert(tx, memory(SHOP, "project", "computeTax forgotten", "x"), now)));
        t.db.write((Tx tx) -> memories.softDelete(tx, ids.get(4), "forgotten", null, now));

        List<GraphStore.Mention> found = t.db.read((Tx tx) -> graph.memoriesMentioning(tx, SHOP, "computeTax", 10));
        assertThat(found).extracting(GraphStore.Mention::id).containsExactly(ids.get(1), ids.get(0));
        assertThat(found.get(1)).isEqualTo(new GraphStore.Mention(ids.get(0), "decision", "computeTax rounds half up",
                "2026-11-22T10:00:00.000Z"));
        assertThat(t.db.read((Tx tx) -> graph.memoriesMentioning(tx, SHOP, "computeTax", 1))).hasSize(1);
    }

    private static NewObservation observation(String session, String project, List<String> read, List<String> modified) {
        return new NewObservation(session, project, "codex", "Edit", null, "edit", read, modified, null, null, null, null);
    }

    private static NewMemoryRow memory(String project, String scope, String title, String content) {
        return new NewMemoryRow(project, scope, "decision", title, content, null, null, List.of(), "h:" + title, "codex",
                null);
    }
}
