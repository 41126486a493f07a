package dev.eaglemem.team;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.Hashes;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.PortableType;

/**
 * A record as the team sees it, and back. The team form is the export format's record with the project's team key
 * in place of this machine's key (in {@code project} and in every stable id that starts with it), and without what
 * is this machine's own: a session's working directory, the session a memory or check was made in, and — unless the
 * store includes whole summaries — every part of a summary but its decisions and gotchas.
 * {@link #shared} is the default policy of what travels at all.
 */
final class TeamForm {

    /** A shared project's two keys. */
    record Keys(String local, String team) {
    }

    /** Summary fields that stay home unless {@link TeamInclude#SUMMARIES} is on. */
    static final List<String> SUMMARY_PRIVATE = List.of("request", "investigated", "learned", "completed", "next_steps",
            "notes", "files_read");
    /** Fields the team form empties: this machine's own, restored from the local copy when a team revision lands. */
    private static final Map<PortableType, List<String>> LOCAL_ONLY = Map.of(PortableType.SESSION, List.of("cwd"),
            PortableType.MEMORY, List.of("session_id"), PortableType.CHECK, List.of("session_id"));

    private TeamForm() {
    }

    /** Whether a local record of a shared project travels, by the default policy and the store's includes. */
    static boolean shared(PortableType type, JsonNode r, Set<TeamInclude> include, Set<String> sessions) {
        return switch (type) {
            case PROJECT, OVERVIEW, TURN_MESSAGE -> false;
            case SESSION -> include.contains(TeamInclude.PROMPTS) || include.contains(TeamInclude.OBSERVATIONS)
                    || sessions.contains(r.path("id").asText());
            case SUMMARY -> include.contains(TeamInclude.SUMMARIES) || present(r, "decisions") || present(r, "gotchas");
            case OBSERVATION -> include.contains(TeamInclude.OBSERVATIONS);
            case PROMPT -> include.contains(TeamInclude.PROMPTS);
            case MEMORY -> ("project".equals(r.path("scope").asText()) || include.contains(TeamInclude.PERSONAL))
                    && (!"note".equals(r.path("kind").asText()) || include.contains(TeamInclude.NOTES));
            case FEATURE, CHECK, VERIFICATION, GUARD_RULE, COMMAND_RULE -> true;
        };
    }

    /** The team form of a local record (a copy). */
    static ObjectNode toTeam(PortableType type, ObjectNode local, Keys keys, Set<TeamInclude> include) {
        ObjectNode r = local.deepCopy();
        map(r, keys.local(), keys.team());
        for (String field : LOCAL_ONLY.getOrDefault(type, List.of())) {
            r.putNull(field);
        }
        if (type == PortableType.SUMMARY && !include.contains(TeamInclude.SUMMARIES)) {
            SUMMARY_PRIVATE.forEach(r::putNull);
        }
        return r;
    }

    /**
     * What leaves this machine for a local record: its team form with every free-text field redacted again. The push
     * hashes it to find what changed, and the pull hashes it to see whether a local copy was edited since the exchange,
     * so both must compute it alike.
     */
    static ObjectNode outgoing(PortableType type, ObjectNode local, Keys keys, Set<TeamInclude> include, Redactor redactor) {
        ObjectNode r = toTeam(type, local, keys, include);
        for (String field : type.texts()) {
            JsonNode v = r.get(field);
            if (v != null && v.isTextual()) {
                r.put(field, redactor.redact(v.asText()));
            }
        }
        return r;
    }

    /** The local form of a team record (a copy): this machine's project key in it. */
    static ObjectNode toLocal(JsonNode team, Keys keys) {
        ObjectNode r = ((ObjectNode) team).deepCopy();
        map(r, keys.team(), keys.local());
        return r;
    }

    /** Gives a team revision landing here back what the team form emptied and the local copy {@code here} has. */
    static void restoreOwn(PortableType type, ObjectNode r, JsonNode here) {
        List<String> own = new java.util.ArrayList<>(LOCAL_ONLY.getOrDefault(type, List.of()));
        if (type == PortableType.SUMMARY) {
            own.addAll(SUMMARY_PRIVATE);
        }
        for (String field : own) {
            if (r.path(field).isNull() && here.hasNonNull(field)) {
                r.set(field, here.get(field));
            }
        }
    }

    /** A stable id of the project, moved from one key to the other (ids not starting with the key stay). */
    static String id(String id, String from, String to) {
        if (id == null) {
            return null;
        }
        if (id.equals(from)) {
            return to;
        }
        if (id.startsWith(from + "@") || id.startsWith(from + "/")) {
            return to + id.substring(from.length());
        }
        return id;
    }

    private static void map(ObjectNode r, String from, String to) {
        if (r.hasNonNull("project")) {
            r.put("project", id(r.get("project").asText(), from, to));
        }
        for (String ref : List.of("feature", "superseded_by")) {
            if (r.hasNonNull(ref)) {
                r.put(ref, id(r.get(ref).asText(), from, to));
            }
        }
    }

    /** A tombstone: the record was forgotten or removed (its body still says when and why). */
    static boolean deleted(PortableType type, JsonNode r) {
        return switch (type) {
            case MEMORY, GUARD_RULE, COMMAND_RULE -> r.hasNonNull("deleted_at");
            default -> false;
        };
    }

    /** When the record's author last changed it: its version field, else when it was made. */
    static String changedAt(PortableType type, JsonNode r) {
        String field = type.version();
        if (field != null && r.hasNonNull(field)) {
            return r.get(field).asText();
        }
        for (String f : List.of("created_at", "verified_at", "started_at")) {
            if (r.hasNonNull(f)) {
                return r.get(f).asText();
            }
        }
        return null;
    }

    /** The content hash: SHA-256 of the fields in name order (so JSONB's own key order on the server is no matter). */
    static String hash(JsonNode r) {
        try {
            return Hashes.sha256Hex(PlainJson.MAPPER.writeValueAsString(sorted(r)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object sorted(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> out = new TreeMap<>();
            node.fields().forEachRemaining(e -> out.put(e.getKey(), sorted(e.getValue())));
            return out;
        }
        if (node.isArray()) {
            List<Object> out = new java.util.ArrayList<>();
            node.forEach(n -> out.add(sorted(n)));
            return out;
        }
        return node;
    }

    private static boolean present(JsonNode r, String field) {
        JsonNode v = r.get(field);
        return v != null && v.isTextual() && !v.asText().isBlank() && !v.asText().equals("[]");
    }
}
