package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
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
 * The Antigravity CLI's {@code hooks.json}: a map of named hook bundles, each an event → handlers map with an
 * {@code enabled} switch. Tool events wrap their handlers in {@code {"matcher", "hooks":[…]}}; PreInvocation and Stop
 * list handlers flat. eagle-mem owns exactly one bundle, {@value #BUNDLE}: install writes it whole, uninstall takes it
 * out, and every other bundle stays as it was. Written from the CLI's hooks reference as third parties mirror it:
 * untested against the real CLI.
 */
final class AntigravityHooksFile {

    static final String BUNDLE = "eagle-mem";
    private static final Set<String> TOOL_EVENTS = Set.of("PreToolUse", "PostToolUse");

    private final Path file;

    AntigravityHooksFile(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** Writes our bundle; a second call returns the same text. A user's bundle of that name is not overwritten. */
    String add(String original, List<HookRegistration> hooks, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem install");
        ObjectNode root = json.parseObject(original);
        ObjectNode want = bundle(hooks);
        JsonNode existing = root.get(BUNDLE);
        if (want.equals(existing)) {
            return Objects.requireNonNullElse(original, "");
        }
        if (existing != null && !commands(existing).stream().allMatch(isOurs)) {
            throw json.unsupported("a hook bundle named \"" + BUNDLE + "\" holds commands that are not eagle-mem's;"
                    + " rename it so that eagle-mem can add its own");
        }
        root.set(BUNDLE, want);
        return JsonText.print(root);
    }

    /** Takes our bundle out; {@code beforeInstall} comes back byte for byte when that restores the file's tree. */
    String remove(String current, String beforeInstall, Predicate<String> isOurs) {
        JsonText json = new JsonText(file, "eagle-mem uninstall");
        ObjectNode root = json.parseObject(current);
        JsonNode ours = root.get(BUNDLE);
        if (ours == null || !commands(ours).stream().allMatch(isOurs)) {
            return Objects.requireNonNullElse(current, "");
        }
        root.remove(BUNDLE);
        if (beforeInstall != null) {
            try {
                if (json.parseObject(beforeInstall).equals(root)) {
                    return beforeInstall;
                }
            } catch (EagleException e) {
                // the snapshot no longer parses: keep what is there, without our bundle
            }
        }
        return JsonText.print(root);
    }

    /** For doctor: our bundle missing, switched off or not the one install writes. */
    List<String> drift(String current, List<HookRegistration> expected) {
        JsonNode ours = new JsonText(file, "eagle-mem doctor").parseObject(current).get(BUNDLE);
        List<String> lines = new ArrayList<>();
        if (ours == null) {
            lines.add("no \"" + BUNDLE + "\" hook bundle");
        } else if (!ours.path("enabled").asBoolean(true)) {
            lines.add("the \"" + BUNDLE + "\" hook bundle is disabled");
        } else if (!ours.equals(bundle(expected))) {
            lines.add("the \"" + BUNDLE + "\" hook bundle is " + ours + ", expected " + bundle(expected));
        }
        return lines;
    }

    static ObjectNode bundle(List<HookRegistration> hooks) {
        ObjectNode bundle = JsonNodeFactory.instance.objectNode().put("enabled", true);
        for (HookRegistration hook : hooks) {
            ArrayNode entries = bundle.has(hook.event()) ? (ArrayNode) bundle.get(hook.event())
                    : bundle.putArray(hook.event());
            ObjectNode handler = JsonNodeFactory.instance.objectNode().put("type", "command").put("command", hook.command())
                    .put("timeout", hook.timeoutSeconds());
            if (TOOL_EVENTS.contains(hook.event())) {
                ObjectNode group = entries.addObject();
                group.put("matcher", hook.matcher() == null ? "*" : hook.matcher());
                group.putArray("hooks").add(handler);
            } else {
                entries.add(handler);
            }
        }
        return bundle;
    }

    /** Every {@code command} anywhere in a bundle, flat handlers and grouped ones alike. */
    private static List<String> commands(JsonNode bundle) {
        List<String> out = new ArrayList<>();
        bundle.findValues("command").forEach(v -> out.add(v.isTextual() ? v.asText() : v.toString()));
        return out;
    }
}
