package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.Clip;
import org.junit.jupiter.api.Test;

/** The streaming cut gives exactly what Clip.keep gives for every string, keys included, and leaves the rest alone. */
class ClippingJsonStreamTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] PIECES = { "a", "Z", " ", "é", "€", "𝄞", "😀", "\n", "\"", "\\", "\t", "\u0001", "/", "\ud800",
            "\udc00", "ü" };

    private static JsonNode cut(byte[] json, int maxChars, long ceiling) throws IOException {
        return JSON.readTree(new ClippingJsonStream(new ByteArrayInputStream(json), maxChars, ceiling));
    }

    /** The same tree with every string (and key) as Clip.keep leaves it. */
    private static JsonNode expected(JsonNode node, int maxChars) {
        if (node.isTextual()) {
            return JsonNodeFactory.instance.textNode(Clip.keep(node.textValue(), maxChars));
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> out.add(expected(n, maxChars)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                out.set(Clip.keep(e.getKey(), maxChars), expected(e.getValue(), maxChars));
            }
            return out;
        }
        return node;
    }

    private static String text(Random random, int pieces) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    @Test
    void everyStringIsCutAsClipKeepCutsIt() throws IOException {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 400; round++) {
            int max = random.nextInt(12);
            ObjectNode root = JsonNodeFactory.instance.objectNode();
            root.put("session_id", "s-" + round);
            for (int f = 0; f < 4; f++) {
                root.put(text(random, random.nextInt(8)) + f, text(random, random.nextInt(30)));
            }
            root.putArray("list").add(text(random, random.nextInt(30))).add(42).add(true).addNull();
            root.putObject("nested").put("x", text(random, random.nextInt(30))).put("n", 1.5);
            // Jackson escapes some characters (quotes, controls), writes the rest as raw UTF-8; a hand-escaped
            // surrogate pair and a lone one are the other spellings an agent may send
            String json = root.toString().replace("😀", round % 2 == 0 ? "\\ud83d\\ude00" : "😀").replace("é", "\\u00e9");
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            JsonNode original = JSON.readTree(bytes);
            JsonNode got = cut(bytes, max, Long.MAX_VALUE);
            assertThat(got).as("seed %d, max %d, %s", seed, max, json).isEqualTo(expected(original, max));
        }
    }

    @Test
    void aPayloadWithinTheLimitPassesByteForByte() throws IOException {
        byte[] json = "{\"a\" : [1, 2.5e3, \"x\\u00e9\\\"y\", null],\n \"b\":{\"c\":\"😀\"}}\n".getBytes(StandardCharsets.UTF_8);
        byte[] passed = new ClippingJsonStream(new ByteArrayInputStream(json), 100, 1000).readAllBytes();
        assertThat(passed).isEqualTo(json);
    }

    @Test
    void aLongStringIsCutWithTheMarkerSayingHowMuchWasDropped() throws IOException {
        String big = "x".repeat(5_000_000);
        byte[] json = ("{\"session_id\":\"s\",\"tool_response\":{\"stdout\":\"" + big + "\"},\"tool_use_id\":\"t1\"}")
                .getBytes(StandardCharsets.UTF_8);
        ClippingJsonStream stream = new ClippingJsonStream(new ByteArrayInputStream(json), 1024, 64 * 1024);
        JsonNode node = JSON.readTree(stream);
        assertThat(node.path("tool_response").path("stdout").textValue()).isEqualTo(Clip.keep(big, 1024));
        assertThat(node.path("tool_use_id").textValue()).isEqualTo("t1");
        assertThat(stream.stringsCut()).isEqualTo(1);
        assertThat(stream.bytesIn()).isEqualTo(json.length);
    }

    @Test
    void moreThanTheCeilingInShortFieldsIsRefused() {
        StringBuilder many = new StringBuilder("{\"a\":[");
        for (int i = 0; i < 10_000; i++) {
            many.append("\"0123456789\",");
        }
        many.append("1]}");
        assertThatThrownBy(() -> cut(many.toString().getBytes(StandardCharsets.UTF_8), 100, 64 * 1024))
                .isInstanceOf(ClippingJsonStream.OverCeiling.class);
    }

    @Test
    void aPayloadCutShortStaysInvalid() {
        assertThatThrownBy(() -> cut("{\"a\":\"xyz\\u00".getBytes(StandardCharsets.UTF_8), 2, 1000))
                .isInstanceOf(IOException.class);
    }
}
