package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SDK's stdio transport with eagle-mem's tools, driven by raw JSON-RPC lines: what a client that is not the
 * TypeScript SDK (McpSdkClientIT) might send, malformed lines included. The server must answer and keep going.
 */
class StdioServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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

    /** Sends the lines, closes stdin and returns every line the server wrote, parsed. */
    private List<JsonNode> exchange(String... lines) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String input = String.join("\n", lines) + "\n";
        StdioServer.serve(rig.tools, "test", new SlowInput(input), out, rig.log);
        List<JsonNode> replies = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                replies.add(JSON.readTree(line));
            }
        }
        return replies;
    }

    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    private static JsonNode reply(List<JsonNode> replies, int id) {
        return replies.stream().filter(r -> r.path("id").asInt(-1) == id).findFirst()
                .orElseThrow(() -> new AssertionError("no reply to id " + id + " in " + replies));
    }

    @Test
    @Timeout(30)
    void listsTheToolsWithAnnotationsAndAnswersACall() throws Exception {
        List<JsonNode> replies = new ArrayList<>(exchange(INIT, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"memory_add\",\"arguments\":"
                        + "{\"kind\":\"gotcha\",\"content\":\"Vacuum needs twice the disk\"}}}"));
        // The server may run calls concurrently: the search goes in a second session, after the add has answered.
        replies.addAll(exchange(INIT, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":"
                        + "{\"query\":\"vacuum disk\"}}}"));
        assertThat(reply(replies, 1).at("/result/serverInfo/name").asText()).isEqualTo("eagle-mem");
        JsonNode tools = reply(replies, 2).at("/result/tools");
        assertThat(tools).hasSize(ToolCatalog.tools().size());
        JsonNode search = null;
        for (JsonNode t : tools) {
            if (t.get("name").asText().equals("search")) {
                search = t;
            }
        }
        assertThat(search).isNotNull();
        assertThat(search.at("/annotations/readOnlyHint").asBoolean()).isTrue();
        assertThat(search.at("/inputSchema/required/0").asText()).isEqualTo("query");
        assertThat(reply(replies, 3).at("/result/isError").asBoolean()).isFalse();
        JsonNode hits = JSON.readTree(reply(replies, 4).at("/result/content/0/text").asText()).get("hits");
        assertThat(hits).hasSize(1);
        assertThat(hits.get(0).get("id").asText()).startsWith("mem-");
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }

    private static JsonNode answer(List<JsonNode> replies, int id) throws Exception {
        JsonNode result = reply(replies, id).get("result");
        assertThat(result.get("isError").asBoolean()).as(result.toString()).isFalse();
        return JSON.readTree(result.at("/content/0/text").asText());
    }

    @Test
    @Timeout(30)
    void searchPagesByOffsetAndCodeSearchWithoutAnIndexSaysToBuildOne() throws Exception {
        exchange(INIT, INITIALIZED, call(2, "memory_add", "{\"kind\":\"gotcha\",\"content\":\"Ledger rounding one\"}"),
                call(3, "memory_add", "{\"kind\":\"gotcha\",\"content\":\"Ledger rounding two\"}"),
                call(4, "memory_add", "{\"kind\":\"gotcha\",\"content\":\"Ledger rounding three\"}"));
        List<JsonNode> replies = exchange(INIT, INITIALIZED, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                call(3, "search", "{\"query\":\"ledger rounding\",\"limit\":2}"),
                call(4, "search", "{\"query\":\"ledger rounding\",\"limit\":2,\"offset\":2}"),
                call(5, "search", "{\"query\":\"ledger\",\"offset\":501}"),
                call(6, "code_search", "{\"query\":\"rounding\"}"));
        JsonNode tools = reply(replies, 2).at("/result/tools");
        for (JsonNode tool : tools) {
            String name = tool.get("name").asText();
            if (name.equals("search") || name.equals("code_search")) {
                assertThat(tool.at("/inputSchema/properties/offset/minimum").asInt()).as(name).isZero();
                assertThat(tool.at("/inputSchema/properties/offset/maximum").asInt()).as(name).isEqualTo(McpTools.MAX_OFFSET);
            }
            if (name.equals("memory_add")) {
                assertThat(tool.at("/annotations/destructiveHint").asBoolean()).isTrue();
            }
        }
        JsonNode first = answer(replies, 3);
        assertThat(first.get("hits")).hasSize(2);
        assertThat(first.get("has_more").asBoolean()).isTrue();
        assertThat(first.get("next_offset").asInt()).isEqualTo(2);
        JsonNode second = answer(replies, 4);
        assertThat(second.get("hits")).hasSize(1);
        assertThat(second.get("offset").asInt()).isEqualTo(2);
        assertThat(second.get("has_more").asBoolean()).isFalse();
        assertThat(second.get("next_offset").isNull()).isTrue();
        assertThat(second.at("/hits/0/id").asText()).isNotIn(first.at("/hits/0/id").asText(), first.at("/hits/1/id").asText());
        // over the cap: the schema refuses it before the tool runs
        assertThat(reply(replies, 5).at("/result/isError").asBoolean()).isTrue();
        assertThat(reply(replies, 5).at("/result/content/0/text").asText()).contains("offset");
        JsonNode code = answer(replies, 6);
        assertThat(code.get("hits")).isEmpty();
        assertThat(code.get("hint").asText()).contains("no code index for this project").contains("eagle-mem index");
    }

    @Test
    @Timeout(30)
    void badInputIsAToolErrorOrAProtocolErrorAndTheServerKeepsAnswering() throws Exception {
        List<JsonNode> replies = exchange(INIT, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":"
                        + "{\"query\":\"x\",\"limit\":9999}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"no_such_tool\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such/method\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"timeline\",\"arguments\":"
                        + "{\"id\":\"nonsense\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"get\",\"arguments\":"
                        + "{\"ids\":[\"mem-1\"],\"extra\":true}}}",
                "this is not json {",
                "{\"id\":9,\"hello\":\"world\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\"}");
        JsonNode limit = reply(replies, 2);
        assertThat(limit.at("/result/isError").asBoolean()).isTrue();
        assertThat(limit.at("/result/content/0/text").asText()).contains("limit");
        assertThat(reply(replies, 3).at("/error/code").asInt()).isNotZero();
        assertThat(reply(replies, 4).at("/error/code").asInt()).isEqualTo(-32601);
        JsonNode nonsense = reply(replies, 5);
        assertThat(nonsense.at("/result/isError").asBoolean()).isTrue();
        assertThat(nonsense.at("/result/content/0/text").asText()).contains("eagle-mem: 'nonsense' is not a record id")
                .contains("fix: ");
        assertThat(reply(replies, 6).at("/result/isError").asBoolean()).isTrue();
        assertThat(replies).filteredOn(r -> r.get("id").isNull()).singleElement()
                .satisfies(r -> assertThat(r.at("/error/code").asInt()).isEqualTo(-32700));
        assertThat(reply(replies, 9).at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(reply(replies, 7).at("/result/tools")).hasSize(ToolCatalog.tools().size());
    }

    /**
     * Hands the input over one line at a time and ends only after a pause, as a client's pipe does: the transport
     * must have answered every request before it sees the end.
     */
    private static final class SlowInput extends ByteArrayInputStream {

        SlowInput(String text) {
            super(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            if (available() == 0) {
                pause(1_500);
                return -1;
            }
            int n = 0;
            while (n < len && available() > 0) {
                int c = read();
                b[off + n++] = (byte) c;
                if (c == '\n') {
                    pause(100);
                    break;
                }
            }
            return n;
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
