package dev.eaglemem.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.Golden;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One small, real-looking source file per language under {@code src/test/resources/syntax/<language>/}, read by
 * {@link SourceParser}; the result must equal the reviewed {@code <file>.golden.json} beside it. Each file has a doc
 * comment, imports, a type with methods, a top-level function, calls and a nested declaration. Regenerate with
 * {@code -Dgolden.update=true} and review the diff.
 */
class SyntaxGoldenTest {

    private static final Path ROOT = Path.of("src/test/resources/syntax");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SourceParser PARSER = new SourceParser();

    @AfterAll
    static void close() {
        PARSER.close();
    }

    static Stream<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".golden.json")).sorted()
                    .toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void everyLanguageReadsAsReviewed(Path source) throws IOException {
        String path = ROOT.relativize(source).toString().replace('\\', '/');
        ParsedFile parsed = PARSER.parse(path, Files.readString(source, StandardCharsets.UTF_8));

        assertThat(parsed.language()).as("the directory names the language").isEqualTo(source.getParent()
                .getFileName().toString());
        String json = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(parsed) + "\n";
        Path golden = source.resolveSibling(source.getFileName() + ".golden.json");
        Golden.assertMatches(golden, json);
    }
}
