package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.config.TomlLines;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;

/**
 * Edits the text of Codex's {@code config.toml}: hook trust entries ({@code [hooks.state."<key>"] trusted_hash})
 * in and out, every other line left as the user wrote it. Each edit is parsed again and must read back as the
 * intended change with all other keys equal, or it is refused and the caller writes nothing.
 */
public final class CodexConfig {

    private static final TomlMapper TOML = new TomlMapper();
    private static final String TRUSTED_HASH = "trusted_hash";
    private static final String MANUAL_TRUST = "start codex once and choose \"Trust all and continue\" when it asks to review hooks";

    private final Path file;

    /** @param file the config file; used only in error messages */
    public CodexConfig(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /**
     * Sets {@code trusted_hash} for each key (a {@code hooks/list} key such as
     * {@code /home/dev/.codex/hooks.json:pre_tool_use:0:0}): an existing value is replaced in place, a missing
     * table is appended, in the map's iteration order. Text that already holds these hashes comes back unchanged.
     */
    public String trust(String original, Map<String, String> keyToHash) {
        String text = Objects.requireNonNullElse(original, "");
        ObjectNode before = parse(text, "eagle-mem install");
        ObjectNode state = stateTables(before, TomlLines.scan(text), keyToHash::containsKey, true);
        String edited = text;
        ObjectNode expected = before.deepCopy();
        for (Map.Entry<String, String> entry : keyToHash.entrySet()) {
            JsonNode current = state == null ? null : state.path(entry.getKey()).get(TRUSTED_HASH);
            if (current == null || !entry.getValue().equals(current.asText())) {
                edited = trustOne(edited, entry.getKey(), entry.getValue());
            }
            ObjectNode table = expected.withObjectProperty("hooks").withObjectProperty("state")
                    .withObjectProperty(entry.getKey());
            table.put(TRUSTED_HASH, entry.getValue());
        }
        if (edited.equals(text)) {
            return Objects.requireNonNullElse(original, "");
        }
        verify(edited, expected, MANUAL_TRUST);
        return edited;
    }

    /**
     * Removes the trust entries whose key {@code keyIsOurs}, with the blank line {@link #trust} put before each
     * table, so {@code untrust(trust(x))} is {@code x} for a file that ends with a newline.
     */
    public String untrust(String current, Predicate<String> keyIsOurs) {
        String text = Objects.requireNonNullElse(current, "");
        ObjectNode before = parse(text, "eagle-mem uninstall");
        TomlLines toml = TomlLines.scan(text);
        ObjectNode state = stateTables(before, toml, keyIsOurs, false);
        if (state == null) {
            return Objects.requireNonNullElse(current, "");
        }
        TreeSet<Integer> drop = new TreeSet<>();
        List<TomlLines.Header> ourTables = new ArrayList<>();
        for (TomlLines.Header header : toml.headers()) {
            if (!header.array() && isStateEntry(header.path(), keyIsOurs)) {
                ourTables.add(header);
                range(drop, header.line(), toml.tableEnd(header));
                int above = header.line() - 1;
                if (header.path().size() == 3 && above >= 0 && toml.lines().get(above).isBlank()) {
                    drop.add(above);
                }
            }
        }
        for (TomlLines.Statement statement : toml.statements()) {
            if (!ourTables.contains(statement.table()) && isStateEntry(statement.path(), keyIsOurs)) {
                range(drop, statement.first(), statement.last());
            }
        }
        if (drop.isEmpty()) {
            return Objects.requireNonNullElse(current, "");
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < toml.lines().size(); i++) {
            if (!drop.contains(i)) {
                kept.add(toml.lines().get(i));
            }
        }
        String edited = String.join("\n", kept);
        ObjectNode expected = before.deepCopy();
        state = (ObjectNode) expected.get("hooks").get("state");
        state.remove(state.propertyStream().map(Map.Entry::getKey).filter(keyIsOurs).toList());
        verify(edited, expected, "remove the [hooks.state.\"…\"] tables of eagle-mem's hooks from " + file + " by hand");
        return edited;
    }

    /** Every {@code hooks.state."<key>".trusted_hash} in the text, by key. */
    public Map<String, String> trustedHashes(String configText) {
        Map<String, String> out = new LinkedHashMap<>();
        JsonNode state = parse(Objects.requireNonNullElse(configText, ""), "eagle-mem install").path("hooks").path("state");
        state.properties().forEach(e -> {
            if (e.getValue().get(TRUSTED_HASH) instanceof JsonNode hash && hash.isTextual()) {
                out.put(e.getKey(), hash.asText());
            }
        });
        return out;
    }

    /**
     * True when Codex runs no hooks at all: {@code [features] hooks = false}, or, without {@code hooks}, the
     * deprecated {@code codex_hooks = false} (Codex 0.169.0 lets {@code hooks} win when both are set).
     */
    public boolean hooksDisabled(String configText) {
        JsonNode features = parse(Objects.requireNonNullElse(configText, ""), "eagle-mem install").get("features");
        if (features == null || !features.isObject()) {
            return false;
        }
        JsonNode flag = features.has("hooks") ? features.get("hooks") : features.get("codex_hooks");
        return flag != null && flag.isBoolean() && !flag.asBoolean();
    }

    private String trustOne(String text, String key, String hash) {
        TomlLines toml = TomlLines.scan(text);
        List<String> lines = toml.lines();
        String cr = toml.carriageReturn();
        String value = TomlLines.basicString(hash);
        List<String> target = List.of("hooks", "state", key, TRUSTED_HASH);
        for (TomlLines.Statement s : toml.statements()) {
            if (s.path().equals(target)) {
                String first = lines.get(s.first());
                String last = lines.get(s.last());
                String comment = s.comment() < 0 ? "" : " " + last.substring(s.comment()).stripTrailing();
                String afterEquals = first.substring(s.valueStart());
                String space = afterEquals.substring(0, afterEquals.length() - afterEquals.stripLeading().length());
                String replaced = first.substring(0, s.valueStart()) + space + value + comment
                        + (last.endsWith("\r") ? "\r" : "");
                lines.subList(s.first() + 1, s.last() + 1).clear();
                lines.set(s.first(), replaced);
                return String.join("\n", lines);
            }
        }
        for (TomlLines.Header h : toml.headers()) {
            if (!h.array() && h.path().equals(target.subList(0, 3))) {
                lines.add(h.line() + 1, TRUSTED_HASH + " = " + value + cr);
                return String.join("\n", lines);
            }
        }
        StringBuilder out = new StringBuilder(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.append(cr).append('\n');
        }
        if (!text.isEmpty()) {
            out.append(cr).append('\n'); // the blank line untrust() takes back off with the table
        }
        String header = "[hooks.state." + TomlLines.basicString(key) + "]";
        return out.append(header).append(cr).append('\n').append(TRUSTED_HASH).append(" = ").append(value).append(cr)
                .append('\n').toString();
    }

    /**
     * The {@code hooks.state} table, or null. Inline forms we would have to edit inside ({@code hooks = {…}},
     * {@code state = {…}}, {@code "<key>" = {…}} for a key we touch) and arrays of tables are refused up front:
     * a {@code [hooks.state."…"]} header next to them would make the file invalid TOML.
     */
    private ObjectNode stateTables(ObjectNode tree, TomlLines toml, Predicate<String> touched, boolean appends) {
        JsonNode hooks = tree.get("hooks");
        if (hooks != null && !hooks.isObject() || hooks != null && hooks.has("state") && !hooks.get("state").isObject()) {
            throw unsupported("\"hooks\" or \"hooks.state\" is not a table");
        }
        ObjectNode state = hooks == null ? null : (ObjectNode) hooks.get("state");
        boolean touchesState = state != null && state.propertyStream().map(Map.Entry::getKey).anyMatch(touched);
        for (TomlLines.Statement s : toml.statements()) {
            List<String> path = s.path();
            boolean container = path.equals(List.of("hooks")) || path.equals(List.of("hooks", "state"));
            boolean entry = path.size() == 3 && path.subList(0, 2).equals(List.of("hooks", "state"))
                    && touched.test(path.get(2));
            if (container && (appends || touchesState) || entry && appends) {
                throw unsupported("\"" + String.join(".", path) + "\" is written as an inline table (line "
                        + (s.first() + 1) + ")");
            }
        }
        return state;
    }

    private EagleException unsupported(String what) {
        return EagleException.conflict("codex_config_unsupported", "cannot edit hook trust in " + file + ": " + what
                + "; eagle-mem only edits [hooks.state.\"<key>\"] tables", MANUAL_TRUST);
    }

    private static boolean isStateEntry(List<String> path, Predicate<String> keyIsOurs) {
        return path.size() >= 3 && path.get(0).equals("hooks") && path.get(1).equals("state")
                && keyIsOurs.test(path.get(2));
    }

    private static void range(TreeSet<Integer> into, int first, int last) {
        for (int i = first; i <= last; i++) {
            into.add(i);
        }
    }

    private void verify(String edited, ObjectNode expected, String fix) {
        ObjectNode actual;
        try {
            actual = (ObjectNode) TOML.readTree(edited);
        } catch (IOException e) {
            actual = null;
        }
        if (actual == null || !withoutEmptyState(actual).equals(withoutEmptyState(expected))) {
            throw new EagleException(ExitCode.INTERNAL, "codex_config_edit_failed", "could not edit hook trust in "
                    + file + " without disturbing other lines; the file was not changed", fix, null);
        }
    }

    /** An emptied {@code [hooks.state]} may or may not survive as a table in the text; both read the same to Codex. */
    private static ObjectNode withoutEmptyState(ObjectNode tree) {
        ObjectNode copy = tree.deepCopy();
        if (copy.get("hooks") instanceof ObjectNode hooks) {
            if (hooks.get("state") instanceof ObjectNode state && state.isEmpty()) {
                hooks.remove("state");
            }
            if (hooks.isEmpty()) {
                copy.remove("hooks");
            }
        }
        return copy;
    }

    private ObjectNode parse(String text, String rerun) {
        try {
            JsonNode tree = TOML.readTree(text);
            return tree instanceof ObjectNode object ? object : TOML.createObjectNode();
        } catch (StreamReadException e) {
            JsonLocation at = e.getLocation();
            String position = at == null ? "" : " line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw EagleException.invalidInput("malformed TOML in " + file + position + ": " + e.getOriginalMessage(),
                    "fix that line (Codex cannot load the file either), then rerun " + rerun);
        } catch (IOException e) {
            throw EagleException.invalidInput("cannot parse " + file + ": " + e.getMessage(),
                    "fix the file, then rerun " + rerun);
        }
    }
}
