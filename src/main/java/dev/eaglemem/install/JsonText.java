package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.shell.ShellWords;

/**
 * Parsing and printing of one agent JSON config file, with every error naming that file. Output matches
 * {@code JSON.stringify(value, null, 2) + "\n"}, which is what Claude Code and Codex write themselves, so a
 * file we touched looks like one they touched.
 */
final class JsonText {

    /** Floats as BigDecimal so a number we merely carry through keeps its precision. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** JavaScript writes the hex digits of escaped control characters in lower case; so do we. */
    private static final ObjectWriter PRETTY = MAPPER.writer(prettyPrinter())
            .without(JsonWriteFeature.WRITE_HEX_UPPER_CASE);

    private final Path file;
    private final String rerun;

    /** @param rerun the command to run once the file is repaired, e.g. {@code eagle-mem install} */
    JsonText(Path file, String rerun) {
        this.file = file;
        this.rerun = rerun;
    }

    Path file() {
        return file;
    }

    /** Blank or missing text is an empty object: the agent treats an absent file the same way. */
    ObjectNode parseObject(String text) {
        if (text == null || text.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String position = at == null ? "" : " line " + at.getLineNr() + ", column " + at.getColumnNr();
            String problem = e.getOriginalMessage().startsWith("Trailing token")
                    ? "more text after the end of the JSON value" : e.getOriginalMessage();
            throw EagleException.invalidInput("malformed JSON in " + file + position + ": " + problem, repairFix());
        }
        if (!(root instanceof ObjectNode object)) {
            throw wrongType("the top level", "a JSON object", root);
        }
        return object;
    }

    static String print(JsonNode root) {
        try {
            return PRETTY.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always serializes", e);
        }
    }

    /** The object under {@code key}, or null when absent; anything else there is an error. */
    ObjectNode objectOrNull(ObjectNode parent, String key, String where) {
        JsonNode node = parent.get(key);
        if (node == null) {
            return null;
        }
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw wrongType(where, "an object", node);
    }

    ArrayNode arrayOrNull(ObjectNode parent, String key, String where) {
        JsonNode node = parent.get(key);
        if (node == null) {
            return null;
        }
        if (node instanceof ArrayNode array) {
            return array;
        }
        throw wrongType(where, "an array", node);
    }

    ObjectNode elementObject(ArrayNode array, int index, String where) {
        if (array.get(index) instanceof ObjectNode object) {
            return object;
        }
        throw wrongType(where, "an object", array.get(index));
    }

    EagleException wrongType(String where, String expected, JsonNode found) {
        return EagleException.invalidInput(
                file + ": " + where + " must be " + expected + ", found " + describe(found), repairFix());
    }

    EagleException unsupported(String problem) {
        return EagleException.invalidInput(file + ": " + problem, repairFix());
    }

    private String repairFix() {
        String quoted = ShellWords.quote(file.toString());
        return "fix the file (jq . " + quoted + " shows what it parses as), then rerun " + rerun;
    }

    private static String describe(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "the string " + node;
            case NULL -> "null";
            case NUMBER -> "the number " + node;
            case BOOLEAN -> node.asText();
            default -> node.getNodeType().name().toLowerCase(Locale.ROOT);
        };
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }
}
