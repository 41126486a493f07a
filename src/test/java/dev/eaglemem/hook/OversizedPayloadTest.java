package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.eaglemem.format.Clip;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A payload over HookRunner.MAX_INPUT_BYTES is still an event: stored with its long strings cut (Clip's marker says
 * how much), not dropped whole; and the cut does not depend on the trailing newline bash's route adds.
 */
class OversizedPayloadTest {

    private static final String SESSION = "5f0c2d1e-aaaa-4bbb-8ccc-123456789abc";

    @TempDir
    Path dir;

    private static String toolCall(String id, String stdout) {
        return "{\"session_id\":\"" + SESSION + "\",\"cwd\":\"/home/dev/work/shop-api\",\"hook_event_name\":\"PostToolUse\","
                + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"cat big-" + id
                + ".log\"},\"tool_response\":{\"stdout\":\""
                + stdout + "\",\"stderr\":\"\"},\"tool_use_id\":\"" + id + "\"}";
    }

    @Test
    void aNineMegabyteToolResultIsStoredWithItsOutputCut() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String payload = toolCall("toolu_big", "z".repeat(9 * 1024 * 1024));
            HookRig.Output out = rig.run("PostToolUse", payload.getBytes(StandardCharsets.UTF_8));
            assertThat(out.exit()).isZero();
            assertThat(out.stdout()).isEmpty();
            assertThat(t.rows("SELECT command FROM observations WHERE tool_use_id = 'toolu_big'"))
                    .containsExactly("cat big-toolu_big.log");
            assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("hook PostToolUse: payload of " + payload.length()
                    + " bytes is over the 8 MiB limit; kept with 1 string(s) cut to their first 1048576 characters");
        }
    }

    @Test
    void aTwentyMegabytePromptIsStoredCutWithTheMarker() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String prompt = "please summarise this log: " + "line of the log ".repeat(20 * 1024 * 1024 / 16);
            String payload = "{\"session_id\":\"" + SESSION + "\",\"prompt_id\":\"p-big\",\"cwd\":\"/home/dev/work/shop-api\","
                    + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"" + prompt + "\"}";
            assertThat(rig.run("UserPromptSubmit", payload.getBytes(StandardCharsets.UTF_8)).exit()).isZero();
            List<String> stored = t.rows("SELECT prompt FROM user_prompts");
            assertThat(stored).hasSize(1);
            assertThat(stored.get(0)).startsWith("please summarise this log: line of the log").hasSizeLessThan(2 * 1024 * 1024);
            assertThat(Clip.wasCut(stored.get(0))).as("the stored prompt says it was cut").isTrue();
        }
    }

    /** serve gets the body with bash's newline (up to the limit + 1 byte); the binary without: one cut, one id, one row. */
    @Test
    void aPayloadRightAtTheLimitIsTheSameEventWithOrWithoutTheTrailingNewline() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String head = "{\"session_id\":\"" + SESSION + "\",\"turn_id\":\"t-edge\",\"cwd\":\"/home/dev/work/shop-api\","
                    + "\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":\"";
            String payload = head + "y".repeat(HookRunner.MAX_INPUT_BYTES - head.length() - 2) + "\"}";
            assertThat(payload).hasSize(HookRunner.MAX_INPUT_BYTES);
            rig.runner().respond("UserPromptSubmit", null, (payload + "\n").getBytes(StandardCharsets.UTF_8));
            rig.run("UserPromptSubmit", payload.getBytes(StandardCharsets.UTF_8));
            assertThat(t.rows("SELECT count(*) FROM user_prompts")).containsExactly("1");
            assertThat(t.rows("SELECT count(*) FROM applied_events")).containsExactly("1");
        }
    }

    @Test
    void moreThanTheCeilingInShortFieldsIsLoggedAndIgnored() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            StringBuilder many = new StringBuilder("{\"session_id\":\"" + SESSION + "\",\"tool_name\":\"Bash\",\"x\":[");
            while (many.length() < HookRunner.PARSE_CEILING_BYTES + 1024) {
                many.append("\"0123456789abcdef\",");
            }
            many.append("1]}");
            HookRig.Output out = rig.run("PostToolUse", many.toString().getBytes(StandardCharsets.UTF_8));
            assertThat(out.exit()).isZero();
            assertThat(out.stdout()).isEmpty();
            assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("hook PostToolUse: payload is over "
                    + HookRunner.PARSE_CEILING_BYTES + " bytes even with its long strings cut (the 32 MiB ceiling); ignored");
        }
    }

}
