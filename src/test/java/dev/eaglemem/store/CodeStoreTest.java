package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.store.CodeFile.Chunk;
import dev.eaglemem.store.CodeFile.Edge;
import dev.eaglemem.store.CodeFile.Symbol;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CodeStore on a real migrated file: a file's rows are replaced or removed together, and what search reads of them. */
class CodeStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String BLOG = "code/blog";

    private final CodeStore code = new CodeStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, BLOG, null, now);
            return null;
        });
    }

    private static CodeFile cart(String project, String hash, String body) {
        return new CodeFile(project, "src/cart.ts", "typescript", hash, 120, 1_700_000_000_000L, 40,
                List.of(new Chunk(1, 20, "class", "Cart", "cart total", body),
                        new Chunk(21, 40, "function", null, "cart helpers", "export const helper = 1;")),
                List.of(new Symbol("Cart", "Cart", "class", 1, 20), new Symbol("total", "Cart.total", "method", 3, 9)),
                List.of(new Edge("imports", null, "./tax", "src/tax.ts", 1), new Edge("imports", null, "lodash", null, 2),
                        new Edge("calls", "Cart.total", "computeTax", null, 5)));
    }

    private long replace(CodeFile file) {
        return t.db.write((Tx tx) -> code.replace(tx, file, now));
    }

    private long count(String table) {
        return Long.parseLong(t.rows("SELECT count(*) FROM " + table).getFirst());
    }

    private List<CodeStore.Candidate> search(String match, String project) {
        return t.db.read((Tx tx) -> code.candidates(tx, match, project, 10));
    }

    @Test
    void aReplacedFileReadsBackWithItsChunksSymbolsAndEdges() {
        long id = replace(cart(SHOP, "hash-1", "class Cart { total() { return computeTax(1); } }"));

        assertThat(t.db.read((Tx tx) -> code.files(tx, SHOP))).containsExactly(
                Map.entry("src/cart.ts", new CodeStore.Indexed(id, "src/cart.ts", "hash-1", 120, 1_700_000_000_000L)));
        CodeStore.Totals totals = t.db.read((Tx tx) -> code.totals(tx, SHOP));
        assertThat(totals).isEqualTo(new CodeStore.Totals(1, 2, 2, 2, 1, 1, "2026-11-22T10:00:00.000Z"));
        assertThat(t.db.read((Tx tx) -> code.status(tx, SHOP)))
                .contains(new CodeStore.Status(1, "2026-11-22T10:00:00.000Z"));
        assertThat(t.db.read((Tx tx) -> code.languages(tx, SHOP))).containsExactly(Map.entry("typescript", 1L));
        assertThat(t.db.read((Tx tx) -> code.symbolKinds(tx, SHOP))).containsExactly(Map.entry("class", 1L),
                Map.entry("method", 1L));

        CodeStore.Candidate hit = search("computeTax", SHOP).getFirst();
        assertThat(hit.hit().path()).isEqualTo("src/cart.ts");
        assertThat(hit.hit().name()).isEqualTo("Cart");
        assertThat(hit.hit().language()).isEqualTo("typescript");
        assertThat(hit.hit().startLine()).isEqualTo(1);
        assertThat(hit.identity()).isEqualTo("Cart cart total src/cart.ts");
        assertThat(hit.text()).isEqualTo("class Cart { total() { return computeTax(1); } }");
        CodeStore.StoredChunk chunk = t.db.read((Tx tx) -> code.chunk(tx, hit.hit().id())).orElseThrow();
        assertThat(chunk).isEqualTo(new CodeStore.StoredChunk(hit.hit().id(), "src/cart.ts", 1, 20, "class", "Cart",
                "class Cart { total() { return computeTax(1); } }"));
    }

    @Test
    void replacingAFileLeavesNoRowOfItsOldContentBehind() {
        replace(cart(SHOP, "hash-1", "class Cart { legacyRounding() {} }"));
        long id = replace(cart(SHOP, "hash-2", "class Cart { bankersRounding() {} }"));

        assertThat(List.of(count("code_files"), count("code_chunks"), count("code_symbols"), count("code_edges")))
                .containsExactly(1L, 2L, 2L, 3L);
        assertThat(t.db.read((Tx tx) -> code.files(tx, SHOP)).get("src/cart.ts").contentHash()).isEqualTo("hash-2");
        assertThat(t.db.read((Tx tx) -> code.files(tx, SHOP)).get("src/cart.ts").id()).isEqualTo(id);
        assertThat(search("legacyRounding", null)).isEmpty();
        assertThat(search("bankersRounding", null)).hasSize(1);
    }

    @Test
    void removingAFileOrAProjectCascadesToEverythingOfIt() {
        replace(cart(SHOP, "hash-1", "class Cart {}"));
        replace(cart(BLOG, "hash-1", "class Cart {}"));
        assertThat(t.db.write((Tx tx) -> code.remove(tx, SHOP, "src/cart.ts"))).isTrue();
        assertThat(t.db.write((Tx tx) -> code.remove(tx, SHOP, "src/cart.ts"))).isFalse();
        assertThat(t.db.read((Tx tx) -> code.status(tx, SHOP))).isEmpty();
        assertThat(t.db.read((Tx tx) -> code.totals(tx, SHOP))).isEqualTo(new CodeStore.Totals(0, 0, 0, 0, 0, 0, null));
        assertThat(search("Cart", SHOP)).isEmpty();
        assertThat(search("Cart", BLOG)).extracting(c -> c.hit().project()).containsOnly(BLOG).hasSize(2);

        replace(new CodeFile(BLOG, "src/post.ts", "typescript", "h", 1, 1, 1, List.of(), List.of(), List.of()));
        assertThat(t.db.write((Tx tx) -> code.clear(tx, BLOG))).isEqualTo(2);
        assertThat(List.of(count("code_files"), count("code_chunks"), count("code_symbols"), count("code_edges")))
                .containsOnly(0L);
    }

    @Test
    void touchRecordsANewModificationTimeAndNothingElse() {
        long id = replace(cart(SHOP, "hash-1", "class Cart {}"));
        t.db.write((Tx tx) -> {
            code.touch(tx, id, 1_800_000_000_000L);
            return null;
        });
        CodeStore.Indexed f = t.db.read((Tx tx) -> code.files(tx, SHOP)).get("src/cart.ts");
        assertThat(f).isEqualTo(new CodeStore.Indexed(id, "src/cart.ts", "hash-1", 120, 1_800_000_000_000L));
        assertThat(count("code_chunks")).isEqualTo(2);
    }

    @Test
    void importsToResolveAreTheUnresolvedOnesAndThoseToFilesNoLongerIndexed() {
        replace(cart(SHOP, "hash-1", "class Cart {}"));
        List<CodeStore.ImportEdge> open = t.db.read((Tx tx) -> code.importsToResolve(tx, SHOP));
        // src/tax.ts is not indexed: its import is to resolve again, like the library import
        assertThat(open).extracting(CodeStore.ImportEdge::target).containsExactlyInAnyOrder("./tax", "lodash");
        assertThat(open).allSatisfy(e -> {
            assertThat(e.fromPath()).isEqualTo("src/cart.ts");
            assertThat(e.language()).isEqualTo("typescript");
        });

        replace(new CodeFile(SHOP, "src/tax.ts", "typescript", "h", 1, 1, 1, List.of(), List.of(), List.of()));
        assertThat(t.db.read((Tx tx) -> code.importsToResolve(tx, SHOP))).extracting(CodeStore.ImportEdge::target)
                .containsExactly("lodash");

        CodeStore.ImportEdge lodash = t.db.read((Tx tx) -> code.importsToResolve(tx, SHOP)).getFirst();
        t.db.write((Tx tx) -> {
            code.resolveImport(tx, lodash.rowid(), "src/tax.ts");
            return null;
        });
        assertThat(t.db.read((Tx tx) -> code.importsToResolve(tx, SHOP))).isEmpty();
        assertThat(t.db.read((Tx tx) -> code.totals(tx, SHOP)).resolvedImports()).isEqualTo(2);
        assertThat(t.db.read((Tx tx) -> code.importsToResolve(tx, BLOG))).isEmpty();
    }

    @Test
    void aNameOutweighsTheBodyAndTheProjectFilterHolds() {
        replace(new CodeFile(SHOP, "src/a.ts", "typescript", "h", 1, 1, 40,
                // the body says checkout four times, the other chunk only in its name
                List.of(new Chunk(1, 10, "function", "checkout", "go", "function go() {}"),
                        new Chunk(11, 40, "function", "render", "render",
                                "function render() { checkout(); log('checkout'); checkout.done = checkout; }")),
                List.of(), List.of()));
        replace(new CodeFile(BLOG, "src/b.py", "python", "h", 1, 1, 5,
                List.of(new Chunk(1, 5, "function", "checkout", "checkout", "def checkout(): pass")), List.of(), List.of()));

        assertThat(search("checkout", SHOP)).extracting(c -> c.hit().name()).containsExactly("checkout", "render");
        assertThat(search("checkout", null)).hasSize(3);
        assertThat(search("checkout", BLOG)).singleElement().satisfies(c -> assertThat(c.hit().language()).isEqualTo("python"));
        assertThat(t.db.read((Tx tx) -> code.candidates(tx, "checkout", null, 1))).hasSize(1);
    }

    @Test
    void hitsByIdKeepTheAskedOrderAndOnlyTheProjectsLiveChunks() {
        String longText = "x".repeat(500);
        replace(new CodeFile(SHOP, "src/a.ts", "typescript", "h", 1, 1, 40,
                List.of(new Chunk(1, 10, "function", "a", "a", longText), new Chunk(11, 20, "function", "b", "b", "b()")),
                List.of(), List.of()));
        replace(new CodeFile(BLOG, "src/c.ts", "typescript", "h", 1, 1, 10,
                List.of(new Chunk(1, 10, "function", "c", "c", "c()")), List.of(), List.of()));
        List<Long> ids = t.rows("SELECT id FROM code_chunks ORDER BY id").stream().map(Long::parseLong).toList();
        long a = ids.get(0);
        long b = ids.get(1);
        long other = ids.get(2);

        List<CodeHit> hits = t.db.read((Tx tx) -> code.hits(tx, List.of(b, 999L, other, a), SHOP));
        assertThat(hits).extracting(CodeHit::id).containsExactly(b, a);
        assertThat(hits.get(1).snippet()).hasSize(400);
        assertThat(hits.get(1).score()).isZero();
        assertThat(t.db.read((Tx tx) -> code.hits(tx, List.of(), SHOP))).isEmpty();
        assertThat(t.db.read((Tx tx) -> code.chunk(tx, 999L))).isEmpty();
    }
}
