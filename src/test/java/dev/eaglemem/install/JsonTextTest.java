package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.jupiter.api.Test;

class JsonTextTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void printsWhatJavaScriptsStringifyPrints() throws Exception {
        List<JsonNode> trees = new ArrayList<>();
        for (String name : List.of("claude/typical.json", "claude/four-space.json", "claude/compact.json",
                "claude/empty-containers.json", "codex/user-hooks.json")) {
            trees.add(JSON.readTree(Fixtures.read(name)));
        }
        trees.add(JSON.readTree("{\"ctl\":\"\\u001f\\u007f\\b\\f\\r\",\"nested\":[[],{},[{}],\"\\u2028\"],\"slash\":\"a/b\"}"));
        for (long seed = 0; seed < 150; seed++) {
            trees.add(new SettingsTrees(seed, true).claude());
        }
        List<String> expected = stringifyWithNode(trees);
        for (int i = 0; i < trees.size(); i++) {
            assertThat(JsonText.print(trees.get(i))).as("tree %d: %s", i, trees.get(i)).isEqualTo(expected.get(i));
        }
    }

    @Test
    void blankTextIsAnEmptyObject() {
        JsonText text = new JsonText(Path.of("/x.json"), "eagle-mem install");
        assertThat(text.parseObject(null)).isEmpty();
        assertThat(text.parseObject(" \r\n\t")).isEmpty();
        assertThat(JsonText.print(text.parseObject(""))).isEqualTo("{}\n");
    }

    /** {@code JSON.stringify(JSON.parse(x), null, 2) + "\n"} per tree, from one node process. */
    private static List<String> stringifyWithNode(List<JsonNode> trees) throws Exception {
        Process node;
        try {
            node = new ProcessBuilder("node", "-e", """
                    let input = '';
                    process.stdin.on('data', d => input += d);
                    process.stdin.on('end', () => process.stdout.write(JSON.stringify(
                        JSON.parse(input).map(s => JSON.stringify(JSON.parse(s), null, 2) + '\\n'))));
                    """).start();
        } catch (IOException e) {
            assumeTrue(false, "node is not on PATH; skipping the comparison with JSON.stringify");
            throw e;
        }
        ArrayNode input = JSON.createArrayNode();
        trees.forEach(tree -> input.add(tree.toString()));
        try (var stdin = node.getOutputStream()) {
            stdin.write(JSON.writeValueAsBytes(input));
        }
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<String> out = new ArrayList<>();
        JSON.readTree(output).forEach(n -> out.add(n.asText()));
        assertThat(out).hasSameSizeAs(trees);
        return out;
    }
}
