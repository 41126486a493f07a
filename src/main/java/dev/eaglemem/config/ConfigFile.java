package dev.eaglemem.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.platform.AtomicFiles;

/**
 * Reads and edits {@code config.toml} with a real TOML parser. Edits change only the one key's lines
 * so the user's comments, order and formatting survive {@code eagle-mem config set}.
 */
public final class ConfigFile {

    private static final TomlMapper TOML = new TomlMapper();

    private ConfigFile() {
    }

    public static EagleConfig load(Path file) {
        if (!Files.exists(file)) {
            return EagleConfig.defaults(file);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return EagleConfig.defaults(file);
        } catch (IOException e) {
            throw EagleException.failure("config_unreadable", "cannot read " + file + ": " + e.getMessage(),
                    "check its permissions: chmod 600 " + file, e);
        }
        return fromText(file, text);
    }

    /** As {@link #load}, but a file that cannot be read gives the defaults, with the reason (see EagleConfig#broken). */
    public static EagleConfig loadOrDefaults(Path file) {
        try {
            return load(file);
        } catch (EagleException e) {
            return EagleConfig.broken(file, e);
        }
    }

    static EagleConfig fromText(Path file, String text) {
        Map<String, JsonNode> flat = flatten(parse(file, text));
        Map<String, Object> explicit = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        String where = file + ": ";
        flat.forEach((name, node) -> ConfigKeys.find(name).ifPresentOrElse(
                key -> explicit.put(name, key.fromToml(node, where)),
                () -> unknown.add(name)));
        return new EagleConfig(file, explicit, unknown);
    }

    private static JsonNode parse(Path file, String text) {
        try {
            return TOML.readTree(text);
        } catch (StreamReadException e) {
            JsonLocation at = e.getLocation();
            String position = at == null ? "" : " line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw EagleException.invalidInput("malformed TOML in " + file + position + ": " + e.getOriginalMessage(),
                    "fix that line, or move the file aside to use defaults: mv " + file + " " + file + ".bak");
        } catch (IOException e) {
            throw EagleException.failure("config_unreadable", "cannot parse " + file + ": " + e.getMessage(),
                    "mv " + file + " " + file + ".bak", e);
        }
    }

    /** {@code [a] b = 1} and {@code a.b = 1} both become {@code a.b}. */
    private static Map<String, JsonNode> flatten(JsonNode root) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        flattenInto("", root, out);
        return out;
    }

    private static void flattenInto(String prefix, JsonNode node, Map<String, JsonNode> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = prefix + field.getKey();
            if (field.getValue().isObject()) {
                flattenInto(name + ".", field.getValue(), out);
            } else {
                out.put(name, field.getValue());
            }
        }
    }

    /**
     * Sets one key and writes the file atomically (owner-only for a new file). The edited text is
     * parsed again before it replaces the original; an edit that would not read back as intended is
     * refused and the original is left untouched.
     */
    public static EagleConfig set(Path file, ConfigKey key, Object value) {
        String before = Files.exists(file) ? read(file) : "";
        Map<String, JsonNode> others = flatten(parse(file, before));
        others.remove(key.name());
        String after = TomlEditor.set(before, key.section(), key.key(), ConfigValues.toToml(value));
        Map<String, JsonNode> edited = flatten(parse(file, after));
        JsonNode written = edited.remove(key.name());
        if (written == null || !others.equals(edited) || !value.equals(key.fromToml(written, ""))) {
            throw new EagleException(ExitCode.INTERNAL, "config_edit_failed",
                    "could not edit " + key.name() + " in " + file + " without disturbing other lines; the file was not changed",
                    "edit it by hand: " + key.name() + " = " + ConfigValues.toToml(value), null);
        }
        EagleConfig updated = fromText(file, after);
        write(file, after);
        return updated;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw EagleException.failure("config_unreadable", "cannot read " + file + ": " + e.getMessage(),
                    "chmod 600 " + file, e);
        }
    }

    /** Owner-only when new; an existing file keeps its mode (a user's chmod survives {@code config set}). */
    private static void write(Path file, String text) {
        try {
            AtomicFiles.writeString(file, text, AtomicFiles.OWNER_ONLY.orExisting());
        } catch (IOException e) {
            Path dir = file.toAbsolutePath().getParent();
            throw EagleException.failure("config_unwritable", "cannot write " + file + ": " + e.getMessage(),
                    "make " + dir + " writable (chmod 700 " + dir + ")", e);
        }
    }
}
