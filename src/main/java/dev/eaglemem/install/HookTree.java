package dev.eaglemem.install;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The {@code hooks → <Event> → [matcher group] → hooks → [handler]} tree that Claude Code's settings.json and
 * Codex's hooks.json share. Only handlers whose command the caller calls ours are ever touched; a group or
 * event array is dropped only when our edit emptied it.
 */
final class HookTree {

    /** A handler found in the file. Edits act on these exact nodes, so identity matters, not equality. */
    private record Found(String event, ArrayNode groups, ObjectNode group, ArrayNode handlers, ObjectNode handler,
            String command, String matcher, boolean ours, boolean groupOurs) {
    }

    /** {@code partner[i]} is the handler that stands for the i-th wanted registration, or null when it is missing. */
    private record Pairing(Found[] partner, List<Found> extra) {
    }

    /** Pairing preference: the exact handler, then ours for the same command or matcher (stale), then any of ours. */
    private static final List<BiPredicate<HookRegistration, Found>> PREFERENCE = List.of(
            (d, f) -> d.command().equals(f.command()) && Objects.equals(d.matcher(), f.matcher()),
            (d, f) -> d.command().equals(f.command()),
            (d, f) -> Objects.equals(d.matcher(), f.matcher()),
            (d, f) -> true);

    /** The handler fields we write; any other key on our handler belongs to the user. */
    private static final List<String> OWN_FIELDS = List.of("type", "command", "timeout", "async", "statusMessage");

    private final JsonText json;
    private final Function<HookRegistration, ObjectNode> handlerFor;

    HookTree(JsonText json, Function<HookRegistration, ObjectNode> handlerFor) {
        this.json = json;
        this.handlerFor = handlerFor;
    }

    /**
     * Makes our handlers exactly {@code wanted}: a handler already there is kept in place (and brought up to date
     * when its path, timeout or matcher changed), a missing one is appended as its own group after the user's,
     * and ours that are no longer wanted (duplicates, moved binaries, dropped events) are removed.
     */
    void reconcile(ObjectNode root, List<HookRegistration> wanted, Predicate<String> isOurs) {
        List<Found> found = scan(root, isOurs);
        Map<ArrayNode, String> filled = filledEventArrays(root);
        Pairing pairing = pair(found, wanted);
        pairing.extra().forEach(HookTree::removeHandler);
        List<HookRegistration> append = new ArrayList<>();
        for (int i = 0; i < wanted.size(); i++) {
            HookRegistration want = wanted.get(i);
            Found have = pairing.partner()[i];
            if (have == null) {
                append.add(want);
            } else if (Objects.equals(have.matcher(), want.matcher())) {
                update(have, want);
            } else if (have.handlers().size() == 1) {
                setMatcher(have.group(), want.matcher());
                update(have, want);
            } else {
                // the group holds other handlers too; changing its matcher would change theirs
                removeHandler(have);
                append.add(want);
            }
        }
        for (HookRegistration want : append) {
            ObjectNode hooks = root.get("hooks") instanceof ObjectNode existing ? existing : root.putObject("hooks");
            ArrayNode groups = hooks.get(want.event()) instanceof ArrayNode existing ? existing
                    : hooks.putArray(want.event());
            groups.add(group(want));
        }
        dropEmptied(root, filled, null);
    }

    /** Removes every handler of ours; containers we emptied go too, unless {@code beforeInstall} had them empty. */
    void prune(ObjectNode root, Predicate<String> isOurs, ObjectNode beforeInstall) {
        List<Found> found = scan(root, isOurs);
        Map<ArrayNode, String> filled = filledEventArrays(root);
        found.stream().filter(Found::ours).forEach(HookTree::removeHandler);
        dropEmptied(root, filled, beforeInstall);
    }

