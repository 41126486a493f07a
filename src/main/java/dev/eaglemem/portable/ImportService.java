package dev.eaglemem.portable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.PortableStore;
import dev.eaglemem.store.PortableStore.Row;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.Tx;

/**
 * Imports records into this store: the whole source is validated first, then written in one transaction
 * (a failure anywhere writes nothing). A record already here is skipped; a changed record replaces the local
 * copy only when its version (updated_at, or the type's {@link PortableType#version()}) is newer — otherwise
 * the local copy wins and the import reports a conflict. Importing the same file twice changes nothing.
 */
@ApplicationScoped
public class ImportService {

    static final int MAX_CONFLICTS_LISTED = 50;

    /** What became of one record of an import. */
    public enum Outcome {
        CREATED, UPDATED, UNCHANGED, CONFLICT
    }

    /**
     * Decides for records that exist here with other fields, and hears what became of each record. The file import's
     * arbiter is {@link #NEWER_WINS}; team sync has its own (the team database already decided between machines).
     */
    public interface Arbiter {

        /** Gives an incoming record what it leaves out and the local copy has (called before comparing them). */
        default void complete(PortableType type, JsonNode local, ObjectNode incoming) {
        }

        /** Whether the incoming copy replaces a local record that differs from it; null: decide by version. */
        default Boolean replace(PortableType type, String id, JsonNode local, JsonNode incoming) {
            return null;
        }

        default void outcome(PortableType type, String id, ObjectNode written, Outcome outcome) {
        }
    }

    /** Newer version wins (the export-file rule). */
    public static final Arbiter NEWER_WINS = new Arbiter() {
    };

    private final Db db;
    private final PortableStore store;
    private final Redactor redactor;

    public ImportService(Db db, PortableStore store, Redactor redactor) {
        this.db = db;
        this.store = store;
        this.redactor = redactor;
    }

    /** Imports a file of the given kind, or of the kind its first bytes say when {@code kind} is null. */
    public ImportReport importFile(Path file, ImportKind kind, boolean dryRun) {
        ImportKind k = kind != null ? kind : Sources.detect(file);
        try (Sources.Opened source = Sources.open(file, k, basenames())) {
            return run(source.records(), file.toString(), dryRun);
        }
    }

    /**
     * A project name that is the last part of exactly one project key here maps to that key (claude-mem's
     * {@code shop-api} → {@code code/shop-api}); any other name stays as it is.
     */
    private java.util.function.UnaryOperator<String> basenames() {
        Map<String, List<String>> byName = new HashMap<>();
        for (String key : db.read(store::projectKeys)) {
            byName.computeIfAbsent(key.substring(key.lastIndexOf('/') + 1), n -> new ArrayList<>()).add(key);
        }
        return name -> {
            List<String> keys = byName.get(name);
            return keys != null && keys.size() == 1 ? keys.get(0) : name;
        };
    }

    /** A rollback carrying a dry run's report out of the transaction. */
    private static final class DryRun extends RuntimeException {

        private static final long serialVersionUID = 1L;
        final transient ImportReport report;

        DryRun(ImportReport report) {
            super(null, null, false, false);
            this.report = report;
        }
    }

    ImportReport run(RecordSource source, String file, boolean dryRun) {
        return run(source, file, dryRun, NEWER_WINS);
    }

    /**
     * Applies records inside a transaction the caller holds (team sync: one local transaction per pulled batch, with
     * its own bookkeeping beside it): validated, then written, or nothing if anything is wrong.
     */
    public ImportReport apply(Tx tx, RecordSource source, String what, Arbiter arbiter) {
        Validated v = validate(tx, source);
        return new Writer(tx, v, arbiter).write(source, what, false);
    }

    private ImportReport run(RecordSource source, String file, boolean dryRun, Arbiter arbiter) {
        try {
            return db.write(tx -> {
                Validated v = validate(tx, source);
                ImportReport report = new Writer(tx, v, arbiter).write(source, file, dryRun);
                if (dryRun) {
                    throw new DryRun(report);
                }
                return report;
            });
        } catch (DryRun d) {
            return d.report;
        }
    }

    // --- validation: everything that can be known before writing

    private record Validated(long records, Set<String> projects, Set<String> sessions, Set<String> features,
            Set<String> memories) {
    }

