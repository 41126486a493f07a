package dev.eaglemem.code;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph read back: a summary, a query, a file's and a declaration's neighbours with the memories that name
 * them, and the hook's "also used by" note before an edit of a function other files call.
 */
class GraphServiceTest {

    static final String PROJECT = "acme/shop";
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;
    Path repo;
    TestDb t;
    GraphService graph;
    CodeUsage usage;

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(dir.resolve("repo"));
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        write("src/money.ts", """
                export function cartTotal(lines: Line[]): number {
                  return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
                }

                export function formatPrice(cents: number): string {
                  return (cents / 100).toFixed(2);
                }
                """);
        write("src/checkout.ts", """
                import { cartTotal } from './money';

                export function checkout(cart: Cart) {
                  return charge(cartTotal(cart.lines));
                }
                """);
        write("src/invoice.ts", """
                import { cartTotal, formatPrice } from './money';

                export function invoiceLine(cart: Cart) {
                  return formatPrice(cartTotal(cart.lines));
                }
                """);
        CodeStore code = new CodeStore();
        GraphStore store = new GraphStore();
        new CodeIndexer(t.db, code, new ProjectStore(), Redactor.defaults(), CLOCK, new LogFile(dir.resolve("log"), CLOCK))
                .index(PROJECT, repo, false, CodeIndexer.Progress.NONE);
        graph = new GraphService(t.db, code, store, TestServices.on(t.db, CLOCK).features());
        usage = new CodeUsage(t.db, code, store);
    }

    @AfterEach
    void tearDown() {
        t.close();
    }

    @Test
    void summaryCountsTheGraphAndRanksWhatIsMostUsed() {
        GraphService.Summary s = graph.summary(PROJECT);
        assertThat(s.files()).isEqualTo(3);
        assertThat(s.declarations()).isGreaterThanOrEqualTo(4);
        assertThat(s.resolvedImports()).isEqualTo(2);
        assertThat(s.mostImported()).first().satisfies(r -> {
            assertThat(r.name()).isEqualTo("src/money.ts");
            assertThat(r.count()).isEqualTo(2);
        });
        assertThat(s.mostCalled()).extracting(GraphStore.Ranked::name).first().isEqualTo("cartTotal");
    }

    @Test
    void queryFindsDeclarationsAndFilesByPartOfTheirName() {
        GraphService.QueryResult r = graph.query(PROJECT, "total");
        assertThat(r.declarations()).extracting(GraphStore.Symbol::name).contains("cartTotal");
        assertThat(graph.query(PROJECT, "money").files()).containsExactly("src/money.ts");
    }

    @Test
    void aFilesNeighboursAreItsDeclarationsImportersAndTheMemoriesThatNameIt() {
        t.db.write(tx -> {
            new MemoryStore().insert(tx, new NewMemoryRow(PROJECT, "project", "gotcha", "Rounding in money.ts",
                    "money.ts rounds half-up; invoices must match the gateway.", null, null, List.of(), "h1", "codex", null),
                    CLOCK.instant());
            return null;
        });
        GraphService.Neighbors n = graph.neighbors(PROJECT, repo, "money.ts");
        assertThat(n.node()).isEqualTo("file");
        assertThat(n.path()).isEqualTo("src/money.ts");
        assertThat(n.declares()).extracting(GraphStore.Symbol::name).contains("cartTotal", "formatPrice");
        assertThat(n.importedBy()).extracting(GraphStore.Link::path).containsExactlyInAnyOrder("src/checkout.ts",
                "src/invoice.ts");
        assertThat(n.memories()).extracting(GraphStore.Mention::title).containsExactly("Rounding in money.ts");
    }

    @Test
    void theSessionsThatReadOrModifiedAFileAreItsNeighboursToo() {
        t.db.write(tx -> {
            new SessionStore().upsert(tx, "s-read", PROJECT, "codex", null, null, null, CLOCK.instant());
            new SessionStore().upsert(tx, "s-edit", PROJECT, "claude-code", null, null, null, CLOCK.instant().plusSeconds(60));
            ObservationStore o = new ObservationStore();
            o.insert(tx, new NewObservation("s-read", PROJECT, "codex", "Read", null, "read", List.of("src/money.ts"),
                    List.of(), 0, null, null, null), CLOCK.instant());
            o.insert(tx, new NewObservation("s-edit", PROJECT, "claude-code", "Edit", null, "edit", List.of(),
                    List.of("src/money.ts"), 0, null, null, null), CLOCK.instant().plusSeconds(61));
            o.insert(tx, new NewObservation("s-edit", PROJECT, "claude-code", "Edit", null, "edit", List.of(),
                    List.of("src/money.ts"), 0, null, null, null), CLOCK.instant().plusSeconds(62));
            return null;
        });
        GraphService.Neighbors n = graph.neighbors(PROJECT, repo, "src/money.ts");
        assertThat(n.sessions()).extracting(GraphStore.Touch::sessionId, GraphStore.Touch::reads, GraphStore.Touch::edits)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("s-edit", 0, 2),
                        org.assertj.core.groups.Tuple.tuple("s-read", 1, 0));
        assertThat(graph.summary(PROJECT).filesTouchedBySessions()).isEqualTo(1);
    }

    @Test
    void aDeclarationsNeighboursAreItsCallers() {
        GraphService.Neighbors n = graph.neighbors(PROJECT, repo, "cartTotal");
        assertThat(n.path()).isEqualTo("src/money.ts");
        assertThat(n.calledBy()).extracting(GraphStore.Link::path).contains("src/checkout.ts", "src/invoice.ts");
    }

    /**
     * Issue 24: calls are recorded by name; with two declarations of one name, a call resolves through the caller's own
     * import, not to whichever declaration the index met first.
     */
    @Test
    void aCallResolvesThroughTheCallersOwnImportWhenTwoFilesDeclareTheName() throws IOException {
        write("src/a-legacy.ts", """
                export function cartTotal(lines: Line[]): number {
                  return lines.length;
                }
                """);
        write("src/report.ts", """
                import { cartTotal } from './a-legacy';

                export function weeklyReport(cart: Cart) {
                  return cartTotal(cart.lines);
                }
                """);
        new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), CLOCK,
                new LogFile(dir.resolve("log"), CLOCK))
                .index(PROJECT, repo, false, CodeIndexer.Progress.NONE);

        assertThat(graph.neighbors(PROJECT, repo, "checkout").calls()).extracting(GraphStore.Link::target, GraphStore.Link::path)
                .contains(org.assertj.core.groups.Tuple.tuple("cartTotal", "src/money.ts"));
        assertThat(graph.neighbors(PROJECT, repo, "weeklyReport").calls()).extracting(GraphStore.Link::path)
                .containsExactly("src/a-legacy.ts");

        List<String> money = usage.usedBy(PROJECT, repo, "src/money.ts",
                List.of("return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);"));
        assertThat(money).singleElement().asString().contains("src/checkout.ts:4").contains("src/invoice.ts:4")
                .doesNotContain("src/report.ts");
        List<String> legacy = usage.usedBy(PROJECT, repo, "src/a-legacy.ts", List.of("return lines.length;"));
        assertThat(legacy).singleElement().asString().contains("src/report.ts:4").doesNotContain("src/checkout.ts");
    }

    @Test
    void anUnknownNameSaysHowToLookItUp() {
        assertThatThrownBy(() -> graph.neighbors(PROJECT, repo, "nothingLikeThis")).isInstanceOf(EagleException.class)
                .hasMessageContaining("nothing indexed in acme/shop is named nothingLikeThis");
        assertThatThrownBy(() -> graph.query("other/project", "x")).hasMessageContaining("no code index yet");
    }

    @Test
    void beforeAnEditOfAFunctionOtherFilesCallTheHookNamesThem() {
        List<String> notes = usage.usedBy(PROJECT, repo, "src/money.ts",
                List.of("return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);"));
        assertThat(notes).hasSize(1);
        assertThat(notes.getFirst()).contains("cartTotal (src/money.ts:1)").contains("src/checkout.ts:4")
                .contains("src/invoice.ts:4");
        assertThat(usage.usedBy(PROJECT, repo, "src/checkout.ts", List.of("return charge(cartTotal(cart.lines));")))
                .as("nobody calls checkout").isEmpty();
        assertThat(usage.usedBy("other/project", repo, "src/money.ts", List.of())).isEmpty();
    }

    private void write(String path, String text) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
