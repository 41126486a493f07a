/**
 * {@code eagle-mem mcp}: the Model Context Protocol server on stdio (the official MCP Java SDK). {@link McpTools}
 * is the tool set — each tool a plain function from its arguments to a result over the same services the CLI
 * uses (search, timeline, get, memories, session save, feature pending, code search); {@link ToolCatalog} names
 * them, with input schemas and annotations; {@link StdioServer} connects both to the SDK's stdio transport. Bad
 * input is a tool error, never a crash; stdout carries the protocol only.
 */
package dev.eaglemem.mcp;
