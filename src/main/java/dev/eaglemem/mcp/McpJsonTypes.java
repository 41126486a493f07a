package dev.eaglemem.mcp;

import dev.eaglemem.session.SaveResult;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Records the MCP tools answer with that neither the CLI's nor the API's lists hold (the others — search results,
 * timelines, memory changes — are registered there). JsonTypesCompletenessTest keeps this list whole too.
 */
@RegisterForReflection(targets = { McpTools.GetPage.class, SearchPage.class, SaveResult.class })
final class McpJsonTypes {

    private McpJsonTypes() {
    }
}
