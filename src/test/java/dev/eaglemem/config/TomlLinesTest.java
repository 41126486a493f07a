package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import org.junit.jupiter.api.Test;

/** Where TOML headers and key/value statements are, by line, with their keys decoded. */
class TomlLinesTest {

    private static List<List<String>> paths(TomlLines toml) {
        return toml.statements().stream().map(TomlLines.Statement::path).toList();
    }

    @Test
    void findsHeadersWithDecodedPaths() {
        TomlLines toml = TomlLines.scan("""
                # a comment
                [search]
                [ hooks . state . "/a/b.json:stop:0:0" ] # trailing
                [[profiles]]
                ['lit.eral'."q\\"uote\\u00e9"]
                """);
        assertThat(toml.headers()).extracting(TomlLines.Header::path).containsExactly(List.of("search"),
                List.of("hooks", "state", "/a/b.json:stop:0:0"), List.of("profiles"), List.of("lit.eral", "q\"uoteé"));
        assertThat(toml.headers()).extracting(TomlLines.Header::array).containsExactly(false, false, true, false);
        assertThat(toml.headers()).extracting(TomlLines.Header::line).containsExactly(1, 2, 3, 4);
        assertThat(toml.statements()).isEmpty();
    }

    @Test
    void statementsCarryTheirTablesPathAndDottedKeys() {
        TomlLines toml = TomlLines.scan("""
                top = 1
                store.write_retries = 7
                "quoted key" = "x"

                [search]
                # how many
                limit = 10
                a . "b.c" . d = true
                """);
        assertThat(paths(toml)).containsExactly(List.of("top"), List.of("store", "write_retries"), List.of("quoted key"),
                List.of("search", "limit"), List.of("search", "a", "b.c", "d"));
        assertThat(toml.statements()).extracting(TomlLines.Statement::first).containsExactly(0, 1, 2, 6, 7);
        assertThat(toml.statements().get(0).table()).isNull();
        assertThat(toml.statements().get(3).table()).isSameAs(toml.headers().getFirst());
    }

    @Test
    void valueStartAndTrailingCommentColumnsIgnoreHashesInStrings() {
        TomlLines toml = TomlLines.scan("name = \"a#b\" # real\nplain = 'c#d'\nbare=1#x\n");
        TomlLines.Statement name = toml.statements().get(0);
        assertThat(name.valueStart()).isEqualTo("name =".length());
        assertThat(name.comment()).isEqualTo("name = \"a#b\" ".length());
        assertThat(toml.statements().get(1).comment()).isEqualTo(-1);
        TomlLines.Statement bare = toml.statements().get(2);
        assertThat(bare.valueStart()).isEqualTo("bare=".length());
        assertThat(bare.comment()).isEqualTo("bare=1".length());
    }

    @Test
    void multiLineValuesSpanTheirLines() {
        String text = """
                list = [
                  "a]", # a comment with ] and "
                  'b[',
                ] # end
                doc = \"""
                [not a header]
                x = not a statement
                he said "hi\"""\"
                lit = '''
                it's # not a comment
                '''
                esc = \"""one \\\""" two\"""
                after = { a = 1, b = [1, 2] }
                """;
        TomlLines toml = TomlLines.scan(text);
        assertThat(paths(toml)).containsExactly(List.of("list"), List.of("doc"), List.of("lit"), List.of("esc"),
                List.of("after"));
        assertThat(toml.statements()).extracting(TomlLines.Statement::first).containsExactly(0, 4, 8, 11, 12);
        assertThat(toml.statements()).extracting(TomlLines.Statement::last).containsExactly(3, 7, 10, 11, 12);
        assertThat(toml.statements().getFirst().comment()).isEqualTo(2);
        assertThat(toml.headers()).isEmpty();
        // the fixture is real TOML: what the scanner calls a statement, the parser calls a key
        JsonNode parsed = parse(text);
        assertThat(parsed.get("doc").asText()).isEqualTo("[not a header]\nx = not a statement\nhe said \"hi\"");
        assertThat(parsed.get("esc").asText()).isEqualTo("one \"\"\" two");
    }

    @Test
    void aTableEndsAtItsLastStatement() {
        TomlLines toml = TomlLines.scan("""
                [empty]

                [search]
                limit = [
                  1,
                ]
                # trailing comment, not part of the table's statements

                [next]
                """);
        assertThat(toml.tableEnd(toml.headers().get(0))).isEqualTo(0);
        assertThat(toml.tableEnd(toml.headers().get(1))).isEqualTo(5);
        assertThat(toml.tableEnd(toml.headers().get(2))).isEqualTo(8);
    }

    @Test
    void linesKeepCarriageReturnsAndReportTheFilesLineEnding() {
        TomlLines crlf = TomlLines.scan("[search]\r\nlimit = 10 # c\r\n");
        assertThat(crlf.carriageReturn()).isEqualTo("\r");
        assertThat(crlf.lines()).containsExactly("[search]\r", "limit = 10 # c\r", "");
        assertThat(crlf.statements().getFirst().path()).containsExactly("search", "limit");
        assertThat(TomlLines.scan("a = 1\n").carriageReturn()).isEmpty();
        assertThat(TomlLines.scan("").carriageReturn()).isEmpty();
    }

    @Test
    void keysAreBareWhenTheyCanBeAndQuotedOtherwise() {
        assertThat(TomlLines.key("limit_2-x")).isEqualTo("limit_2-x");
        assertThat(TomlLines.key("a.b")).isEqualTo("\"a.b\"");
        assertThat(TomlLines.key("with space")).isEqualTo("\"with space\"");
        assertThat(TomlLines.key("")).isEqualTo("\"\"");
        assertThat(TomlLines.key("é")).isEqualTo("\"é\"");
    }

    @Test
    void basicStringsEscapeWhatTomlRequires() {
        String nasty = "q\" b\\ n\n t\t r\r bell\u0007 del\u007f é";
        String literal = TomlLines.basicString(nasty);
        assertThat(literal).isEqualTo("\"q\\\" b\\\\ n\\n t\\t r\\r bell\\u0007 del\\u007F é\"");
        assertThat(parse("v = " + literal).get("v").asText()).isEqualTo(nasty);
        assertThat(parse(TomlLines.key("odd \"key\"") + " = 1").has("odd \"key\"")).isTrue();
    }

    @Test
    void aLineThatIsNeitherHeaderNorStatementIsAClearError() {
        assertThatThrownBy(() -> TomlLines.scan("[search]\nthis is not toml\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("not a TOML key/value line: this is not toml");
        assertThatThrownBy(() -> TomlLines.scan("[\n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a TOML key is missing in: [");
    }

    private static JsonNode parse(String text) {
        try {
            return new TomlMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError("not TOML: " + text, e);
        }
    }
}
