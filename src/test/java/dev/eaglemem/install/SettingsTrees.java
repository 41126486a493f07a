package dev.eaglemem.install;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Random settings.json and hooks.json trees for property tests: the keys the installer touches (hooks, events,
 * groups, handlers, permissions.allow) nested every which way, next to unrelated user keys, in varied formatting.
 */
final class SettingsTrees {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> EVENTS = List.of("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse",
            "Stop", "Notification", "PreCompact");
    private static final List<String> USER_COMMANDS = List.of("python3 ~/.claude/hooks/guard.py", "echo eagle-mem hook",
            "eagle-mem-backup run", "/usr/local/bin/eagle-mem search x", "say \"done ✓\"", "jq -r .tool_name | tee -a log",
            "C:\\\\tools\\\\hook.exe", "");
    private static final List<String> MATCHERS = List.of("Bash", "", "*", "Edit|Write", "startup");
    private static final List<String> RULES = List.of("Bash(ls:*)", "Read(**)", "WebFetch(domain:example.com)");

    private final Random random;
    private final boolean plainNumbers;

    /** @param plainNumbers only numbers that JavaScript prints the same way (for comparing with node) */
    SettingsTrees(long seed, boolean plainNumbers) {
        this.random = new Random(seed);
        this.plainNumbers = plainNumbers;
    }

    ObjectNode claude() {
        ObjectNode root = JSON.createObjectNode();
        for (String key : some(List.of("model", "env", "permissions", "hooks", "statusLine", "cleanupPeriodDays", "x"))) {
            switch (key) {
                case "hooks" -> root.set(key, hooks());
                case "permissions" -> root.set(key, permissions());
                case "model" -> root.put(key, pick(List.of("opus", "sonnet", "claude-sonnet-4-5")));
                default -> root.set(key, value(2));
            }
        }
        return root;
    }

    ObjectNode codex() {
        ObjectNode root = JSON.createObjectNode();
        for (String key : some(List.of("description", "hooks"))) {
            root.set(key, key.equals("hooks") ? hooks() : JSON.getNodeFactory().textNode(text()));
        }
        return root;
    }

    /** The tree as text in one of the formattings users' files come in. */
    String format(JsonNode tree) throws JsonProcessingException {
        return switch (random.nextInt(7)) {
            case 0 -> JsonText.print(tree);
            case 1 -> JSON.writeValueAsString(tree);
            case 2 -> JSON.writeValueAsString(tree) + "\n";
            case 3 -> JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
            case 4 -> indented("    ", "\n").writeValueAsString(tree) + "\n";
            case 5 -> indented("\t", "\r\n").writeValueAsString(tree) + "\r\n";
            default -> JSON.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII).writeValueAsString(tree) + "\n\n";
        };
    }

    private static ObjectWriter indented(String indent, String eol) {
        DefaultIndenter indenter = new DefaultIndenter(indent, eol);
        return JSON.writer(new DefaultPrettyPrinter().withObjectIndenter(indenter).withArrayIndenter(indenter));
    }

    private ObjectNode hooks() {
        ObjectNode hooks = JSON.createObjectNode();
        for (String event : some(EVENTS)) {
            ArrayNode groups = hooks.putArray(event);
            for (int g = random.nextInt(4); g > 0; g--) {
                ObjectNode group = groups.addObject();
                if (random.nextBoolean()) {
                    group.put("matcher", pick(MATCHERS));
                }
                if (random.nextInt(8) == 0) {
                    continue; // a group without "hooks": odd, but not ours to judge
                }
                ArrayNode handlers = group.putArray("hooks");
                for (int h = random.nextInt(4); h > 0; h--) {
                    handlers.add(handler());
                }
            }
        }
        return hooks;
    }

    private ObjectNode handler() {
        ObjectNode handler = JSON.createObjectNode();
        if (random.nextInt(6) == 0) {
            return handler.put("type", "http").put("url", "http://localhost:9/" + random.nextInt(100));
        }
        handler.put("type", "command").put("command", pick(USER_COMMANDS));
        if (random.nextBoolean()) {
            handler.put("timeout", 1 + random.nextInt(600));
        }
        if (random.nextInt(4) == 0) {
            handler.put("async", random.nextBoolean());
        }
        return handler;
    }

    private ObjectNode permissions() {
        ObjectNode permissions = JSON.createObjectNode();
        for (String key : some(List.of("allow", "deny", "defaultMode"))) {
            if (key.equals("defaultMode")) {
                permissions.put(key, "acceptEdits");
                continue;
            }
            ArrayNode rules = permissions.putArray(key);
            List<String> pool = new ArrayList<>(RULES);
            pool.addAll(Fixtures.ALLOW); // the user may have had one of our rules before we came
            for (int i = random.nextInt(4); i > 0; i--) {
                rules.add(pick(pool));
            }
        }
        return permissions;
    }

    private JsonNode value(int depth) {
        int kind = random.nextInt(depth > 0 ? 8 : 6);
        return switch (kind) {
            case 0 -> JSON.getNodeFactory().textNode(text());
            case 1 -> JSON.getNodeFactory().numberNode(random.nextInt(100_000) - 50);
            case 2 -> plainNumbers ? JSON.getNodeFactory().numberNode(0.25)
                    : JSON.getNodeFactory().numberNode(pick(List.of(new BigDecimal("1E+3"), new BigDecimal("0.1"),
                            new BigDecimal("-2.5e-7"))));
            case 3 -> plainNumbers ? JSON.getNodeFactory().booleanNode(true)
                    : JSON.getNodeFactory().numberNode(new BigInteger("123456789012345678901234567890"));
            case 4 -> JSON.getNodeFactory().booleanNode(random.nextBoolean());
            case 5 -> JSON.getNodeFactory().nullNode();
            case 6 -> {
                ArrayNode array = JSON.createArrayNode();
                for (int i = random.nextInt(3); i > 0; i--) {
                    array.add(value(depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = JSON.createObjectNode();
                for (int i = random.nextInt(3); i > 0; i--) {
                    object.set(text(), value(depth - 1));
                }
                yield object;
            }
        };
    }

    private String text() {
        return pick(List.of("", "plain", "ünïcödé ✓", "quote \" and \\ backslash", "tab\tnew\nline", "\u0001ctl",
                "emoji 🦅", "/path/with spaces", "hooks"));
    }

    private List<String> some(List<String> from) {
        List<String> out = new ArrayList<>();
        for (String s : from) {
            if (random.nextInt(3) > 0) {
                out.add(s);
            }
        }
        Collections.shuffle(out, random);
        return out;
    }

    private <T> T pick(List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
