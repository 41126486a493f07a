package dev.eaglemem.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.memory.AddResult;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact text a client reads for the answers that are not a service's record as it comes: a contradiction,
 * feature_pending, a page of get, and the JSON-RPC refusals of lines the SDK could not read.
 */
class McpAnswersJsonTest {

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

    private String answer(String tool, Object... keysAndValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            args.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return JsonOutput.write(rig.tools.call(tool, args));
    }

    @Test
    void aContradictionIsTheResultThenTheFix() {
        AddResult first = (AddResult) rig.tools.call(ToolCatalog.MEMORY_ADD,
                Map.of("kind", "decision", "title", "Database engine",
                        "content", "Use PostgreSQL"));
        String clash = answer(ToolCatalog.MEMORY_ADD, "kind", "decision", "title", "database engine", "content", "Use MySQL");
        assertThat(clash).startsWith("{\"result\":{\"outcome\":\"contradiction\",\"memory\":null,\"conflicts\":[{\"id\":"
                + first.memory().id()).endsWith("},\"fix\":\"nothing was stored: call memory_add again with supersedes set to the"
                        + " contradicted memory's id, or keep_both: true\"}");
    }

    @Test
    void featurePendingIsTheProjectThenItsOpenChecks() {
        assertThat(answer(ToolCatalog.FEATURE_PENDING)).isEqualTo("{\"project\":\"" + McpRig.PROJECT + "\",\"pending\":[]}");
    }

    @Test
    void aPageOfGetHoldsEachRecordAsShowPrintsIt() {
        AddResult added = (AddResult) rig.tools.call(ToolCatalog.MEMORY_ADD, Map.of("kind", "gotcha", "content",
                "FTS5 needs the bundled SQLite"));
        long id = added.memory().id();
        String memory = JsonOutput.write(rig.memories.show(id));
        assertThat(answer(ToolCatalog.GET, "ids", List.of("mem-" + id, "mem-999"))).isEqualTo("{\"records\":[{\"id\":\"mem-" + id
                + "\",\"kind\":\"memory\",\"memory\":" + memory + "}],\"missing\":[\"mem-999\"],\"not_returned\":[]}");
    }

    @Test
    void aLineTheSdkCannotReadIsRefusedWithAJsonRpcError() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonRpcLines lines = new JsonRpcLines(new JacksonMcpJsonMapper(PlainJson.MAPPER),
                new ByteArrayInputStream("not json\n{\"id\":9,\"hello\":\"world\"}\n".getBytes(StandardCharsets.UTF_8)), out);
        try (InputStream in = lines.input()) {
            in.readAllBytes();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error: the line is not JSON\"}}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":9,\"error\":{\"code\":-32600,\"message\":\"Invalid Request: not a JSON-RPC"
                        + " 2.0 request, notification or response\"}}\n");
    }
}
