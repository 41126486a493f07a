package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;

/**
 * Edits the text of Codex's {@code hooks.json} the way {@link ClaudeSettings} edits Claude's settings. Codex
 * identifies each handler for trust by its position ({@code <file>:<event>:<group>:<handler>}), so our groups go
 * after the user's: adding ours never shifts the keys of hooks the user already trusted. Removing ours can; see
 * {@link #movedTrustKeys}.
 */
public final class CodexHooksFile {

    /** Codex 0.169.0 refuses the whole file on any other top-level key ("expected `description` or `hooks`"). */
    private static final Set<String> TOP_LEVEL = Set.of("hooks", "description");

    private final Path file;

    /** @param file the hooks file; used only in error messages */
    public CodexHooksFile(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /**
     * Registers {@code hooks}, replacing stale handlers of ours in place; a second call returns the same text.
     *
     * @throws EagleException when the file is not valid JSON, has top-level keys Codex rejects, or a wrong shape
     */
    public String add(String original, List<HookRegistration> hooks, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = parse(json, original);
        ObjectNode pristine = root.deepCopy();
        tree(json).reconcile(root, hooks, isOurs);
        return root.equals(pristine) ? Objects.requireNonNullElse(original, "") : JsonText.print(root);
    }

    /**
     * Removes every handler of ours; returns {@code beforeInstall} byte for byte when that restores the file's
     * tree (pass {@code ""} when the file did not exist: an empty result then means "delete the file").
     */
    public String remove(String current, String beforeInstall, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = parse(json, current);
        ObjectNode before = snapshot(beforeInstall);
        ObjectNode pristine = root.deepCopy();
        tree(json).prune(root, isOurs, before);
        if (before != null && root.equals(before)) {
            return beforeInstall;
        }
        return root.equals(pristine) ? Objects.requireNonNullElse(current, "") : JsonText.print(root);
    }

    /** For {@code doctor}: missing, different, duplicate or leftover registrations of ours, one line each. */
    public List<String> drift(String current, List<HookRegistration> expected, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem doctor");
        return tree(json).drift(parse(json, current), expected, isOurs);
    }

    /**
     * Trust keys of the user's handlers that moved between {@code before} and {@code after}, old key to new key.
     * Codex keys trust by position, so dropping a group of ours shifts the user's later groups and their trust
     * silently lapses; copying each {@code trusted_hash} to its new key keeps the user's decision (the hash is
     * of the content, which did not change). Carry them over after {@link CodexConfig#untrust}: a new key is often
     * one that was ours.
     *
     * @param sourcePath the file as Codex names it in its keys ({@link HookState#sourcePath()})
     */
    public Map<String, String> movedTrustKeys(String before, String after, String sourcePath, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        Map<String, List<String>> from = userPositions(parse(json, before), isOurs);
        Map<String, List<String>> to = userPositions(parse(json, after), isOurs);
        Map<String, String> moved = new LinkedHashMap<>();
        from.forEach((event, positions) -> {
            List<String> now = to.getOrDefault(event, List.of());
            for (int i = 0; i < Math.min(positions.size(), now.size()); i++) {
                if (!positions.get(i).equals(now.get(i))) {
                    String prefix = sourcePath + ":" + snakeCase(event) + ":";
                    moved.put(prefix + positions.get(i), prefix + now.get(i));
                }
            }
        });
        return moved;
    }

    /** {@code PreToolUse} → {@code pre_tool_use}, the event part of Codex's trust keys. */
    static String snakeCase(String event) {
        return event.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /** {@code "<group>:<handler>"} of every handler that is not ours, per event, in file order. */
    private static Map<String, List<String>> userPositions(ObjectNode root, Predicate<String> isOurs) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        root.path("hooks").properties().forEach(event -> {
            List<String> positions = new ArrayList<>();
            for (int g = 0; g < event.getValue().size(); g++) {
                JsonNode handlers = event.getValue().get(g).path("hooks");
                for (int h = 0; h < handlers.size(); h++) {
                    JsonNode command = handlers.get(h).get("command");
                    if (command == null || !command.isTextual() || !isOurs.test(command.asText())) {
                        positions.add(g + ":" + h);
                    }
                }
            }
            out.put(event.getKey(), positions);
        });
        return out;
    }

    /** Codex's command handler. {@code async} is left out: Codex parses it but we have not seen it run. */
    static ObjectNode handler(HookRegistration hook) {
        ObjectNode handler = JsonNodeFactory.instance.objectNode();
        handler.put("type", "command");
        handler.put("command", hook.command());
        handler.put("timeout", hook.timeoutSeconds());
        if (hook.statusMessage() != null) {
            handler.put("statusMessage", hook.statusMessage());
        }
        return handler;
    }

    private static HookTree tree(JsonText json) {
        return new HookTree(json, CodexHooksFile::handler);
    }

    private static ObjectNode parse(JsonText json, String text) {
        ObjectNode root = json.parseObject(text);
        for (String key : root.properties().stream().map(Map.Entry::getKey).toList()) {
            if (!TOP_LEVEL.contains(key)) {
                throw json.unsupported("unknown top-level key \"" + key
                        + "\"; Codex accepts only \"hooks\" and \"description\" there and ignores the whole file otherwise");
            }
        }
        return root;
    }

    private ObjectNode snapshot(String beforeInstall) {
        if (beforeInstall == null) {
            return null;
        }
        try {
            return parse(new JsonText(file, "eagle-mem uninstall"), beforeInstall);
        } catch (EagleException e) {
            return null;
        }
    }
}
