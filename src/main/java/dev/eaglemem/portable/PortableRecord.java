package dev.eaglemem.portable;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.store.PortableType;

/**
 * One record of an import: its type, stable id and fields, and where it came from (a line of the file, or a
 * source table and row) for error messages.
 */
public record PortableRecord(PortableType type, String id, ObjectNode fields, String where) {
}
