package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;

/**
 * Edits the text of Claude Code's {@code settings.json}: our hooks and permission rules go in, come out again,
 * and nothing of the user's is removed, reordered or changed. Methods return the new text and never write;
 * text that needs no change comes back as the very same string, so the caller can skip the write.
 */
public final class ClaudeSettings {

    private final Path file;

    /** @param file the settings file; used only in error messages */
    public ClaudeSettings(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /**
     * Registers {@code hooks} (each in its own matcher group after the user's groups) and adds {@code allowRules}
     * to {@code permissions.allow}. Handlers of ours that are stale (another binary path, another timeout,
     * dropped events, duplicates) are replaced or removed, so a second call returns the same text.
     *
     * @param original the file's text; null or blank for a missing or empty file
     * @param isOurs   tells eagle-mem's hook commands apart from the user's, whatever path they use
     * @throws EagleException when the file is not valid JSON or its hooks or permissions have the wrong shape
     */
    public String add(String original, List<HookRegistration> hooks, List<String> allowRules,
            Predicate<String> isOurs) {
        return add(original, hooks, allowRules, allowRules::contains, null, isOurs);
    }

    /**
     * As {@link #add(String, List, List, Predicate)}, and also takes out our permission rules that are not wanted
     * any more (another form of the command, or none at all: {@code install --no-allow}). A rule the file already
     * had before install is the user's and stays.
     *
     * @param isOurAllowRule tells our permission rules apart, in any form install may have written them
     * @param beforeInstall the file's text before the first install ("" when it did not exist); null when unknown,
     *        and then no rule is taken out
     */
    public String add(String original, List<HookRegistration> hooks, List<String> allowRules,
            Predicate<String> isOurAllowRule, String beforeInstall, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode pristine = root.deepCopy();
        tree(json).reconcile(root, hooks, isOurs);
        if (beforeInstall != null) {
            ObjectNode before = snapshot(beforeInstall.isBlank() ? "{}" : beforeInstall);
            if (before != null) {
                removeAllowRules(json, root, rule -> isOurAllowRule.test(rule) && !allowRules.contains(rule), before);
            }
        }
        addAllowRules(json, root, allowRules);
        return root.equals(pristine) ? Objects.requireNonNullElse(original, "") : JsonText.print(root);
    }

    /**
     * Removes every handler of ours and the allow rules we added. When the result is the tree the file had before
     * install, {@code beforeInstall} is returned byte for byte (use {@code ""} for a file that did not exist: an
     * empty result then means "delete the file"). Otherwise the user changed something since install and the
     * pruned tree is returned with their changes.
     *
     * @param beforeInstall the text saved at install time, or null when it is not known
     */
    public String remove(String current, String beforeInstall, Predicate<String> isOurs, List<String> allowRules) {
        return remove(current, beforeInstall, isOurs, (Predicate<String>) allowRules::contains);
    }

    /** As {@link #remove(String, String, Predicate, List)}, our permission rules told apart by {@code isOurAllowRule}. */
    public String remove(String current, String beforeInstall, Predicate<String> isOurs, Predicate<String> isOurAllowRule) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        ObjectNode before = snapshot(beforeInstall);
        ObjectNode pristine = root.deepCopy();
        tree(json).prune(root, isOurs, before);
        removeAllowRules(json, root, isOurAllowRule, before);
        if (before != null && root.equals(before)) {
            return beforeInstall;
        }
        return root.equals(pristine) ? Objects.requireNonNullElse(current, "") : JsonText.print(root);
    }

    /**
     * For {@code doctor}: one line per registration that is missing, registered differently (path, timeout,
     * matcher), registered twice, or ours but no longer expected. Empty when everything is as {@code add} leaves it.
     */
    public List<String> drift(String current, List<HookRegistration> expected, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem doctor");
        ObjectNode root = json.parseObject(current);
        List<String> lines = new ArrayList<>(tree(json).drift(root, expected, isOurs));
        if (root.path("disableAllHooks").asBoolean(false)) {
            lines.add("disableAllHooks is true: Claude Code runs no hooks at all, eagle-mem's included");
        }
        return lines;
    }

    private static HookTree tree(JsonText json) {
        return new HookTree(json, ClaudeSettings::handler);
    }

    /** Claude Code's command handler; {@code async} only when set, as Claude Code's own examples do. */
    static ObjectNode handler(HookRegistration hook) {
        ObjectNode handler = JsonNodeFactory.instance.objectNode();
        handler.put("type", "command");
        handler.put("command", hook.command());
        handler.put("timeout", hook.timeoutSeconds());
        if (hook.async()) {
            handler.put("async", true);
        }
        if (hook.statusMessage() != null) {
            handler.put("statusMessage", hook.statusMessage());
        }
        return handler;
    }

    private static void addAllowRules(JsonText json, ObjectNode root, List<String> rules) {
        if (rules.isEmpty()) {
            return;
        }
        ObjectNode permissions = json.objectOrNull(root, "permissions", "\"permissions\"");
        ArrayNode allow = permissions == null ? null : json.arrayOrNull(permissions, "allow", "permissions.allow");
        Set<String> present = strings(allow);
        for (String rule : rules) {
            if (present.add(rule)) {
                if (allow == null) {
                    permissions = permissions != null ? permissions : root.putObject("permissions");
                    allow = permissions.putArray("allow");
                }
                allow.add(rule);
            }
        }
    }

    /** Rules the user already had before install were not added by us, so they stay. */
    private static void removeAllowRules(JsonText json, ObjectNode root, Predicate<String> ours, ObjectNode before) {
        ObjectNode permissions = json.objectOrNull(root, "permissions", "\"permissions\"");
        ArrayNode allow = permissions == null ? null : json.arrayOrNull(permissions, "allow", "permissions.allow");
        if (allow == null || allow.isEmpty()) {
            return;
        }
        Set<String> theirs = strings(before != null && before.path("permissions").path("allow") instanceof ArrayNode a
                ? a : null);
        boolean removed = false;
        for (int i = allow.size() - 1; i >= 0; i--) {
            JsonNode rule = allow.get(i);
            if (rule.isTextual() && ours.test(rule.asText()) && !theirs.contains(rule.asText())) {
                allow.remove(i);
                removed = true;
            }
        }
        if (removed && allow.isEmpty() && !HookTree.emptyIn(before, "permissions", "allow")) {
            permissions.remove("allow");
            if (permissions.isEmpty() && !HookTree.emptyIn(before, "permissions")) {
                root.remove("permissions");
            }
        }
    }

    private static Set<String> strings(ArrayNode array) {
        Set<String> out = new HashSet<>();
        if (array != null) {
            array.forEach(n -> {
                if (n.isTextual()) {
                    out.add(n.asText());
                }
            });
        }
        return out;
    }

    /** The install-time snapshot guides the restore; if it does not parse, we can only prune. */
    private ObjectNode snapshot(String beforeInstall) {
        if (beforeInstall == null) {
            return null;
        }
        try {
            return new JsonText(file, "eagle-mem uninstall").parseObject(beforeInstall);
        } catch (EagleException e) {
            return null;
        }
    }
}
