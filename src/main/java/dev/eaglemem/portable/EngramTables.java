package dev.eaglemem.portable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.SourceDb;

/**
 * engram's tables as rows of column → value, from its database or from its JSON export ({@code engram export}:
 * one object with version, exported_at and the arrays sessions, observations and prompts, whose fields are the
 * tables' columns). One reader then maps both the same way.
 */
@FunctionalInterface
interface EngramTables {

    /** The rows of {@code sessions}, {@code observations}, {@code user_prompts} or {@code sync_chunks}, oldest first. */
    void rows(String table, Consumer<Map<String, Object>> sink);

    static EngramTables of(SourceDb db) {
        return db::rows;
    }

    /** The start of an engram export, by its first bytes: a JSON object with exported_at that is not our header. */
    static boolean looksLikeExport(String head) {
        String text = head.stripLeading();
        return text.startsWith("{") && text.contains("\"exported_at\"") && !text.contains(ExportFormat.FORMAT);
    }

    /** Reads a whole export (engram writes it as one indented object, small next to its database). */
    static EngramTables ofExport(Path file) {
        JsonNode root;
        try {
            root = ExportFormat.JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw notExport(file, "not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        if (root == null || !root.isObject() || !root.has("exported_at")) {
            throw notExport(file, "not an object with exported_at");
        }
        Map<String, List<Map<String, Object>>> tables = new HashMap<>();
        for (String[] t : new String[][] { { "sessions", "sessions" }, { "observations", "observations" },
                { "prompts", "user_prompts" } }) {
            JsonNode array = root.path(t[0]);
            if (!array.isMissingNode() && !array.isNull() && !array.isArray()) {
                throw notExport(file, "its " + t[0] + " is not an array");
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (JsonNode row : array.isArray() ? array : List.<JsonNode>of()) {
                if (!row.isObject()) {
                    throw notExport(file, "an entry of " + t[0] + " is not an object");
                }
                rows.add(row(row));
            }
            // ids are the rowid order the database is read in (stable ids count rows of one second in that order);
            // engram writes them sorted, this keeps a hand-edited file the same
            if (!t[0].equals("sessions")) {
                rows.sort(Comparator.comparingLong(r -> r.get("id") instanceof Number n ? n.longValue() : Long.MAX_VALUE));
            }
            tables.put(t[1], rows);
        }
        return (table, sink) -> tables.getOrDefault(table, List.of()).forEach(sink);
    }

    private static Map<String, Object> row(JsonNode object) {
        Map<String, Object> row = new LinkedHashMap<>();
        object.properties().forEach(e -> {
            JsonNode v = e.getValue();
            row.put(e.getKey(), v.isNull() ? null : v.isIntegralNumber() ? (Object) v.asLong() : v.isNumber() ? v.asDouble()
                    : v.isTextual() ? v.asText() : v.toString());
        });
        return row;
    }

    private static EagleException notExport(Path file, String what) {
        return EagleException.invalidInput(file + " is not an engram export (" + what + "); nothing was imported",
                "give the file engram export wrote (engram-export.json) or its database (~/.engram/engram.db)");
    }
}
