package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** One key set in TOML text, every other byte left alone. */
class TomlEditorTest {

    private static final String USER_FILE = """
            # eagle-mem settings, hand-written
            title = "mine" # a root key

            [search]
            # how many hits
              limit   =   10   # default was fine
            other = "keep # this"

            [future]          # a table eagle-mem does not know
            thing = [
              1, # one
              2,
            ]

            [search.deep]
            x = 1
            """;

    @Test
    void replacingAValueKeepsIndentKeySpellingCommentsAndUnknownKeys() {
        String after = TomlEditor.set(USER_FILE, "search", "limit", "30");
        assertThat(after)
                .isEqualTo(USER_FILE.replace("  limit   =   10   # default was fine", "  limit = 30 # default was fine"));
    }

    @Test
    void aQuotedKeyIsFoundByItsDecodedNameAndKeepsItsSpelling() {
        String text = "[\"search\"]\n'limit' = 1\n";
        assertThat(TomlEditor.set(text, "search", "limit", "2")).isEqualTo("[\"search\"]\n'limit' = 2\n");
    }

    @Test
    void aMultiLineValueBecomesOneLineAndKeepsTheCommentOnItsLastLine() {
        String after = TomlEditor.set(USER_FILE, "future", "thing", "[3]");
        assertThat(after).contains("[future]          # a table eagle-mem does not know\nthing = [3]\n\n[search.deep]");
        assertThat(after).doesNotContain("# one");
        String commented = TomlEditor.set("[a]\nb = [\n  1,\n] # end\nc = 2\n", "a", "b", "[]");
        assertThat(commented).isEqualTo("[a]\nb = [] # end\nc = 2\n");
    }

    @Test
    void aNewKeyGoesRightAfterTheTablesLastStatement() {
        String after = TomlEditor.set(USER_FILE, "search", "new_key", "true");
        assertThat(after).isEqualTo(USER_FILE.replace("other = \"keep # this\"\n", "other = \"keep # this\"\nnew_key = true\n"));
        // a table that only has its header: the key goes right under it
        assertThat(TomlEditor.set("[a]\n# note\n\n[b]\n", "a", "k", "1")).isEqualTo("[a]\nk = 1\n# note\n\n[b]\n");
    }

    @Test
    void aSectionMadeOfRootDottedKeysGetsAnotherDottedKeyNotAHeader() {
        String text = "search.limit = 3\nsearch.other = 1\nx = 2\n";
        assertThat(TomlEditor.set(text, "search", "limit", "4")).isEqualTo("search.limit = 4\nsearch.other = 1\nx = 2\n");
        assertThat(TomlEditor.set(text, "search", "extra", "5"))
                .isEqualTo("search.limit = 3\nsearch.other = 1\nsearch.extra = 5\nx = 2\n");
    }

    @Test
    void aMissingSectionIsAppendedAfterABlankLine() {
        assertThat(TomlEditor.set("", "search", "limit", "5")).isEqualTo("[search]\nlimit = 5\n");
        assertThat(TomlEditor.set("a = 1\n", "search", "limit", "5")).isEqualTo("a = 1\n\n[search]\nlimit = 5\n");
        assertThat(TomlEditor.set("a = 1", "search", "limit", "5")).isEqualTo("a = 1\n\n[search]\nlimit = 5\n");
        // only a sub-table exists: the parent table is a new header (valid TOML: a super-table may come later)
        String after = TomlEditor.set("[search.deep]\nx = 1\n", "search", "limit", "5");
        assertThat(after).isEqualTo("[search.deep]\nx = 1\n\n[search]\nlimit = 5\n");
        assertThat(parse(after).get("search").get("limit").asInt()).isEqualTo(5);
    }

    @Test
    void sectionsAndKeysThatAreNotBareAreQuoted() {
        String after = TomlEditor.set("", "my section", "a.b", "1");
        assertThat(after).isEqualTo("[\"my section\"]\n\"a.b\" = 1\n");
        assertThat(parse(after).get("my section").get("a.b").asInt()).isEqualTo(1);
        // and found again by name
        assertThat(TomlEditor.set(after, "my section", "a.b", "2")).isEqualTo("[\"my section\"]\n\"a.b\" = 2\n");
        assertThat(TomlEditor.set(after, "my section", "c d", "3")).isEqualTo("[\"my section\"]\n\"a.b\" = 1\n\"c d\" = 3\n");
    }