    private Validated validate(Tx tx, RecordSource source) {
        Set<String> projects = new HashSet<>();
        Set<String> sessions = new HashSet<>();
        Set<String> features = new HashSet<>();
        Set<String> memories = new HashSet<>();
        Set<String> referencedProjects = new HashSet<>();
        Map<String, String> referencedSessions = new HashMap<>();
        Map<String, String> referencedFeatures = new HashMap<>();
        Map<String, String> referencedMemories = new HashMap<>();
        PortableType[] last = { PortableType.PROJECT };
        long[] count = { 0 };
        source.forEach(r -> {
            count[0]++;
            if (r.type().ordinal() < last[0].ordinal()) {
                throw invalid(r, "a " + r.type().id() + " record after " + last[0].id() + " records (records are listed in the"
                        + " order " + String.join(", ", java.util.Arrays.stream(PortableType.values()).map(PortableType::id)
                                .toList())
                        + ")");
            }
            last[0] = r.type();
            for (String field : r.type().requiredFields()) {
                if (!r.fields().has(field)) {
                    throw invalid(r, "the " + r.type().id() + " record has no '" + field + "' field");
                }
            }
            Set<String> own = switch (r.type()) {
                case PROJECT -> projects;
                case SESSION -> sessions;
                case FEATURE -> features;
                case MEMORY -> memories;
                default -> null;
            };
            if (own != null && !own.add(r.id())) {
                throw invalid(r, "a second " + r.type().id() + " record with id '" + r.id() + "'");
            }
            JsonNode f = r.fields();
            if (f.hasNonNull("project")) {
                referencedProjects.add(f.get("project").asText());
            }
            if (r.type() == PortableType.PROJECT) {
                referencedProjects.add(r.id());
            }
            if (f.hasNonNull("session_id") && r.type() != PortableType.CHECK && r.type() != PortableType.SESSION) {
                referencedSessions.putIfAbsent(f.get("session_id").asText(), r.where());
            }
            if (f.hasNonNull("feature")) {
                referencedFeatures.putIfAbsent(f.get("feature").asText(), r.where());
            }
            if (f.hasNonNull("superseded_by")) {
                referencedMemories.putIfAbsent(f.get("superseded_by").asText(), r.where());
            }
        });
        for (String p : referencedProjects) {
            if (!projects.contains(p) && !store.projectExists(tx, p)) {
                throw EagleException.invalidInput("the import names project '" + p + "', which is neither in it nor here;"
                        + " nothing was imported", "export with its project records (eagle-mem export writes them)");
            }
        }
        List<String> scope = List.copyOf(referencedProjects);
        dangling(referencedSessions, sessions, () -> store.index(tx, PortableType.SESSION, scope(scope)).keySet(), "session");
        dangling(referencedFeatures, features, () -> store.index(tx, PortableType.FEATURE, scope(scope)).keySet(), "feature");
        dangling(referencedMemories, memories, () -> store.index(tx, PortableType.MEMORY, scope(scope)).keySet(), "memory");
        return new Validated(count[0], referencedProjects, sessions, features, memories);
    }

    private static void dangling(Map<String, String> referenced, Set<String> inFile,
            java.util.function.Supplier<Set<String>> local, String what) {
        Set<String> here = null;
        for (Map.Entry<String, String> ref : referenced.entrySet()) {
            if (inFile.contains(ref.getKey())) {
                continue;
            }
            if (here == null) {
                here = local.get();
            }
            if (!here.contains(ref.getKey())) {
                throw EagleException.invalidInput(ref.getValue() + ": refers to " + what + " '" + ref.getKey()
                        + "', which is neither in the import nor here; nothing was imported",
                        "export with --all, or without --since, so that what records refer to comes along");
            }
        }
    }

    private static PortableStore.Scope scope(List<String> projects) {
        return new PortableStore.Scope(projects, null, true);
    }

    private static EagleException invalid(PortableRecord r, String what) {
        return new EagleException(ExitCode.INVALID_INPUT, "import_invalid", r.where() + ": " + what
                + "; nothing was imported", "fix or re-export the file (docs/export-format.md describes it)", null);
    }

    // --- writing

    /** One import's writes and its bookkeeping. */
    private final class Writer {

