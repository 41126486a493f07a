package dev.eaglemem.config;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;

/** Conversions between typed config values, TOML literals and command-line text. */
public final class ConfigValues {

    private static final TomlMapper TOML = new TomlMapper();

    private ConfigValues() {
    }

    /** A TOML literal for the value: strings quoted and escaped, lists as inline arrays. */
    public static String toToml(Object value) {
        if (value instanceof String s) {
            return quote(s);
        }
        if (value instanceof List<?> list) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "" : ", ").append(toToml(list.get(i)));
            }
            return out.append(']').toString();
        }
        return String.valueOf(value);
    }

    /** Display form for humans: strings unquoted, lists as TOML arrays. */
    public static String display(Object value) {
        return value instanceof String s ? s : toToml(value);
    }

    /** A TOML basic string; TOML quoting, not shell quoting (that is {@code shell.ShellWords.quote}). */
    static String quote(String s) {
        return TomlLines.basicString(s);
    }

    /**
     * Parses what a user typed after {@code config set KEY}: integers and booleans as such, strings
     * as-is (quotes optional), lists as a TOML array ({@code ["a","b"]}) or a single item.
     */
    public static Object parseCli(ConfigKey key, String raw) {
        String text = raw.strip();
        JsonNode node = switch (key.type()) {
            case INT, DECIMAL, BOOL -> tomlLiteral(text);
            case STRING, ENUM -> text.startsWith("\"") || text.startsWith("'") ? tomlLiteral(text) : textNode(raw);
            case STRING_LIST -> text.startsWith("[") ? tomlLiteral(text) : TOML.getNodeFactory().arrayNode().add(raw);
        };
        if (node == null) {
            throw key.invalid("", "\"" + raw + "\"");
        }
        return key.fromToml(node, "");
    }

    private static JsonNode textNode(String raw) {
        return TOML.getNodeFactory().textNode(raw);
    }

    /** The value of a one-line TOML literal, or null when it is not one. */
    private static JsonNode tomlLiteral(String text) {
        if (text.indexOf('\n') >= 0) {
            return null;
        }
        try {
            return TOML.readTree("v = " + text).get("v");
        } catch (IOException e) {
            return null;
        }
    }

    /** Check for llm.base_url: empty, or an http(s) URL. */
    public static String urlProblem(String url) {
        if (url.isEmpty() || url.startsWith("http://") || url.startsWith("https://")) {
            return null;
        }
        return "must be an http:// or https:// URL (or empty for the default)";
    }

    /** Item check for llm.fallback. */
    public static String providerProblem(String provider) {
        return List.of("anthropic", "openai", "ollama", "agent_cli").contains(provider) ? null
                : "'" + provider + "' is not a provider (anthropic, openai, ollama, agent_cli)";
    }

    /** Item check for llm.prices: {@code model=IN/OUT}, dollars per million tokens. */
    public static String priceProblem(String entry) {
        return PRICE.matcher(entry).matches() ? null
                : "'" + entry + "' is not model=IN/OUT in dollars per million tokens, e.g. claude-haiku-4-5=1.00/5.00";
    }

    /** The shape of one llm.prices entry. */
    public static final Pattern PRICE = Pattern
            .compile("\\s*([^=\\s][^=]*?)\\s*=\\s*(\\d+(?:\\.\\d+)?)\\s*/\\s*(\\d+(?:\\.\\d+)?)\\s*");

    /** Item check for regex lists: null when the pattern compiles. */
    public static String regexProblem(String regex) {
        try {
            Pattern.compile(regex);
            return null;
        } catch (PatternSyntaxException e) {
            return "invalid regex '" + regex + "': " + e.getDescription() + " near index " + e.getIndex();
        }
    }

    /** Check for {@code display.timezone}: null for "system" and any zone java.time knows. */
    public static String zoneProblem(String zone) {
        if (ConfigKeys.SYSTEM_ZONE.equals(zone)) {
            return null;
        }
        try {
            ZoneId.of(zone);
            return null;
        } catch (DateTimeException e) {
            return "unknown time zone '" + zone + "' (use system, a region such as Europe/Berlin, UTC, or an offset such"
                    + " as +05:30)";
        }
    }

    /** Check for {@code agents.command}: one line that is not blank. */
    public static String commandProblem(String command) {
        if (command.isBlank() || command.indexOf('\n') >= 0 || command.indexOf('\r') >= 0) {
            return "must be one non-blank line, such as eagle-mem or /home/me/.local/bin/eagle-mem";
        }
        return null;
    }

    static EagleException unknownKey(String name) {
        return EagleException.invalidInput("unknown config key '" + name + "'"
                + Similar.hint(name, ConfigKeys.ALL.stream().map(ConfigKey::name).toList()),
                "eagle-mem config list   (shows every key with its type and default)");
    }
}
