package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Antigravity CLI conversation, from payloads written from its hooks reference (untested against the real CLI),
 * through the whole hook stack: stored as Antigravity's, recalled once at its first model call, in its own format.
 */
class AntigravityHookFlowTest {

    private static final Path AGY = Path.of("src/test/resources/agent-payloads/antigravity-docs-2026-12");

    @TempDir
    Path dir;

    @Test
    void aConversationIsStoredAsAntigravitysAndRecalledAtItsFirstModelCallOnly() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            StringBuilder out = new StringBuilder();
            for (String f : new String[] { "PreInvocation-1", "PreToolUse-1", "PostToolUse-1", "PreInvocation-2",
                    "PostToolUse-2", "PostInvocation-1", "Stop-1" }) {
                rig.clock.advance(Duration.ofSeconds(10));
                HookRig.Output o = rig.run(f.replaceFirst("-\\d+$", ""), "antigravity",
                        Files.readAllBytes(AGY.resolve(f + ".json")));
                assertThat(o.exit()).isZero();
                out.append(o.stdout());
            }
            assertThat(out.toString().lines().toList()).singleElement().asString()
                    .startsWith("{\"injectSteps\":[{\"ephemeralMessage\":\"Eagle Mem recall ready")
                    .contains("Money is integer cents");
            assertThat(t.rows("SELECT agent FROM sessions WHERE id = '8c2e4f1a-6b3d-4e90-a7c5-1f9d3b2e0a64'"))
                    .containsExactly("antigravity");
            assertThat(t.rows("SELECT tool_name || ' ' || COALESCE(command, '') || ' ' || files_modified FROM observations"
                    + " WHERE session_id = '8c2e4f1a-6b3d-4e90-a7c5-1f9d3b2e0a64' ORDER BY id"))
                    .containsExactly("Bash echo hi > a.txt && cat a.txt []", "Write  [\"src/app.py\"]");
        }
        assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
    }
}
