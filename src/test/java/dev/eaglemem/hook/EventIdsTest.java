package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event's id depends on the event, never on how a route framed its bytes: the shim's bash route sends line breaks
 * as spaces and a trailing newline, curl and the binary the payload as read — one delivery, one id, one row.
 */
class EventIdsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");
    private static final Path CODEX = Path.of("src/test/resources/agent-payloads/codex-0.169.0");
    private static final Instant T0 = Instant.parse("2026-11-22T15:00:00Z");

    @TempDir
    Path dir;

    private static HookPayload payload(String json) throws IOException {
        return new HookPayload(JSON.readTree(json));
    }

    private static String id(String event, String json, String delivery, Instant at) throws IOException {
        HookPayload p = payload(json);
        return EventIds.of(event, p.text("session_id"), p, delivery, at);
    }

    /** The bytes each route hands on for the same fixture: as captured (pretty), as bash sends it, as curl does. */
    private static String[] framings(Path fixture) throws IOException {
        String asRead = Files.readString(fixture).stripTrailing();
        return new String[] { asRead, asRead.replace('\n', ' ') + "\n", JSON.readTree(asRead).toString(), asRead + "\r\n\n" };
    }

    @Test
    void aPromptIdOrTurnIdEventHasOneIdHoweverItsBytesAreFramed() throws IOException {
        for (Path fixture : new Path[] { CLAUDE.resolve("UserPromptSubmit-1.json"), CODEX.resolve("UserPromptSubmit-1.json"),
                CLAUDE.resolve("Stop-1.json"), CODEX.resolve("Stop-1.json") }) {
            String event = fixture.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            String[] framed = framings(fixture);
            String first = id(event, framed[0], null, T0);
            for (String f : framed) {
                assertThat(id(event, f, null, T0.plusSeconds(7))).as("%s as %s", fixture, f).isEqualTo(first);
            }
        }
    }

    @Test
    void differentPromptsOrTurnsGetDifferentIds() throws IOException {
        String a = "{\"session_id\":\"s\",\"prompt_id\":\"p1\",\"prompt\":\"continue\"}";
        assertThat(id("UserPromptSubmit", a, null, T0)).isNotEqualTo(id("UserPromptSubmit", a.replace("p1", "p2"), null, T0))
                .isNotEqualTo(id("UserPromptSubmit", a.replace("continue", "go on"), null, T0))
                .isNotEqualTo(id("Stop", a, null, T0));
    }

    /** Gemini, Copilot and Grok stamp each event with their own time: that marks one delivery on every route. */
    @Test
    void anAgentsOwnTimestampMakesOneIdWithOrWithoutAToken() throws IOException {
        Path agents = CLAUDE.getParent();
        for (Path fixture : new Path[] { agents.resolve("gemini-0.61.0/BeforeAgent-1.json"),
                agents.resolve("copilot-1.0.102/UserPromptSubmit-1.json") }) {
            String[] framed = framings(fixture);
            String viaServe = id("UserPromptSubmit", framed[1], "1764000000.123456-4242-1234567", T0);
            assertThat(id("UserPromptSubmit", framed[0], null, T0.plusSeconds(3))).as("%s", fixture).isEqualTo(viaServe);
        }
        String a = "{\"session_id\":\"s\",\"timestamp\":\"2026-12-07T05:08:43.696Z\",\"prompt\":\"continue\"}";
        assertThat(id("UserPromptSubmit", a, null, T0)).as("a later event")
                .isNotEqualTo(id("UserPromptSubmit", a.replace("43.696", "44.001"), null, T0));
    }

    @Test
    void withoutAnAgentIdTheShimsDeliveryTokenMakesOneIdOnEveryRoute() throws IOException {
        for (Path fixture : new Path[] { CODEX.resolve("SessionEnd-1.json"), CLAUDE.resolve("SessionStart-1.json") }) {
            String event = fixture.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            String[] framed = framings(fixture);
            String viaServe = id(event, framed[1], "1764000000.123456-4242-1234567", T0);
            // the fallback binary runs later, with the payload as read and the same token in its environment
            assertThat(id(event, framed[0], "1764000000.123456-4242-1234567", T0.plusSeconds(5))).isEqualTo(viaServe);
            assertThat(id(event, framed[0], "1764000009.000001-4243-7654321", T0)).as("another delivery").isNotEqualTo(viaServe);
            // a hook run directly (no shim, no token): one id per arrival, as before
            assertThat(id(event, framed[0], null, T0)).isNotEqualTo(id(event, framed[0], null, T0.plusMillis(1)));
            assertThat(id(event, framed[0], " ", T0)).as("a blank token is no token").isEqualTo(id(event, framed[0], null, T0));
        }
    }

    @Test
    void aToolCallIsItsToolUseIdAndAnyPayloadHashes() throws IOException {
        String call = "{\"session_id\":\"s\",\"tool_use_id\":\"toolu_1\",\"tool_response\":{\"stdout\":\"a\"}}";
        assertThat(id("PostToolUse", call, null, T0)).isEqualTo(id("PostToolUse", call.replace("\"a\"", "\"b\""), "t", T0));
        // a lone surrogate (the parser accepts it) still hashes
        assertThat(id("Stop", "{\"session_id\":\"s\",\"turn_id\":\"t\",\"last_assistant_message\":\"x\\ud800y\"}", null, T0))
                .startsWith("Stop-");
    }

    /** The F2 reproduction in one process: what serve applied (bash framing) and the fallback then sent is one row. */
    @Test
    void theSameDeliveryOverTwoRoutesIsStoredOnce() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"), Duration.ofSeconds(5), Duration.ofSeconds(5));
            rig.run("SessionStart", Files.readAllBytes(CLAUDE.resolve("SessionStart-1.json")));
            String[] prompt = framings(CLAUDE.resolve("UserPromptSubmit-1.json"));
            rig.run("UserPromptSubmit", prompt[1].getBytes(StandardCharsets.UTF_8));
            rig.run("UserPromptSubmit", prompt[0].getBytes(StandardCharsets.UTF_8));
            assertThat(count(t, "SELECT count(*) FROM user_prompts")).isEqualTo(1);

            String[] end = framings(CODEX.resolve("SessionEnd-1.json"));
            rig.vars.put(EventIds.DELIVERY_VARIABLE, "1764000000.5-77-123");
            rig.run("SessionEnd", end[1].getBytes(StandardCharsets.UTF_8));
            rig.clock.advance(Duration.ofSeconds(3));
            rig.run("SessionEnd", end[0].getBytes(StandardCharsets.UTF_8));
            assertThat(count(t, "SELECT count(*) FROM applied_events WHERE kind = 'session_ended'")).isEqualTo(1);
            rig.vars.put(EventIds.DELIVERY_VARIABLE, "1764000100.5-78-456");
            rig.run("SessionEnd", end[0].getBytes(StandardCharsets.UTF_8));
            assertThat(count(t, "SELECT count(*) FROM applied_events WHERE kind = 'session_ended'")).as("a new delivery")
                    .isEqualTo(2);
        }
    }

    private static int count(TestDb t, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