    @Test
    void stringValuesRoundTripThroughTheParser() {
        String nasty = "say \"hi\" \\ # not a comment\n\ttab";
        String after = TomlEditor.set(USER_FILE, "search", "other", TomlLines.basicString(nasty));
        JsonNode parsed = parse(after);
        assertThat(parsed.get("search").get("other").asText()).isEqualTo(nasty);
        assertThat(after).contains("other = " + TomlLines.basicString(nasty) + "\n");
    }

    @ParameterizedTest
    @ValueSource(strings = { "limit", "other", "new_key" })
    void onlyTheEditedKeyChangesWhenParsed(String key) {
        Map<String, JsonNode> before = flatten(parse(USER_FILE));
        Map<String, JsonNode> after = flatten(parse(TomlEditor.set(USER_FILE, "search", key, "42")));
        assertThat(after.remove("search." + key).asInt()).isEqualTo(42);
        before.remove("search." + key);
        assertThat(after).isEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(strings = { "limit", "other", "new_key" })
    void settingTheSameValueTwiceChangesNothingTheSecondTime(String key) {
        String once = TomlEditor.set(USER_FILE, "search", key, "\"v\"");
        assertThat(TomlEditor.set(once, "search", key, "\"v\"")).isEqualTo(once);
        String fresh = TomlEditor.set("", "new", key, "1");
        assertThat(TomlEditor.set(fresh, "new", key, "1")).isEqualTo(fresh);
    }

    @Test
    void crlfFilesKeepCrlfOnEditedAndInsertedLines() {
        String text = "[search]\r\nlimit = 10 # c\r\n";
        assertThat(TomlEditor.set(text, "search", "limit", "20")).isEqualTo("[search]\r\nlimit = 20 # c\r\n");
        assertThat(TomlEditor.set(text, "search", "extra", "1")).isEqualTo("[search]\r\nlimit = 10 # c\r\nextra = 1\r\n");
        assertThat(TomlEditor.set("search.limit = 1\r\n", "search", "x", "2")).isEqualTo("search.limit = 1\r\nsearch.x = 2\r\n");
    }

    @Test
    void crlfFilesKeepCrlfWhenASectionIsAppended() {
        assertThat(TomlEditor.set("a = 1\r\n", "search", "limit", "5")).isEqualTo("a = 1\r\n\r\n[search]\r\nlimit = 5\r\n");
    }

    @Test
    void textThatIsNotTomlIsAClearErrorNotASilentEdit() {
        assertThatThrownBy(() -> TomlEditor.set("[search]\nthis is not toml\n", "search", "limit", "1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a TOML key/value line: this is not toml");
    }

    @Test
    void configSetOnAMalformedFileNamesTheLineAndLeavesTheFileAlone(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("config.toml");
        String broken = "# mine\n[search]\nlimit = 10\nthis is not toml\n";
        Files.writeString(file, broken);
        assertThatThrownBy(() -> ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 20L))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).startsWith("malformed TOML in " + file + " line 4");
                    assertThat(e.fix()).contains(file + ".bak");
                });
        assertThat(Files.readString(file)).isEqualTo(broken);
    }

    private static JsonNode parse(String text) {
        try {
            return new TomlMapper().readTree(text);
        } catch (IOException e) {
            throw new AssertionError("not TOML:\n" + text, e);
        }
    }

    private static Map<String, JsonNode> flatten(JsonNode root) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        flattenInto("", root, out);
        return out;
    }

    private static void flattenInto(String prefix, JsonNode node, Map<String, JsonNode> out) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getValue().isObject()) {
                flattenInto(prefix + field.getKey() + ".", field.getValue(), out);
            } else {
                out.put(prefix + field.getKey(), field.getValue());
            }
        }
    }
}
