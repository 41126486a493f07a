package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.StaleReport;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.TempRepo;
import dev.eaglemem.memory.AddOutcome;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.SearchHit;
import dev.eaglemem.search.SearchResult;
import dev.eaglemem.search.Timeline;
import dev.eaglemem.session.SaveResult;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ProjectStore;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each tool's handler over the real services and a real database: what it answers and what it refuses. */
class McpToolsTest {

    @TempDir
    Path dir;

    McpRig rig;

    @BeforeEach
    void open() {
        rig = new McpRig(dir);
    }

    @AfterEach
    void close() {
        rig.close();
    }

    private Object call(String tool, Object... keysAndValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return rig.tools.call(tool, args);
    }

    private long remember(String kind, String content) {
        AddResult added = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", kind, "content", content);
        assertThat(added.outcome()).isEqualTo(AddOutcome.CREATED);
        return added.memory().id();
    }

    @Test
    void aMemoryAddedThroughMcpIsFoundBySearchInTheServersProject() {
        long id = remember("gotcha", "Checkpoint the WAL after bulk imports");
        SearchPage result = (SearchPage) call(ToolCatalog.SEARCH, "query", "wal checkpoint");
        assertThat(result.project()).isEqualTo(McpRig.PROJECT);
        assertThat(result.hits()).singleElement().satisfies(h -> {
            assertThat(h.id()).isEqualTo("mem-" + id);
            assertThat(h.memoryKind()).isEqualTo("gotcha");
        });
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "wal", "project", "code/other")).hits()).isEmpty();
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "wal", "project", "code/other", "all_projects", true))
                .hits()).hasSize(1);
    }

    @Test
    void searchRefusesALimitOverTheCapAndAMissingQuery() {
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "query", "x", "limit", 500)).isInstanceOf(EagleException.class)
                .hasMessageContaining("'limit' must be between 1 and 50");
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "limit", 5)).hasMessageContaining("'query' is required");
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "query", 42)).hasMessageContaining("'query' must be a string");
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "query", "x", "limit", 2.5)).hasMessageContaining("whole number");
    }

    @Test
    void searchPagesByOffsetAndSaysWhereTheNextPageStarts() {
        List<String> stored = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            stored.add("mem-" + remember("gotcha", "Paging gotcha number " + i + " about the ledger"));
        }
        List<String> seen = new ArrayList<>();
        SearchPage first = (SearchPage) call(ToolCatalog.SEARCH, "query", "ledger", "limit", 2);
        assertThat(first.hits()).hasSize(2);
        assertThat(first.offset()).isZero();
        assertThat(first.hasMore()).isTrue();
        assertThat(first.nextOffset()).isEqualTo(2);
        assertThat(first.hint()).isNull();
        first.hits().forEach(h -> seen.add(h.id()));
        SearchPage second = (SearchPage) call(ToolCatalog.SEARCH, "query", "ledger", "limit", 2, "offset", first.nextOffset());
        assertThat(second.hits()).hasSize(2);
        assertThat(second.nextOffset()).isEqualTo(4);
        second.hits().forEach(h -> seen.add(h.id()));
        SearchPage last = (SearchPage) call(ToolCatalog.SEARCH, "query", "ledger", "limit", 2, "offset", second.nextOffset());
        assertThat(last.hits()).hasSize(1);
        assertThat(last.hasMore()).isFalse();
        assertThat(last.nextOffset()).isNull();
        last.hits().forEach(h -> seen.add(h.id()));
        assertThat(seen).as("the pages together hold every hit once, in the order of one big page")
                .containsExactlyElementsOf(((SearchPage) call(ToolCatalog.SEARCH, "query", "ledger", "limit", 10)).hits()
                        .stream().map(SearchHit::id).toList())
                .containsExactlyInAnyOrderElementsOf(stored);

        SearchPage past = (SearchPage) call(ToolCatalog.SEARCH, "query", "ledger", "offset", 40);
        assertThat(past.hits()).isEmpty();
        assertThat(past.hasMore()).isFalse();
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "query", "ledger", "offset", McpTools.MAX_OFFSET + 1))
                .hasMessageContaining("'offset' must be between 0 and " + McpTools.MAX_OFFSET);
        assertThatThrownBy(() -> call(ToolCatalog.SEARCH, "query", "ledger", "offset", -1)).hasMessageContaining("'offset'");
    }

    @Test
    void aPageAtTheOffsetCapSaysToNarrowTheQueryInsteadOfOfferingAnotherPage() {
        List<SearchHit> hits = new ArrayList<>();
        for (int i = 0; i < McpTools.MAX_OFFSET + 3; i++) {
            hits.add(new SearchHit("mem-" + i, "memory", "gotcha", McpRig.PROJECT, "t", "s", null, 1.0));
        }
        SearchResult result = new SearchResult("q", List.of("q"), "all", "lexical", McpRig.PROJECT, hits);
        SearchPage atCap = SearchPage.of(result, McpTools.MAX_OFFSET, 2);
        assertThat(atCap.hits()).extracting(SearchHit::id).containsExactly("mem-500", "mem-501");
        assertThat(atCap.hasMore()).isTrue();
        assertThat(atCap.nextOffset()).isNull();
        assertThat(atCap.hint()).contains("narrow the query");
        assertThat(SearchPage.of(result, McpTools.MAX_OFFSET - 2, 2).nextOffset()).isEqualTo(McpTools.MAX_OFFSET);
    }

    @Test
    void codeSearchSaysToIndexFirstAndPagesOnceTheIndexExists() throws IOException {
        SearchPage before = (SearchPage) call(ToolCatalog.CODE_SEARCH, "query", "chargeCard");
        assertThat(before.hits()).isEmpty();
        assertThat(before.hint()).isEqualTo("no code index for this project; run `eagle-mem index` in it, then search again");
        assertThat(before.project()).isEqualTo(McpRig.PROJECT);

        Path src = Files.createDirectories(dir.resolve("shop/src"));
        for (String name : List.of("a", "b", "c")) {
            Files.writeString(src.resolve(name + ".ts"), "export function chargeCard" + name.toUpperCase()
                    + "(cart: Cart) { return cart.total; }\n");
        }
        new CodeIndexer(rig.t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), Clock.systemUTC(), rig.log)
                .index(McpRig.PROJECT, dir.resolve("shop"), false, CodeIndexer.Progress.NONE);
        SearchPage first = (SearchPage) call(ToolCatalog.CODE_SEARCH, "query", "cart total", "limit", 2);
        assertThat(first.hint()).isNull();
        assertThat(first.hits()).hasSize(2).allSatisfy(h -> assertThat(h.id()).startsWith("code-"));
        assertThat(first.nextOffset()).isEqualTo(2);
        SearchPage rest = (SearchPage) call(ToolCatalog.CODE_SEARCH, "query", "cart total", "limit", 2, "offset", 2);
        assertThat(rest.hits()).hasSize(1);
        assertThat(rest.hasMore()).isFalse();
    }

    /**
     * In a real checkout: a memory added through MCP is anchored; after a commit changes its file, memory_stale lists it
     * with the commit, and memory_confirm anchors it again so the list is empty.
     */
    @Test
    void memoryStaleListsWhatTheCodeMovedOnFromAndMemoryConfirmAnchorsItAgain() throws IOException {
        rig.close();
        TempRepo repo = new TempRepo(dir.resolve("app")).write("src/retry.js", "export const tries = 3;\n").commitAll("retry");
        rig = new McpRig(Files.createDirectories(dir.resolve("data")), repo.root);
        long id = ((AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "gotcha", "content", "Payments retry three times at most",
                "files", List.of("src/retry.js"))).memory().id();
        assertThat(((StaleReport) call(ToolCatalog.MEMORY_STALE)).records()).as("fresh: nothing listed").isEmpty();

        repo.write("src/retry.js", "export const tries = 5;\n").commitAll("retry five times");
        StaleReport stale = (StaleReport) call(ToolCatalog.MEMORY_STALE);
        assertThat(stale.anchored()).isEqualTo(1);
        assertThat(stale.records()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("mem-" + id);
            assertThat(r.freshness().state()).isEqualTo(AnchorState.CHANGED);
            assertThat(r.freshness().label()).contains("src/retry.js changed since in 1 commit").contains("'retry five times'");
        });

        AnchorService.Confirmed confirmed = (AnchorService.Confirmed) call(ToolCatalog.MEMORY_CONFIRM, "id", "mem-" + id);
        assertThat(confirmed.before().state()).isEqualTo(AnchorState.CHANGED);
        assertThat(confirmed.after().state()).isEqualTo(AnchorState.FRESH);
        assertThat(((StaleReport) call(ToolCatalog.MEMORY_STALE)).records()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_CONFIRM, "id", "prm-1")).isInstanceOf(EagleException.class)
                .hasMessageContaining("memory (mem-12) or a session summary");
    }

    @Test
    void memoryAddIsDestructiveASameTopicAddOverwritesForGoodAndSupersedesForgetsRestorably() {
        Tool add = ToolCatalog.tools().stream().filter(t -> t.name().equals(ToolCatalog.MEMORY_ADD)).findFirst().orElseThrow();
        assertThat(add.annotations().destructiveHint()).isTrue();
        assertThat(add.annotations().readOnlyHint()).isFalse();
        assertThat(add.description()).contains("replaced in place").contains("supersedes").contains("restore");

        AddResult first = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "topic", "db/engine", "content",
                "Use PostgreSQL for the ledger");
        AddResult revised = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "topic", "db/engine", "content",
                "Use SQLite for the ledger");
        assertThat(revised.outcome()).isEqualTo(AddOutcome.UPDATED);
        assertThat(revised.memory().id()).isEqualTo(first.memory().id());
        assertThat(revised.memory().content()).isEqualTo("Use SQLite for the ledger");
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "postgresql", "all_projects", true)).hits())
                .as("the earlier text is gone: nothing holds it any more").isEmpty();

        long old = remember("gotcha", "Vacuum needs twice the disk");
        AddResult replacing = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "gotcha", "content",
                "Vacuum into a new file instead", "supersedes", "mem-" + old);
        assertThat(replacing.superseded()).isEqualTo(old);
        assertThat(rig.memories.show(old).isDeleted()).as("superseded: forgotten").isTrue();
        MemoryRow restored = rig.memories.restore(old).memory();
        assertThat(restored.isDeleted()).as("a superseded memory comes back with restore").isFalse();
        assertThat(restored.content()).isEqualTo("Vacuum needs twice the disk");
    }

    @Test
    void memoryAddTakesTheAgentsCuesRedactedAndTidied() {
        AddResult added = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "gotcha", "content",
                "Cron runs in local time: the DST switch fires jobs twice", "cues", List.of("the weekly email went out twice",
                        " the weekly  email went out TWICE ", "token ghp_0123456789abcdefghijklmnopqrstuvwxyz in the log"));
        assertThat(added.outcome()).isEqualTo(AddOutcome.CREATED);
        assertThat(added.cues()).containsExactly("the weekly email went out twice", "token [REDACTED] in the log");
        long id = added.memory().id();
        assertThat(rig.t.db.<Optional<CueStore.Cues>>read(tx -> new CueStore().find(tx, id))).hasValueSatisfying(c -> {
            assertThat(c.cues()).hasSize(2);
            assertThat(c.provider()).as("written by the agent, not a model provider").isEqualTo("claude-code");
            assertThat(c.current()).isTrue();
        });
        assertThat(((AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "gotcha", "content", "No cues given")).cues()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_ADD, "kind", "gotcha", "content", "Xylophone tuning drifts", "cues",
                List.of(" ", ""))).isInstanceOf(EagleException.class).hasMessageContaining("every cue given was empty");
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "xylophone")).hits()).as("nothing stored").isEmpty();
    }

    @Test
    void timelineAndGetShowWhatSearchFound() {
        long first = remember("decision", "Keep everything in one SQLite file");
        long second = remember("gotcha", "FTS5 needs the bundled SQLite");
        Timeline timeline = (Timeline) call(ToolCatalog.TIMELINE, "id", "mem-" + second, "before", 5, "after", 0);
        assertThat(timeline.items()).extracting(i -> i.id()).containsExactly("mem-" + first, "mem-" + second);
        McpTools.GetPage page = (McpTools.GetPage) call(ToolCatalog.GET, "ids", List.of("mem-" + second, "mem-999", "" + first));
        assertThat(page.records()).extracting(r -> r.id()).containsExactly("mem-" + second, "mem-" + first);
        assertThat(page.missing()).containsExactly("mem-999");
        assertThat(page.notReturned()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.TIMELINE, "id", "mem-1", "before", 31))
                .hasMessageContaining("between 0 and 30");
        assertThatThrownBy(() -> call(ToolCatalog.GET, "ids", List.of())).hasMessageContaining("'ids' is required");
        assertThatThrownBy(() -> call(ToolCatalog.GET, "ids", List.of("bogus"))).hasMessageContaining("not a record id");
    }

    @Test
    void getPagesByCharactersAndNamesWhatItLeftForTheNextCall() {
        String long1 = "alpha ".repeat(1_500);
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add("mem-" + remember("pattern", i + " " + long1));
        }
        McpTools.GetPage page = (McpTools.GetPage) call(ToolCatalog.GET, "ids", ids);
        assertThat(page.records()).isNotEmpty();
        assertThat(page.notReturned()).isNotEmpty();
        assertThat(page.records().size() + page.notReturned().size()).isEqualTo(6);
        assertThat(dev.eaglemem.format.JsonOutput.write(page.records()).length()).isLessThanOrEqualTo(McpTools.MAX_CHARS);
        assertThat(page.notReturned()).isEqualTo(ids.subList(page.records().size(), 6));
    }

    /** A record is never split: one longer than a page comes back whole, alone on its page. */
    @Test
    void aRecordLongerThanAPageComesBackWholeAloneOnItsPage() {
        String content = "ledger ".repeat(McpTools.MAX_CHARS / 7 + 10);
        long big = remember("pattern", content);
        long small = remember("gotcha", "A short one");
        McpTools.GetPage page = (McpTools.GetPage) call(ToolCatalog.GET, "ids", List.of("mem-" + big, "mem-" + small));
        assertThat(page.records()).singleElement().satisfies(r -> assertThat(dev.eaglemem.format.JsonOutput.write(r))
                .contains(content.strip()).hasSizeGreaterThan(McpTools.MAX_CHARS));
        assertThat(page.notReturned()).containsExactly("mem-" + small);
    }

    @Test
    void updateAndForgetChangeTheMemoryAndAreIdempotent() {
        long id = remember("decision", "Use SQLite");
        MemoryChange updated = (MemoryChange) call(ToolCatalog.MEMORY_UPDATE, "id", "mem-" + id, "title", "Use SQLite, WAL mode");
        assertThat(updated.status()).isEqualTo("updated");
        assertThat(((MemoryChange) call(ToolCatalog.MEMORY_UPDATE, "id", "" + id, "title", "Use SQLite, WAL mode")).status())
                .isEqualTo("unchanged");
        assertThat(((MemoryChange) call(ToolCatalog.MEMORY_FORGET, "id", "mem-" + id, "reason", "moved")).status())
                .isEqualTo("forgotten");
        assertThat(((MemoryChange) call(ToolCatalog.MEMORY_FORGET, "id", "mem-" + id)).status()).isEqualTo("already_forgotten");
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "sqlite")).hits()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_UPDATE, "id", "mem-" + id)).hasMessageContaining("nothing to update");
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_FORGET, "id", "sum-3")).hasMessageContaining("not a memory id");
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_FORGET, "id", "mem-404")).isInstanceOf(EagleException.class);
    }

    @Test
    void aContradictionStoresNothingAndSaysHowToResolveIt() {
        AddResult first = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "title", "Database engine", "content",
                "Use PostgreSQL");
        McpTools.NotStored clash = (McpTools.NotStored) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "title",
                "database engine", "content", "Use MySQL");
        assertThat(clash.result().outcome()).isEqualTo(AddOutcome.CONTRADICTION);
        assertThat(clash.fix()).contains("supersedes");
        AddResult replaced = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "title", "database engine",
                "content", "Use MySQL", "supersedes", "mem-" + first.memory().id());
        assertThat(replaced.superseded()).isEqualTo(first.memory().id());
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_ADD, "kind", "wish", "content", "x"))
                .hasMessageContaining("wish");
    }

    @Test
    void sessionSaveStoresASummarySearchFinds() {
        SaveResult saved = (SaveResult) call(ToolCatalog.SESSION_SAVE, "request", "Speed up imports", "completed",
                "Batched the inserts by 500", "decisions", "One transaction per batch", "files_modified", List.of("src/db.ts"));
        assertThat(saved.project()).isEqualTo(McpRig.PROJECT);
        assertThat(saved.manual()).isTrue();
        assertThat(saved.decisions()).isEqualTo(1);
        assertThat(((SearchPage) call(ToolCatalog.SEARCH, "query", "batched inserts")).hits())
                .extracting(h -> h.id()).containsExactly("sum-" + saved.summary().id());
        assertThatThrownBy(() -> call(ToolCatalog.SESSION_SAVE)).hasMessageContaining("nothing to save");
    }

    @Test
    void featurePendingAndCodeSearchAnswerForTheProjectEvenWhenEmpty() {
        McpTools.Pending pending = (McpTools.Pending) call(ToolCatalog.FEATURE_PENDING);
        assertThat(pending.project()).isEqualTo(McpRig.PROJECT);
        assertThat(pending.pending()).isEmpty();
        SearchPage code = (SearchPage) call(ToolCatalog.CODE_SEARCH, "query", "checkout");
        assertThat(code.hits()).isEmpty();
        assertThat(code.hint()).isEqualTo(SearchPage.NO_CODE_INDEX).contains("run `eagle-mem index`");
    }

    @Test
    void everyCatalogToolHasAHandlerAndAnnotations() {
        for (var tool : ToolCatalog.tools()) {
            assertThat(tool.annotations()).as(tool.name()).isNotNull();
            assertThat(tool.annotations().readOnlyHint()).as(tool.name()).isNotNull();
            assertThat(tool.inputSchema()).containsEntry("type", "object");
            try {
                rig.tools.call(tool.name(), Map.of());
            } catch (EagleException e) {
                assertThat(e.getMessage()).as(tool.name()).doesNotContain("unknown tool");
            }
        }
        assertThatThrownBy(() -> rig.tools.call("nope", Map.of())).hasMessageContaining("unknown tool");
    }
}
