package dev.eaglemem.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.mcp.McpTools;
import dev.eaglemem.mcp.StdioServer;
import picocli.CommandLine.Command;

@Command(name = "mcp", header = "Serve the memory to MCP clients over stdio.",
        description = { "A Model Context Protocol server on standard input and output, for agents that start it"
                + " themselves (install registers it for Claude Code and Codex). Tools: search, timeline, get,"
                + " memory_add, memory_update, memory_forget, session_save, feature_pending, code_search.",
                "The project is the one of the directory it runs in; each tool also takes a project argument."
                        + " Standard output carries the protocol only; errors go to $EAGLE_MEM_DIR/eagle-mem.log.",
                "eagle-mem install --agent all --dry-run shows the entries install writes for the agents." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem mcp",
                "  eagle-mem mcp < requests.jsonl   # one JSON-RPC message a line" })
public class McpCommand implements Callable<Integer> {

    private final McpTools tools;
    private final LogFile log;

    public McpCommand(McpTools tools, LogFile log) {
        this.tools = tools;
        this.log = log;
    }

    @Override
    public Integer call() throws InterruptedException {
        // The protocol gets the real stdout; anything else that prints (a library, a stray println) goes to stderr.
        FileOutputStream protocol = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        StdioServer.serve(tools, VersionProvider.version(), new FileInputStream(FileDescriptor.in), protocol, log);
        return 0;
    }
}
