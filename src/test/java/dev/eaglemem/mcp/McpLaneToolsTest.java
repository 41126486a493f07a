package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.orchestrate.HandoffText;
import dev.eaglemem.orchestrate.LaneShown;
import dev.eaglemem.orchestrate.LaneStatus;
import dev.eaglemem.orchestrate.LaneView;
import dev.eaglemem.orchestrate.OrchestrationStatus;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;
import dev.eaglemem.orchestrate.Synced;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orchestration tools over the real services and a real database, in a directory outside git (so spawn needs
 * no_worktree, as the CLI's does): what each answers, refuses, and how it is annotated. Real worker launches are
 * LaneWorkersTest's; here the rig's PATH holds no worker CLI, which is itself a case to answer well.
 */
class McpLaneToolsTest {

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

    @Test
    void statusIsEmptyUntilAnOrchestrationThenListsTheAddedLanes() {
        OrchestrationStatus none = (OrchestrationStatus) call(ToolCatalog.ORCHESTRATE_STATUS);
        assertThat(none.project()).isEqualTo(McpRig.PROJECT);
        assertThat(none.orchestration()).isNull();
        assertThatThrownBy(() -> call(ToolCatalog.LANE_ADD, "key", "api")).hasMessageContaining("no active orchestration");

        rig.orchestrate.init(McpRig.PROJECT, "Split the payment work", dir);
        LaneView api = ((LaneShown) call(ToolCatalog.LANE_ADD, "key", "api", "scope", "Add POST /pay",
                "validate", "test -s pay.txt")).lane();
        assertThat(api.status()).isEqualTo(LaneStatus.PENDING);
        assertThat(api.agent()).isEqualTo("codex");
        assertThat(api.next()).isEqualTo("eagle-mem orchestrate spawn api");
        call(ToolCatalog.LANE_ADD, "key", "docs", "agent", "claude-code", "title", "Document /pay");

        OrchestrationStatus status = (OrchestrationStatus) call(ToolCatalog.ORCHESTRATE_STATUS);
        assertThat(status.orchestration().goal()).isEqualTo("Split the payment work");
        assertThat(status.orchestration().lanes()).extracting(LaneView::key, LaneView::agent)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("api", "codex"),
                        org.assertj.core.groups.Tuple.tuple("docs", "claude-code"));
        assertThat(JsonOutput.write(status)).startsWith("{\"project\":\"code/app\",\"orchestration\":{\"id\":");
        assertThatThrownBy(() -> call(ToolCatalog.LANE_ADD, "key", "API")).hasMessageContaining("share its worktree");
        assertThatThrownBy(() -> call(ToolCatalog.LANE_ADD, "key", "bad key")).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> call(ToolCatalog.LANE_ADD, "key", "x", "agent", "cursor"))
                .hasMessageContaining("cannot be a lane's worker");
    }

    @Test
    void spawnPlansOrNamesTheMissingCliAndAnUnknownKeyNamesTheStatusTool() {
        rig.orchestrate.init(McpRig.PROJECT, "Split the payment work", dir);
        call(ToolCatalog.LANE_ADD, "key", "api", "scope", "Add POST /pay");

        assertThatThrownBy(() -> call(ToolCatalog.LANE_SPAWN, "key", "api", "dry_run", true))
                .hasMessageContaining("not in a git repository").isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.fix()).contains("--no-worktree"));
        SpawnPlan plan = (SpawnPlan) call(ToolCatalog.LANE_SPAWN, "key", "api", "dry_run", true, "no_worktree", true);
        assertThat(plan.mode()).isEqualTo(SpawnMode.DRY_RUN);
        assertThat(plan.agent()).isEqualTo("codex");
        assertThat(plan.pid()).isNull();
        assertThat(Files.exists(plan.runDir())).as("a dry run creates nothing").isFalse();
        assertThatThrownBy(() -> call(ToolCatalog.LANE_SPAWN, "key", "api", "no_worktree", true))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).contains("codex").contains("not on PATH");
                    assertThat(e.fix()).isEqualTo("npm install -g @openai/codex");
                });
        assertThatThrownBy(() -> call(ToolCatalog.LANE_SPAWN, "key", "api", "dry_run", true, "no_launch", true))
                .hasMessageContaining("cannot go with no_launch");

        for (String tool : List.of(ToolCatalog.LANE_SPAWN, ToolCatalog.LANE_SYNC)) {
            assertThatThrownBy(() -> call(tool, "key", "nope", "no_worktree", true)).as(tool)
                    .isInstanceOfSatisfying(EagleException.class, e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                        assertThat(e.getMessage()).contains("no lane 'nope'");
                        assertThat(e.fix()).contains(ToolCatalog.ORCHESTRATE_STATUS);
                    });
        }
        assertThat(((Synced) call(ToolCatalog.LANE_SYNC)).lanes()).as("no worker ran").isEmpty();
        assertThat(((OrchestrationStatus) call(ToolCatalog.ORCHESTRATE_STATUS)).orchestration().lanes().getFirst()
                .status()).as("a refused spawn leaves the lane pending").isEqualTo(LaneStatus.PENDING);
    }

    @Test
    void handoffIsTheMarkdownOfTheCliAndNeedsAnOrchestration() {
        assertThatThrownBy(() -> call(ToolCatalog.ORCHESTRATE_HANDOFF)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        rig.orchestrate.init(McpRig.PROJECT, "Split the payment work", dir);
        call(ToolCatalog.LANE_ADD, "key", "api", "scope", "Add POST /pay", "validate", "make test");
        HandoffText handoff = (HandoffText) call(ToolCatalog.ORCHESTRATE_HANDOFF);
        assertThat(handoff.project()).isEqualTo(McpRig.PROJECT);
        assertThat(handoff.markdown()).startsWith("# eagle-mem orchestration").contains("- Goal: Split the payment work")
                .contains("### api — api").contains("- Validation: `make test`")
                .contains("- Next: eagle-mem orchestrate spawn api");
    }

    @Test
    void readsAreReadOnlyAndIdempotentSyncIsIdempotentAndSpawnReachesOut() {
        Map<String, Tool> tools = new LinkedHashMap<>();
        ToolCatalog.tools().forEach(t -> tools.put(t.name(), t));
        for (String reader : List.of(ToolCatalog.ORCHESTRATE_STATUS, ToolCatalog.ORCHESTRATE_HANDOFF)) {
            assertThat(tools.get(reader).annotations().readOnlyHint()).as(reader).isTrue();
            assertThat(tools.get(reader).annotations().idempotentHint()).as(reader).isTrue();
        }
        for (String writer : List.of(ToolCatalog.LANE_ADD, ToolCatalog.LANE_SPAWN, ToolCatalog.LANE_SYNC)) {
            assertThat(tools.get(writer).annotations().readOnlyHint()).as(writer).isFalse();
            assertThat(tools.get(writer).annotations().destructiveHint()).as(writer).isFalse();
        }
        assertThat(tools.get(ToolCatalog.LANE_ADD).annotations().idempotentHint()).as("the same key twice is refused")
                .isFalse();
        assertThat(tools.get(ToolCatalog.LANE_SYNC).annotations().idempotentHint()).isTrue();
        assertThat(tools.get(ToolCatalog.LANE_SPAWN).annotations().openWorldHint()).isTrue();
        assertThat(tools.get(ToolCatalog.LANE_SPAWN).inputSchema()).containsEntry("required", List.of("key"));
    }
}
