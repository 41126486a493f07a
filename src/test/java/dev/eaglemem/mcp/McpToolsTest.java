package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.memory.AddOutcome;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.search.SearchResult;
import dev.eaglemem.search.Timeline;
import dev.eaglemem.session.SaveResult;

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
        SearchResult result = (SearchResult) call(ToolCatalog.SEARCH, "query", "wal checkpoint");
        assertThat(result.project()).isEqualTo(McpRig.PROJECT);
        assertThat(result.hits()).singleElement().satisfies(h -> {
            assertThat(h.id()).isEqualTo("mem-" + id);
            assertThat(h.memoryKind()).isEqualTo("gotcha");
        });
        assertThat(((SearchResult) call(ToolCatalog.SEARCH, "query", "wal", "project", "code/other")).hits()).isEmpty();
        assertThat(((SearchResult) call(ToolCatalog.SEARCH, "query", "wal", "project", "code/other", "all_projects", true))
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
    void timelineAndGetShowWhatSearchFound() {
        long first = remember("decision", "Keep everything in one SQLite file");
        long second = remember("gotcha", "FTS5 needs the bundled SQLite");
        Timeline timeline = (Timeline) call(ToolCatalog.TIMELINE, "id", "mem-" + second, "before", 5, "after", 0);
        assertThat(timeline.items()).extracting(i -> i.id()).containsExactly("mem-" + first, "mem-" + second);
        McpTools.GetPage page = (McpTools.GetPage) call(ToolCatalog.GET, "ids", List.of("mem-" + second, "mem-999", "" + first));
        assertThat(page.records()).extracting(r -> r.get("id")).containsExactly("mem-" + second, "mem-" + first);
        assertThat(page.missing()).containsExactly("mem-999");
        assertThat(page.notReturned()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.TIMELINE, "id", "mem-1", "before", 31)).hasMessageContaining("between 0 and 30");
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

    @Test
    void aRecordLongerThanAPageComesBackWithItsLongTextsCut() {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("id", "code-1");
        record.put("empty", null);
        record.put("text", "x".repeat(McpTools.MAX_CHARS + 10));
        Map<String, Object> cut = McpTools.cut(record);
        assertThat((String) cut.get("text")).hasSizeLessThan(McpTools.MAX_FIELD + 100)
                .endsWith("more characters: eagle-mem show code-1]");
        assertThat(cut).containsEntry("empty", null);
        assertThat(McpTools.cut(Map.of("id", "mem-1", "text", "short"))).containsEntry("text", "short");
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
        assertThat(((SearchResult) call(ToolCatalog.SEARCH, "query", "sqlite")).hits()).isEmpty();
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_UPDATE, "id", "mem-" + id)).hasMessageContaining("nothing to update");
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_FORGET, "id", "sum-3")).hasMessageContaining("not a memory id");
        assertThatThrownBy(() -> call(ToolCatalog.MEMORY_FORGET, "id", "mem-404")).isInstanceOf(EagleException.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void aContradictionStoresNothingAndSaysHowToResolveIt() {
        AddResult first = (AddResult) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "title", "Database engine", "content",
                "Use PostgreSQL");
        Map<String, Object> clash = (Map<String, Object>) call(ToolCatalog.MEMORY_ADD, "kind", "decision", "title",
                "database engine", "content", "Use MySQL");
        assertThat(((AddResult) clash.get("result")).outcome()).isEqualTo(AddOutcome.CONTRADICTION);
        assertThat((String) clash.get("fix")).contains("supersedes");
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
        assertThat(((SearchResult) call(ToolCatalog.SEARCH, "query", "batched inserts")).hits())
                .extracting(h -> h.id()).containsExactly("sum-" + saved.summary().id());
        assertThatThrownBy(() -> call(ToolCatalog.SESSION_SAVE)).hasMessageContaining("nothing to save");
    }

    @Test
    @SuppressWarnings("unchecked")
    void featurePendingAndCodeSearchAnswerForTheProjectEvenWhenEmpty() {
        Map<String, Object> pending = (Map<String, Object>) call(ToolCatalog.FEATURE_PENDING);
        assertThat(pending).containsEntry("project", McpRig.PROJECT);
        assertThat((List<PendingCheck>) pending.get("pending")).isEmpty();
        SearchResult code = (SearchResult) call(ToolCatalog.CODE_SEARCH, "query", "checkout");
        assertThat(code.hits()).isEmpty();
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
