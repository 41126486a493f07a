package dev.eaglemem.portable;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Reading another tool's rows (a column-name → value map from {@link dev.eaglemem.store.SourceDb}, or a JSON export
 * turned into one): the same few null-tolerant reads every importer needs, since another tool's columns may be
 * missing, null, blank, or numbers stored as text.
 */
final class SourceRows {

    private SourceRows() {
    }

    /** A column as text; null when the row has no such column or it is null. */
    static String text(Map<String, Object> row, String column) {
        Object v = row.get(column);
        return v == null ? null : v.toString();
    }

    /** A column as a whole number: a number, or text that holds one; {@code otherwise} for anything else. */
    static long number(Map<String, Object> row, String column, long otherwise) {
        Object v = row.get(column);
        if (v instanceof Number n) {
            return n.longValue();
        }
        try {
            return v == null ? otherwise : Long.parseLong(v.toString().strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v;
    }

    @SafeVarargs
    static <T> T first(T... values) {
        for (T v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** The earlier of two timestamps (ISO text compares in time order); either may be null. */
    static String min(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) <= 0 ? a : b;
    }

    static String max(String a, String b) {
        return a == null ? b : b == null ? a : a.compareTo(b) >= 0 ? a : b;
    }

    /** An empty record to fill. */
    static ObjectNode fields() {
        return ExportFormat.JSON.createObjectNode();
    }

    /** Strings as the JSON list text eagle-mem stores in its list columns. */
    static String jsonArray(List<String> values) {
        ArrayNode a = ExportFormat.JSON.createArrayNode();
        values.forEach(a::add);
        return a.toString();
    }
}
