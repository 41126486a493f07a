package dev.eaglemem.portable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.store.PortableType;

/** The export format's constants (docs/export-format.md): a header line, then one record per line. */
public final class ExportFormat {

    public static final String FORMAT = "eagle-mem-export";
    /** 2 added command_rule and turn_message records and guard_rule.source; version 1 files are still read. */
    public static final int VERSION = 2;
    static final ObjectMapper JSON = PlainJson.MAPPER;

    private ExportFormat() {
    }

    static ObjectNode header(String exportedAt, String version, String scope) {
        ObjectNode h = JSON.createObjectNode();
        h.put("format", FORMAT);
        h.put("version", VERSION);
        h.put("exported_at", exportedAt);
        h.put("eagle_mem", version);
        h.put("scope", scope);
        h.putArray("types").addAll(java.util.Arrays.stream(PortableType.values())
                .map(t -> JSON.getNodeFactory().textNode(t.id())).toList());
        return h;
    }

    /** A record line's object: type and id first, then the fields. */
    static ObjectNode line(PortableType type, String id, ObjectNode fields) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", type.id());
        line.put("id", id);
        line.setAll(fields);
        return line;
    }
}
