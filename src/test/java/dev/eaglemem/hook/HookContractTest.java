package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input never breaks the protocol: exit 0, and stdout empty or one JSON line. */
class HookContractTest {

    @TempDir
    Path dir;

    private static final String SESSION = "\"session_id\":\"5f0c2d1e-aaaa-4bbb-8ccc-123456789abc\"";

    static Stream<Arguments> malformed() {
        byte[] huge = new byte[HookRunner.MAX_INPUT_BYTES + 1024];
        Arrays.fill(huge, (byte) ' ');
        huge[0] = '{';
        huge[huge.length - 1] = '}';
        return Stream.of(
                Arguments.of("empty stdin", "SessionStart", new byte[0]),
                Arguments.of("whitespace", "SessionStart", bytes("  \n\t ")),
                Arguments.of("invalid JSON", "UserPromptSubmit", bytes("{\"session_id\": ")),
                Arguments.of("truncated JSON", "PostToolUse", bytes("{" + SESSION + ",\"tool_name\":\"Bash\",\"tool_input\":{")),
                Arguments.of("a JSON array", "SessionStart", bytes("[1,2,3]")),
                Arguments.of("a JSON string", "Stop", bytes("\"hello\"")),
                Arguments.of("binary garbage", "PreToolUse", new byte[] { 0, (byte) 0xff, 0x10, (byte) 0x80, 0x7b }),
                Arguments.of("session_id is a number", "SessionStart",
                        bytes("{\"session_id\":42,\"cwd\":\"/home/dev/work/shop-api\"}")),
                Arguments.of("session_id with a path", "SessionStart", bytes("{\"session_id\":\"../../etc\",\"cwd\":\"/x\"}")),
                Arguments.of("cwd is an object", "SessionStart", bytes("{" + SESSION + ",\"cwd\":{\"a\":1},\"source\":7}")),
                Arguments.of("prompt is an object", "UserPromptSubmit", bytes("{" + SESSION + ",\"prompt\":{\"text\":\"x\"}}")),
                Arguments.of("tool_input is a string", "PostToolUse",
                        bytes("{" + SESSION + ",\"tool_name\":\"Bash\",\"tool_input\":\"ls\",\"tool_response\":[1]}")),
                Arguments.of("tool_name missing", "PostToolUse", bytes("{" + SESSION + ",\"tool_input\":{\"command\":\"ls\"}}")),
                Arguments.of("huge payload", "UserPromptSubmit", huge),
                Arguments.of("unknown event", "Notification", bytes("{" + SESSION + ",\"message\":\"hi\"}")),
                Arguments.of("no event name", "", bytes("{" + SESSION + "}")),
                Arguments.of("deep nesting", "Stop",
                        bytes("{" + SESSION + ",\"x\":" + "[".repeat(5000) + "]".repeat(5000) + "}")),
                Arguments.of("missing cwd", "SessionStart", bytes("{" + SESSION + ",\"source\":\"startup\"}")),
                Arguments.of("control characters", "UserPromptSubmit",
                        bytes("{" + SESSION + ",\"prompt\":\"\\u0000\\u0007 release gate bug please\"}")));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void badInputStillKeepsTheProtocol(String name, String event, byte[] stdin) throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig.Output out = new HookRig(t.db, dir.resolve("eagle-mem.log")).run(event, stdin);
            assertThat(out.exit()).isZero();
            HookGoldenTest.assertContract(event, out.stdout());
        }
    }

    @Test
    void aPayloadWithoutCwdUsesTheHookProcessDirectory() {
        try (TestDb t = TestDb.in(dir)) {
            HookRig.Output out = new HookRig(t.db, dir.resolve("eagle-mem.log")).run("SessionStart",
                    bytes("{" + SESSION + ",\"source\":\"startup\"}"));
            assertThat(out.stdout()).contains("no memory yet for work/shop-api");
        }
    }

    @Test
    void malformedInputIsLoggedNotPrinted() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            new HookRig(t.db, dir.resolve("eagle-mem.log")).run("UserPromptSubmit", bytes("{not json"));
        }
        assertThat(Files.readString(dir.resolve("eagle-mem.log")))
                .contains("[WARN] hook UserPromptSubmit: payload is not valid JSON");
    }

    @Test
    void anEventEagleMemDoesNotHandleAnswersNothingAndSaysWhyInTheLog() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig.Output out = new HookRig(t.db, dir.resolve("eagle-mem.log")).run("Bogus",
                    bytes("{\"session_id\":\"4b1f7f7e-0000-4000-8000-000000000001\",\"cwd\":\"/tmp\"}"));
            assertThat(out.stdout()).isEmpty();
            assertThat(out.exit()).isZero();
        }
        assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("[WARN] hook Bogus: skipped: Bogus: not an event"
                + " eagle-mem handles (SessionStart, UserPromptSubmit");
    }

    @Test
    void aSecretInsideMalformedInputDoesNotReachTheLog() throws Exception {
        String key = "ghp_" + "Zr8Kq2Lm5Np7Tv1Xw4Yb6Cd9Fg3Hj0Ks2Qe5Ru";
        try (TestDb t = TestDb.in(dir)) {
            new HookRig(t.db, dir.resolve("eagle-mem.log")).run("UserPromptSubmit", bytes("{\"prompt\": " + key + "}"));
        }
        assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("not valid JSON").doesNotContain(key);
    }

    @Test
    void anUnreadableDatabaseFailsOpenSpoolsTheEventAndSessionStartSaysSoInOneLine() throws Exception {
        Path notADb = Files.writeString(dir.resolve("memory.db"), "garbage ".repeat(100));
        Db db = new Db(new Db.Options(notADb, 5000, 0, 1, line -> {
        }));
        HookRig.Output out = new HookRig(db, dir.resolve("eagle-mem.log")).run("SessionStart",
                bytes("{" + SESSION + ",\"cwd\":\"/home/dev/work/shop-api\",\"source\":\"startup\"}"));
        db.close();
        assertThat(out.exit()).isZero();
        assertThat(out.stdout()).isEqualTo("{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":"
                + "\"eagle-mem: memory.db is damaged; hook events wait in the spool: run eagle-mem doctor\"}}\n");
        // spooled for the replay after eagle-mem repair, not dropped
        assertThat(Files.readString(dir.resolve("eagle-mem.log"))).contains("not a readable SQLite database")
                .contains("spooled to").doesNotContain("failed:");
    }

    @Test
    void disablingHooksSilencesEverything() {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.vars.put(HookRunner.DISABLE_VARIABLE, "1");
            assertThat(rig.run("SessionStart", bytes("{" + SESSION + ",\"source\":\"startup\"}")).stdout()).isEmpty();
        }
    }
}