        private final Tx tx;
        private final Validated v;
        private final Arbiter arbiter;
        private final Map<PortableType, Map<String, Row>> indexes = new EnumMap<>(PortableType.class);
        private final Map<String, Map<String, Row>> bySession = new HashMap<>();
        private final Map<PortableType, long[]> counts = new EnumMap<>(PortableType.class);
        private final List<ImportConflict> conflicts = new ArrayList<>();
        private final Map<String, Long> featureRows = new HashMap<>();
        private final Map<String, Long> memoryRows = new HashMap<>();
        private final Map<Long, String> supersede = new LinkedHashMap<>();
        /** Each touched session's last_activity_at as it must be afterwards (observation inserts move it). */
        private final Map<String, String> activity = new LinkedHashMap<>();

        Writer(Tx tx, Validated v, Arbiter arbiter) {
            this.tx = tx;
            this.v = v;
            this.arbiter = arbiter;
            for (PortableType t : PortableType.values()) {
                counts.put(t, new long[4]);
            }
        }

        ImportReport write(RecordSource source, String file, boolean dryRun) {
            source.forEach(this::apply);
            supersede.forEach((memory, target) -> store.supersede(tx, memory, memoryRow(target)));
            activity.forEach((session, at) -> store.setSessionActivity(tx, session, at));
            List<TypeCounts> out = new ArrayList<>();
            counts.forEach((t, c) -> out.add(new TypeCounts(t.id(), c[0], c[1], c[2], c[3])));
            return new ImportReport(file, source.kind().id(), dryRun, v.records(), out, List.copyOf(conflicts),
                    source.notImported());
        }

        private void apply(PortableRecord r) {
            try {
                write(r);
            } catch (PortableStore.Rejected e) {
                throw invalid(r, "the store refused this " + r.type().id() + " record (" + e.getMessage() + ")");
            }
        }

        private void write(PortableRecord r) {
            ObjectNode fields = r.fields().deepCopy();
            for (String text : r.type().texts()) {
                JsonNode value = fields.get(text);
                if (value != null && value.isTextual()) {
                    fields.put(text, redactor.redact(value.asText()));
                }
            }
            String session = fields.path("session_id").asText(null);
            if (session != null && r.type() == PortableType.OBSERVATION && !activity.containsKey(session)) {
                store.sessionActivity(tx, session).ifPresent(at -> activity.put(session, at));
            }
            if ((r.type() == PortableType.CHECK || r.type() == PortableType.VERIFICATION)
                    && featureRow(fields.path("feature").asText()) == null) {
                conflict(r, "its feature was not imported (see that feature's conflict)");
                return;
            }
            Row local = local(r.type(), r.id(), session);
            if (local == null) {
                Optional<Long> rowid = store.insert(tx, r.type(), fields, this::featureRow);
                if (rowid.isEmpty()) {
                    conflict(r, "a different local " + r.type().id() + " holds the same unique key (" + uniqueKey(r.type())
                            + ")");
                    return;
                }
                remember(r, rowid.get(), fields, true);
                count(r.type(), 0);
                arbiter.outcome(r.type(), r.id(), fields, Outcome.CREATED);
                return;
            }
            remember(r, local.rowid(), local.record(), false);
            arbiter.complete(r.type(), local.record(), fields);
            if (same(local.record(), fields)) {
                count(r.type(), 2);
                arbiter.outcome(r.type(), r.id(), fields, Outcome.UNCHANGED);
                return;
            }
            if (r.type() == PortableType.PROJECT) {
                mergeProject(r, local, fields);
                return;
            }
            String theirs = version(r.type(), fields);
            String ours = version(r.type(), local.record());
            Boolean decided = arbiter.replace(r.type(), r.id(), local.record(), fields);
            if (decided != null ? decided : theirs != null && (ours == null || theirs.compareTo(ours) > 0)) {
                if (store.update(tx, r.type(), local.rowid(), fields, this::featureRow)) {
                    remember(r, local.rowid(), fields, true);
                    count(r.type(), 1);
                    arbiter.outcome(r.type(), r.id(), fields, Outcome.UPDATED);
                } else {
                    conflict(r, "the import's copy would clash with another local " + r.type().id() + " ("
                            + uniqueKey(r.type()) + ")");
                }
                return;
            }
            conflict(r, "the local copy was changed " + (ours == null ? "" : "at " + ours + " ") + "(the import's is "
                    + (theirs == null ? "unversioned" : "from " + theirs) + "); the local copy is kept");
        }

