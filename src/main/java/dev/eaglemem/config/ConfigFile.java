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
import java.util.Optional;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.platform.AtomicFiles;
import dev.eaglemem.platform.PathFacts;

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
        checkTrusted(file);
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

    /**
     * The config decides what eagle-mem runs and where it sends things (model commands, guard rules, the serve port):
     * a file another user owns or may change, or one in a folder they may change, would let them decide that for
     * this user. root's files are trusted (/etc and the like). A symbolic link (a dotfiles repository) is judged by
     * what it names.
     */
    static void checkTrusted(Path file) {
        try {
            Optional<PathFacts> facts = PathFacts.following(file);
            if (facts.isEmpty()) {
                return; // gone since the exists(): defaults, like a missing file
            }
            Path real = file.toRealPath();
            Optional<PathFacts> dir = PathFacts.following(real.getParent());
            String problem = untrusted(facts.get(), false).orElseGet(() -> dir.flatMap(d -> untrusted(d, true)).orElse(null));
            if (problem != null) {
                throw EagleException.failure("config_unsafe", "eagle-mem does not read " + file + ": " + problem
                        + ", so another user could choose what eagle-mem does for you",
                        "chmod go-w " + DataDirCheck.quote(real) + " " + DataDirCheck.quote(real.getParent())
                                + "   (if another user owns them: sudo chown " + DataDirCheck.quote(DataDirCheck.me()) + " "
                                + DataDirCheck.quote(real) + " " + DataDirCheck.quote(real.getParent())
                                + ", or point EAGLE_CONFIG_FILE at a file of your own)",
                        null);
            }
        } catch (IOException e) {
            throw EagleException.failure("config_unreadable", "cannot inspect " + file + ": " + e.getMessage(),
                    "check its permissions: ls -l " + file, e);
        }
    }

    private static Optional<String> untrusted(PathFacts facts, boolean folder) {
        String what = folder ? "its folder " + facts.path() : "it";
        if (!facts.ownedByMe() && facts.uid() != 0) {
            return Optional.of(what + " is owned by " + facts.ownerName() + " (uid " + facts.uid() + ")");
        }
        if (facts.writableByOthers() && !(folder && facts.sticky())) {
            return Optional.of(what + " can be changed by other users (mode " + facts.octal() + ")");
        }
        return Optional.empty();
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
