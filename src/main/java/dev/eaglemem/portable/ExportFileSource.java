package dev.eaglemem.portable;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.PortableType;

/** An export file, read line by line (never whole: an export of a big store is big). */
final class ExportFileSource implements RecordSource {

    private final Path file;

    ExportFileSource(Path file) {
        this.file = file;
    }

    @Override
    public ImportKind kind() {
        return ImportKind.EAGLE_MEM;
    }

    @Override
    public void forEach(Consumer<PortableRecord> sink) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            header(line);
            int n = 1;
            while ((line = in.readLine()) != null) {
                n++;
                if (!line.isBlank()) {
                    sink.accept(record(line, n));
                }
            }
        } catch (IOException e) {
            throw EagleException.failure("import_unreadable", "cannot read " + file + ": " + e.getMessage(),
                    "check the path and its permissions", e);
        }
    }

    private void header(String line) {
        JsonNode h = line == null ? null : parse(line, 1);
        if (h == null || !ExportFormat.FORMAT.equals(h.path("format").asText())) {
            throw invalid(1, "the first line is not an eagle-mem export header ({\"format\":\"" + ExportFormat.FORMAT
                    + "\",\"version\":" + ExportFormat.VERSION + ",…})");
        }
        int version = h.path("version").asInt(-1);
        if (version < 1 || version > ExportFormat.VERSION) {
            throw EagleException.invalidInput(file + " is format version " + h.path("version") + "; this eagle-mem reads"
                    + " versions 1 to " + ExportFormat.VERSION, "upgrade eagle-mem, then import again");
        }
    }

    private PortableRecord record(String line, int n) {
        JsonNode node = parse(line, n);
        if (!(node instanceof ObjectNode object)) {
            throw invalid(n, "a record is a JSON object");
        }
        String typeName = object.path("type").asText("");
        PortableType type = PortableType.parse(typeName)
                .orElseThrow(() -> invalid(n, "unknown record type '" + typeName + "'"));
        JsonNode id = object.remove("id");
        object.remove("type");
        if (id == null || !id.isTextual() || id.asText().isEmpty()) {
            throw invalid(n, "a " + type.id() + " record without an id");
        }
        if (type.fields().contains("id")) {
            object.set("id", id); // a session's stable id is its own id column
        }
        return new PortableRecord(type, id.asText(), object, file.getFileName() + ":" + n);
    }

    private JsonNode parse(String line, int n) {
        try {
            return ExportFormat.JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw invalid(n, "not JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private EagleException invalid(int line, String what) {
        return EagleException.invalidInput(file + ":" + line + ": " + what + "; nothing was imported",
                "eagle-mem import reads files written by eagle-mem export (docs/export-format.md)");
    }
}
