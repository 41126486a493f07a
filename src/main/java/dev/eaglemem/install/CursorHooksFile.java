package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;

/**
 * Edits the text of Cursor's {@code hooks.json} ({@code {"version":1,"hooks":{"<event>":[{"command",…}]}}}, flat: no
 * matcher groups, unlike Claude Code's and Codex's files). Only entries whose command is ours are touched: one per
 * wanted event, kept in place and brought up to date, appended after the user's when missing. Keys on our entry that
 * we do not write ({@code failClosed}, {@code loop_limit}, …) are the user's and stay. Written from cursor.com/docs/hooks:
 * untested against the real CLI.
 */
final class CursorHooksFile {

    /** The fields we write on an entry; {@code type} is left out (command is the default). */
    private static final List<String> OWN_FIELDS = List.of("command", "matcher", "timeout");

    private final Path file;

    CursorHooksFile(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** Registers {@code hooks}; a second call returns the same text. */
    String add(String original, List<HookRegistration> hooks, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode pristine = root.deepCopy();
        if (!root.has("version")) {
            root.put("version", 1); // Cursor's schema version; the docs' every example carries it
        }
        ObjectNode events = json.objectOrNull(root, "hooks", "\"hooks\"");
        if (events == null) {
            events = root.putObject("hooks");
        }
        for (HookRegistration hook : hooks) {
            ArrayNode found = json.arrayOrNull(events, hook.event(), "hooks." + hook.event());
            ArrayNode entries = found != null ? found : events.putArray(hook.event());
            List<ObjectNode> ours = ours(json, entries, hook.event(), isOurs);
            ObjectNode entry = ours.isEmpty() ? entries.addObject() : ours.getFirst();
            write(entry, hook);
            ours.stream().skip(1).forEach(extra -> remove(entries, extra));
        }
        List<String> wanted = hooks.stream().map(HookRegistration::event).toList();
        for (String event : names(events)) {
            if (!wanted.contains(event) && events.get(event) instanceof ArrayNode entries) {
                ours(json, entries, event, isOurs).forEach(extra -> remove(entries, extra));
                if (entries.isEmpty()) {
                    events.remove(event);
                }
            }
        }
        return root.equals(pristine) ? Objects.requireNonNullElse(original, "") : JsonText.print(root);
    }

    /**
     * Removes every entry of ours; returns {@code beforeInstall} byte for byte when that restores the file's tree
     * ({@code ""} when install created the file: an empty result then means "delete the file"). An event array our
     * removal emptied goes too, and the {@code hooks} object and {@code version} install added when the file had none.
     */
    String remove(String current, String beforeInstall, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode pristine = root.deepCopy();
        ObjectNode events = json.objectOrNull(root, "hooks", "\"hooks\"");
        if (events != null) {
            for (String event : names(events)) {
                if (events.get(event) instanceof ArrayNode entries) {
                    List<ObjectNode> ours = ours(json, entries, event, isOurs);
                    ours.forEach(entry -> remove(entries, entry));
                    if (!ours.isEmpty() && entries.isEmpty()) {
                        events.remove(event);
                    }
                }
            }
        }
        ObjectNode before = snapshot(beforeInstall);
        if (before != null) {
            // what install added around our entries goes with them when the file had none of it
            if (events != null && events.isEmpty() && !before.has("hooks")) {
                root.remove("hooks");
            }
            if (!before.has("version") && root.path("version").asInt(0) == 1) {
                root.remove("version");
            }
            if (root.equals(before)) {
                return beforeInstall;
            }
        }
        return root.equals(pristine) ? Objects.requireNonNullElse(current, "") : JsonText.print(root);
    }

    /** For doctor: each wanted hook missing, different or doubled, and entries of ours for events no longer wanted. */
    List<String> drift(String current, List<HookRegistration> expected, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem doctor");
        ObjectNode root = json.parseObject(current);
        ObjectNode events = json.objectOrNull(root, "hooks", "\"hooks\"");
        List<String> lines = new ArrayList<>();
        for (HookRegistration hook : expected) {
            ArrayNode entries = events == null ? null : json.arrayOrNull(events, hook.event(), "hooks." + hook.event());
            List<ObjectNode> ours = entries == null ? List.of() : ours(json, entries, hook.event(), isOurs);
            if (ours.isEmpty()) {
                lines.add("no eagle-mem " + hook.event() + " hook");
            } else if (!own(ours.getFirst()).equals(own(entry(hook)))) {
                lines.add(hook.event() + " hook is " + own(ours.getFirst()) + ", expected " + own(entry(hook)));
            }
            if (ours.size() > 1) {
                lines.add(ours.size() + " eagle-mem " + hook.event() + " hooks (one expected)");
            }
        }
        List<String> wanted = expected.stream().map(HookRegistration::event).toList();
        if (events != null) {
            for (Map.Entry<String, JsonNode> e : events.properties()) {
                if (!wanted.contains(e.getKey()) && e.getValue() instanceof ArrayNode entries
                        && !ours(json, entries, e.getKey(), isOurs).isEmpty()) {
                    lines.add("leftover eagle-mem " + e.getKey() + " hook");
                }
            }
        }
        return lines;
    }

    private static List<String> names(ObjectNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<ObjectNode> ours(JsonText json, ArrayNode entries, String event, Predicate<String> isOurs) {
        List<ObjectNode> found = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ObjectNode entry = json.elementObject(entries, i, "hooks." + event + "[" + i + "]");
            JsonNode command = entry.get("command");
            if (command != null && command.isTextual() && isOurs.test(command.asText())) {
                found.add(entry);
            }
        }
        return found;
    }

    private static void remove(ArrayNode entries, ObjectNode entry) {
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) == entry) {
                entries.remove(i);
                return;
            }
        }
    }

    /** Our fields, in our order, over what the entry had: the user's own keys on it stay where they were. */
    private static void write(ObjectNode entry, HookRegistration hook) {
        ObjectNode want = entry(hook);
        OWN_FIELDS.forEach(field -> {
            if (want.has(field)) {
                entry.set(field, want.get(field));
            } else {
                entry.remove(field);
            }
        });
    }

    static ObjectNode entry(HookRegistration hook) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        entry.put("command", hook.command());
        if (hook.matcher() != null) {
            entry.put("matcher", hook.matcher());
        }
        entry.put("timeout", hook.timeoutSeconds());
        return entry;
    }

    private static ObjectNode own(ObjectNode entry) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        OWN_FIELDS.forEach(field -> {
            if (entry.has(field)) {
                out.set(field, entry.get(field));
            }
        });
        return out;
    }

    private ObjectNode snapshot(String beforeInstall) {
        if (beforeInstall == null) {
            return null; // unknown: take out only our entries
        }
        try {
            return new JsonText(file, "eagle-mem uninstall").parseObject(beforeInstall);
        } catch (EagleException e) {
            return null;
        }
    }
}