        /**
         * A project is a key, its root and when it was first and last seen: nothing a person edits, so two copies
         * merge — the earlier creation, the later sighting, and the root this store knows (another tool's import has
         * none) — instead of one winning.
         */
        private void mergeProject(PortableRecord r, Row local, ObjectNode incoming) {
            ObjectNode merged = local.record().deepCopy();
            if (merged.path("root_path").isNull() && incoming.hasNonNull("root_path")) {
                merged.set("root_path", incoming.get("root_path"));
            }
            for (String field : List.of("created_at", "last_seen_at")) {
                String ours = merged.path(field).asText("");
                String theirs = incoming.path(field).asText("");
                boolean earliest = field.equals("created_at");
                if (!theirs.isEmpty() && (earliest ? theirs.compareTo(ours) < 0 : theirs.compareTo(ours) > 0)) {
                    merged.put(field, theirs);
                }
            }
            if (same(local.record(), merged)) {
                count(r.type(), 2);
            } else if (store.update(tx, r.type(), local.rowid(), merged, this::featureRow)) {
                count(r.type(), 1);
            }
        }

        private Row local(PortableType type, String id, String session) {
            if (type == PortableType.OBSERVATION || type == PortableType.PROMPT || type == PortableType.TURN_MESSAGE) {
                if (session == null) {
                    return null;
                }
                return bySession.computeIfAbsent(type.id() + "\n" + session, k -> store.ofSession(tx, type, session)).get(id);
            }
            return index(type).get(id);
        }

        private Map<String, Row> index(PortableType type) {
            return indexes.computeIfAbsent(type, t -> store.index(tx, t, scope(List.copyOf(v.projects()))));
        }

        /** Notes where a record lives here; {@code written}: this import wrote it (its references are the file's). */
        private void remember(PortableRecord r, long rowid, JsonNode fields, boolean written) {
            switch (r.type()) {
                case FEATURE -> featureRows.put(r.id(), rowid);
                case MEMORY -> {
                    memoryRows.put(r.id(), rowid);
                    JsonNode by = r.fields().get("superseded_by");
                    if (written && by != null && !by.isNull()) {
                        supersede.put(rowid, by.asText());
                    }
                }
                case SESSION -> activity.put(r.id(), fields.path("last_activity_at").asText());
                default -> {
                }
            }
        }

        private Long featureRow(String id) {
            Long rowid = featureRows.get(id);
            if (rowid != null) {
                return rowid;
            }
            Row local = v.features().contains(id) ? null : index(PortableType.FEATURE).get(id);
            return local == null ? null : local.rowid();
        }

        private Long memoryRow(String id) {
            Long rowid = memoryRows.get(id);
            if (rowid != null) {
                return rowid;
            }
            Row local = index(PortableType.MEMORY).get(id);
            return local == null ? null : local.rowid();
        }

        private void conflict(PortableRecord r, String reason) {
            count(r.type(), 2);
            count(r.type(), 3);
            arbiter.outcome(r.type(), r.id(), r.fields(), Outcome.CONFLICT);
            if (conflicts.size() < MAX_CONFLICTS_LISTED) {
                conflicts.add(new ImportConflict(r.type().id(), r.id(), reason));
            }
        }

        private void count(PortableType type, int which) {
            counts.get(type)[which]++;
        }
    }

    /** Equal records: every field of the import's the same here (numbers by value: 1 and 1L are one number). */
    private static boolean same(JsonNode local, JsonNode incoming) {
        java.util.Iterator<Map.Entry<String, JsonNode>> fields = incoming.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            JsonNode ours = local.path(f.getKey());
            JsonNode theirs = f.getValue();
            boolean equal = ours.isNumber() && theirs.isNumber() ? ours.decimalValue().compareTo(theirs.decimalValue()) == 0
                    : ours.equals(theirs) || (ours.isMissingNode() && theirs.isNull());
            if (!equal) {
                return false;
            }
        }
        return true;
    }

    private static String version(PortableType type, JsonNode record) {
        if (type.version() == null) {
            return null;
        }
        JsonNode v = record.get(type.version());
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String uniqueKey(PortableType type) {
        return switch (type) {
            case MEMORY -> "a live memory on the same topic_key";
            case FEATURE -> "an active feature of the same name";
            case GUARD_RULE -> "a live rule with the same pattern and text";
            case COMMAND_RULE -> "a live command rule with the same pattern";
            case CHECK -> "an open check of the same feature and file";
            default -> "its key";
        };
    }
}
