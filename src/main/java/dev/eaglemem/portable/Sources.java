package dev.eaglemem.portable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.SourceDb;

/** Recognises an import file by its first bytes and opens it as a {@link RecordSource}. */
final class Sources {

    private static final byte[] SQLITE = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private Sources() {
    }

    /** An open source and what must be closed after it (a database connection). */
    record Opened(RecordSource records, AutoCloseable resource) implements AutoCloseable {

        @Override
        public void close() {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    // read-only source: nothing to lose
                }
            }
        }
    }

    static ImportKind detect(Path file) {
        byte[] head = head(file);
        if (isSqlite(head)) {
            try (SourceDb db = SourceDb.open(file)) {
                if (EagleV1Source.recognizes(db)) {
                    return ImportKind.EAGLE_MEM_V1;
                }
                if (ClaudeMemSource.recognizes(db)) {
                    return ImportKind.CLAUDE_MEM;
                }
                if (EngramSource.recognizes(db)) {
                    return ImportKind.ENGRAM;
                }
            }
            throw unknown(file, "a SQLite database, but not the original Eagle Mem's, claude-mem's or engram's");
        }
        String text = new String(head, StandardCharsets.UTF_8);
        if (text.startsWith("{") && text.contains(ExportFormat.FORMAT)) {
            return ImportKind.EAGLE_MEM;
        }
        if (EngramTables.looksLikeExport(text)) {
            return ImportKind.ENGRAM;
        }
        throw unknown(file, "neither an eagle-mem export, an engram export nor a database eagle-mem can import");
    }

    /** @param projectKey maps a source's project name to an eagle-mem key (claude-mem and engram name projects by basename) */
    static Opened open(Path file, ImportKind kind, java.util.function.UnaryOperator<String> projectKey) {
        if (!Files.isRegularFile(file)) {
            throw EagleException.notFound("no file " + file, "give the path of an export file or a memory.db");
        }
        return switch (kind) {
            case EAGLE_MEM -> new Opened(new ExportFileSource(file), null);
            case EAGLE_MEM_V1 -> {
                SourceDb db = SourceDb.open(file);
                if (!EagleV1Source.recognizes(db)) {
                    db.close();
                    throw unknown(file, "not the original Eagle Mem's memory.db (no sessions, summaries and observations"
                            + " with tool_input_summary)");
                }
                yield new Opened(new EagleV1Source(db), db);
            }
            case CLAUDE_MEM -> {
                SourceDb db = SourceDb.open(file);
                if (!ClaudeMemSource.recognizes(db)) {
                    db.close();
                    throw unknown(file, "not claude-mem's claude-mem.db (no sdk_sessions, observations and session_summaries)");
                }
                yield new Opened(new ClaudeMemSource(db, projectKey), db);
            }
            case ENGRAM -> {
                if (!isSqlite(head(file))) {
                    yield new Opened(new EngramSource(EngramTables.ofExport(file), projectKey), null);
                }
                SourceDb db = SourceDb.open(file);
                if (!EngramSource.recognizes(db)) {
                    db.close();
                    throw unknown(file, "not engram's engram.db (no sessions, user_prompts and observations with title"
                            + " and content)");
                }
                yield new Opened(new EngramSource(EngramTables.of(db), projectKey), db);
            }
        };
    }

    private static boolean isSqlite(byte[] head) {
        return Arrays.equals(Arrays.copyOf(head, SQLITE.length), SQLITE);
    }

    private static byte[] head(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(256);
        } catch (IOException e) {
            throw EagleException.notFound("cannot read " + file + " (" + e.getMessage() + ")",
                    "give the path of an export file or a memory.db");
        }
    }

    private static EagleException unknown(Path file, String what) {
        return new EagleException(ExitCode.INVALID_INPUT, "import_unknown_format", file + " is " + what,
                "eagle-mem import FILE --from " + ImportKind.ids("|"), null);
    }
}
