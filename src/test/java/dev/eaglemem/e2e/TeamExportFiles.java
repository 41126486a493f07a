package dev.eaglemem.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Export files (docs/export-format.md) written by the tests: many memories fast, through one import. */
final class TeamExportFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TeamExportFiles() {
    }

    /** A file of one project and {@code n} distinct project decisions, one millisecond apart. */
    static Path memories(Path file, String project, int n) {
        List<String> lines = new ArrayList<>();
        String now = Instant.now().toString();
        lines.add("{\"format\":\"eagle-mem-export\",\"version\":2,\"exported_at\":\"" + now + "\",\"eagle_mem\":\"test\","
                + "\"scope\":\"all\",\"types\":[\"project\",\"memory\"]}");
        String start = "2026-01-01T00:00:00.000Z";
        lines.add("{\"type\":\"project\",\"id\":\"" + project + "\",\"key\":\"" + project + "\",\"root_path\":null,"
                + "\"created_at\":\"" + start + "\",\"last_seen_at\":\"" + start + "\"}");
        Instant base = Instant.parse(start);
        for (int i = 0; i < n; i++) {
            String at = base.plusMillis(i).toString();
            at = at.contains(".") ? at : at.replace("Z", ".000Z");
            ObjectNode r = JSON.createObjectNode();
            r.put("type", "memory");
            r.put("id", project + "@" + at + "#0");
            r.put("project", project);
            r.put("scope", "project");
            r.put("kind", "decision");
            r.put("title", "Decision number " + i);
            r.put("content", "Decision number " + i + ": keep module " + i + " behind its own interface");
            for (String f : List.of("situation", "behavior", "impact", "action", "subject", "predicate", "object",
                    "topic_key")) {
                r.putNull(f);
            }
            r.put("files", "[]");
            r.put("normalized_hash", String.format("%064x", i + 1));
            r.put("revision_count", 1);
            r.put("duplicate_count", 0);
            r.put("source_agent", "cli");
            r.putNull("session_id");
            r.putNull("superseded_by");
            r.put("created_at", at);
            r.put("updated_at", at);
            r.put("last_seen_at", at);
            r.putNull("deleted_at");
            r.putNull("delete_reason");
            lines.add(r.toString());
        }
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
