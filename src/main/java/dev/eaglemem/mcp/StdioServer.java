package dev.eaglemem.mcp;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.format.PlainJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;

/**
 * The MCP server on a pair of streams (the process's stdin/stdout in {@code eagle-mem mcp}; pipes in tests):
 * the SDK's stdio transport, the tools of {@link ToolCatalog} answered by {@link McpTools}, input validated
 * against each tool's schema. Runs until the client closes its end.
 */
public final class StdioServer {

    static final String INSTRUCTIONS = "eagle-mem remembers this project's past sessions, decisions and gotchas."
            + " Start with search (compact hits), then timeline around a hit or get for whole records."
            + " Save what should outlive this session with memory_add or session_save."
            + " Work that must outlive it is a task: task_list shows the open ones, task_add and task_update keep them.";

    private StdioServer() {
    }

    /** Serves until {@code in} ends; protocol messages go to {@code out} and nowhere else. */
    public static void serve(McpTools tools, String version, InputStream in, OutputStream out, LogFile log)
            throws InterruptedException {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(PlainJson.MAPPER);
        JsonRpcLines lines = new JsonRpcLines(mapper, in, out);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, lines.input(), lines.output());
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("eagle-mem", version)
                .instructions(INSTRUCTIONS)
                .jsonMapper(mapper)
                .jsonSchemaValidator(new DefaultJsonSchemaValidator())
                .validateToolInputs(true)
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .tools(specifications(tools, log))
                .build();
        try {
            lines.awaitEnd();
        } finally {
            server.closeGracefully();
        }
    }

    static List<SyncToolSpecification> specifications(McpTools tools, LogFile log) {
        return ToolCatalog.tools().stream().map(tool -> SyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> answer(tools, log, request.name(), request.arguments())).build())
                .toList();
    }

    /**
     * One tool call as the client sees it: the value as compact JSON text, or a tool error (isError) whose text
     * is the message and the fix, as the CLI prints them. A bug is logged and answered, never thrown at the SDK.
     */
    static CallToolResult answer(McpTools tools, LogFile log, String name, Map<String, Object> arguments) {
        try {
            return CallToolResult.builder().addTextContent(JsonOutput.write(tools.call(name, arguments))).isError(false)
                    .build();
        } catch (EagleException e) {
            if (e.exitCode() == ExitCode.FAILURE) {
                log.error("mcp: " + name + ": " + e.getMessage());
            }
            return error("eagle-mem: " + e.getMessage() + (e.fix() == null ? "" : "\n  fix: " + e.fix()));
        } catch (RuntimeException e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            log.error("mcp: " + name + ": internal error: " + trace.toString().replace('\n', '|'));
            return error("eagle-mem: internal error in " + name + ": " + e.getClass().getSimpleName()
                    + "; the stack trace is in " + log.file());
        }
    }

    private static CallToolResult error(String text) {
        return CallToolResult.builder().addTextContent(text).isError(true).build();
    }
}
