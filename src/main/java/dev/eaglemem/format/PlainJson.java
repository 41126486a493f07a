package dev.eaglemem.format;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The one Jackson mapper with plain defaults: what agents send (hook payloads, MCP and Codex app-server messages), what
 * models answer, the spool's and the export's lines. eagle-mem's own answers go through {@link JsonOutput} instead
 * (snake_case, ISO times). A mapper is safe to share once configured, and this one is never configured.
 */
public final class PlainJson {

    public static final ObjectMapper MAPPER = new ObjectMapper();

    private PlainJson() {
    }
}