    /** Human lines describing how our handlers differ from {@code expected}; empty when they match. */
    List<String> drift(ObjectNode root, List<HookRegistration> expected, Predicate<String> isOurs) {
        Pairing pairing = pair(scan(root, isOurs), expected);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            HookRegistration want = expected.get(i);
            Found have = pairing.partner()[i];
            if (have == null) {
                lines.add(where(want.event(), want.matcher()) + ": \"" + want.command() + "\" is not registered");
                continue;
            }
            List<String> differences = differences(have, want);
            if (!differences.isEmpty()) {
                lines.add(where(have.event(), have.matcher()) + ": \"" + have.command()
                        + "\" differs from what eagle-mem registers: " + String.join(", ", differences));
            }
        }
        for (Found extra : pairing.extra()) {
            boolean duplicate = expected.stream()
                    .anyMatch(e -> e.event().equals(extra.event()) && e.command().equals(extra.command()));
            lines.add(where(extra.event(), extra.matcher()) + ": \"" + extra.command() + "\" "
                    + (duplicate ? "is registered more than once" : "is an eagle-mem hook that is no longer registered"));
        }
        return lines;
    }

    /** Checks the shape of the whole tree (the agent would reject a broken one too) and lists its handlers. */
    private List<Found> scan(ObjectNode root, Predicate<String> isOurs) {
        ObjectNode hooks = json.objectOrNull(root, "hooks", "\"hooks\"");
        if (hooks == null) {
            return List.of();
        }
        List<Found> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : hooks.properties()) {
            String event = entry.getKey();
            if (!(entry.getValue() instanceof ArrayNode groups)) {
                throw json.wrongType("hooks." + event, "an array of matcher groups", entry.getValue());
            }
            for (int g = 0; g < groups.size(); g++) {
                String where = "hooks." + event + "[" + g + "]";
                ObjectNode group = json.elementObject(groups, g, where);
                ArrayNode handlers = json.arrayOrNull(group, "hooks", where + ".hooks");
                if (handlers != null) {
                    out.addAll(scanGroup(event, groups, group, handlers, where, isOurs));
                }
            }
        }
        return out;
    }

    private List<Found> scanGroup(String event, ArrayNode groups, ObjectNode group, ArrayNode handlers, String where,
            Predicate<String> isOurs) {
        String matcher = text(group.get("matcher"));
        List<String> commands = new ArrayList<>();
        for (int h = 0; h < handlers.size(); h++) {
            JsonNode command = json.elementObject(handlers, h, where + ".hooks[" + h + "]").get("command");
            commands.add(command != null && command.isTextual() ? command.asText() : null);
        }
        boolean groupOurs = !commands.isEmpty() && commands.stream().allMatch(c -> c != null && isOurs.test(c));
        List<Found> out = new ArrayList<>();
        for (int h = 0; h < handlers.size(); h++) {
            String command = commands.get(h);
            boolean ours = command != null && isOurs.test(command);
            out.add(new Found(event, groups, group, handlers, (ObjectNode) handlers.get(h), command, matcher, ours,
                    groupOurs));
        }
        return out;
    }

    private static Pairing pair(List<Found> found, List<HookRegistration> wanted) {
        List<Found> ours = found.stream().filter(Found::ours).toList();
        Set<Found> claimed = Collections.newSetFromMap(new IdentityHashMap<>());
        Found[] partner = new Found[wanted.size()];
        for (BiPredicate<HookRegistration, Found> preferred : PREFERENCE) {
            for (int i = 0; i < wanted.size(); i++) {
                if (partner[i] != null) {
                    continue;
                }
                HookRegistration want = wanted.get(i);
                for (Found f : ours) {
                    if (!claimed.contains(f) && f.event().equals(want.event()) && preferred.test(want, f)) {
                        partner[i] = f;
                        claimed.add(f);
                        break;
                    }
                }
            }
        }
        List<Found> extra = ours.stream().filter(f -> !claimed.contains(f)).toList();
        return new Pairing(partner, extra);
    }

    /** Sets our fields in place; keys the user added to our handler (e.g. {@code shell}) stay. */
    private void update(Found have, HookRegistration want) {
        ObjectNode desired = handlerFor.apply(want);
        for (String field : OWN_FIELDS) {
            JsonNode value = desired.get(field);
            if (value == null) {
                have.handler().remove(field);
            } else if (!value.equals(have.handler().get(field))) {
                have.handler().set(field, value);
            }
        }
    }

    private ObjectNode group(HookRegistration want) {
        ObjectNode group = JsonNodeFactory.instance.objectNode();
        if (want.matcher() != null) {
            group.put("matcher", want.matcher());
        }
        group.putArray("hooks").add(handlerFor.apply(want));
        return group;
    }

    /** Rewrites the group in place with the matcher first, as in the groups we create. */
    private static void setMatcher(ObjectNode group, String matcher) {
        Map<String, JsonNode> others = new LinkedHashMap<>();
        group.properties().forEach(e -> others.put(e.getKey(), e.getValue()));
        others.remove("matcher");
        group.removeAll();
        if (matcher != null) {
            group.put("matcher", matcher);
        }
        others.forEach(group::set);
    }

    private static void removeHandler(Found f) {
        int at = indexOf(f.handlers(), f.handler());
        if (at < 0) {
            return;
        }
        f.handlers().remove(at);
        if (f.handlers().isEmpty() && f.groupOurs()) {
            int group = indexOf(f.groups(), f.group());
            if (group >= 0) {
                f.groups().remove(group);
            }
        }
    }

    private static int indexOf(ArrayNode array, JsonNode node) {
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i) == node) {
                return i;
            }
        }
        return -1;
    }

    /** Event arrays that hold something now, so we can tell later which ones our edit emptied. */
    private static Map<ArrayNode, String> filledEventArrays(ObjectNode root) {
        Map<ArrayNode, String> filled = new IdentityHashMap<>();
        if (root.get("hooks") instanceof ObjectNode hooks) {
            hooks.properties().forEach(e -> {
                if (e.getValue() instanceof ArrayNode groups && !groups.isEmpty()) {
                    filled.put(groups, e.getKey());
                }
            });
        }
        return filled;
    }

    private static void dropEmptied(ObjectNode root, Map<ArrayNode, String> filled, ObjectNode beforeInstall) {
        if (!(root.get("hooks") instanceof ObjectNode hooks)) {
            return;
        }
        Set<String> emptied = new LinkedHashSet<>();
        filled.forEach((groups, event) -> {
            if (groups.isEmpty() && hooks.get(event) == groups && !emptyIn(beforeInstall, "hooks", event)) {
                emptied.add(event);
            }
        });
        hooks.remove(emptied);
        if (hooks.isEmpty() && !filled.isEmpty() && !emptyIn(beforeInstall, "hooks")) {
            root.remove("hooks");
        }
    }

    /** True when the tree had an empty object or array at that path: the user's own, so it stays. */
    static boolean emptyIn(JsonNode tree, String... path) {
        JsonNode node = tree;
        for (String key : path) {
            if (node == null || !node.isObject()) {
                return false;
            }
            node = node.get(key);
        }
        return node != null && node.isContainerNode() && node.isEmpty();
    }

    private List<String> differences(Found have, HookRegistration want) {
        List<String> out = new ArrayList<>();
        if (!Objects.equals(have.matcher(), want.matcher())) {
            out.add("matcher " + quoted(have.matcher()) + " (expected " + quoted(want.matcher()) + ")");
        }
        ObjectNode desired = handlerFor.apply(want);
        for (String field : OWN_FIELDS) {
            JsonNode is = have.handler().get(field);
            JsonNode should = desired.get(field);
            if (!Objects.equals(is, should)) {
                out.add(field + " " + (is == null ? "absent" : is.toString()) + " (expected "
                        + (should == null ? "absent" : should.toString()) + ")");
            }
        }
        return out;
    }

    private static String where(String event, String matcher) {
        return matcher == null ? event : event + " (matcher \"" + matcher + "\")";
    }

    private static String quoted(String matcher) {
        return matcher == null ? "none" : "\"" + matcher + "\"";
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.isTextual() ? node.asText() : node.toString();
    }
}
