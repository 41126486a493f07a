package dev.eaglemem.portable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.BuildInfo;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.Timestamps;

/**
 * Writes a store (or some of its projects) as an export file: streamed record by record, in one read
 * transaction so the file is one consistent moment of the store, free text redacted once more on the way out.
 */
@ApplicationScoped
public class ExportService {

    private final Db db;
    private final PortableStore store;
    private final Redactor redactor;
    private final Clock clock;

    public ExportService(Db db, PortableStore store, Redactor redactor, Clock clock) {
        this.db = db;
        this.store = store;
        this.redactor = redactor;
        this.clock = clock;
    }

    /**
     * @param projects project keys, or null for every project (and personal memories)
     * @param since only records from this timestamp on (projects, sessions and features are always whole)
     */
    public ExportReport export(List<String> projects, String since, Writer out, String file) {
        PortableStore.Scope scope = new PortableStore.Scope(projects, since, projects == null);
        Map<String, Long> counts = new LinkedHashMap<>();
        long total = db.read(tx -> {
            if (projects != null) {
                for (String p : projects) {
                    if (!store.projectExists(tx, p)) {
                        throw EagleException.notFound("no project '" + p + "' in this store", "eagle-mem status --json lists"
                                + " the projects; or export everything: eagle-mem export --all-projects");
                    }
                }
            }
            String scopeText = (projects == null ? "all" : String.join(",", projects)) + (since == null ? "" : " since " + since);
            write(out, ExportFormat.header(Timestamps.format(clock.instant()), BuildInfo.version(), scopeText));
            long n = 0;
            for (PortableType type : PortableType.values()) {
                long[] count = { 0 };
                store.read(tx, type, scope, row -> {
                    redact(type, row.record());
                    write(out, ExportFormat.line(type, row.id(), row.record()));
                    count[0]++;
                });
                counts.put(type.id(), count[0]);
                n += count[0];
            }
            return n;
        });
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ExportReport(file, total, counts);
    }

    private void redact(PortableType type, ObjectNode record) {
        for (String field : type.texts()) {
            JsonNode value = record.get(field);
            if (value != null && value.isTextual()) {
                record.put(field, redactor.redact(value.asText()));
            }
        }
    }

    private static void write(Writer out, JsonNode line) {
        try {
            out.write(ExportFormat.JSON.writeValueAsString(line));
            out.write('\n');
        } catch (IOException e) {
            throw EagleException.failure("export_write_failed", "cannot write the export: " + e.getMessage(),
                    "check the disk space and the -o path", e);
        }
    }
}
