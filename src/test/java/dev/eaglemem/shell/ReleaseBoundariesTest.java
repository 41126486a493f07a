package dev.eaglemem.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every row of {@code shell/release-boundaries.txt}: the specification of what counts as a release. */
class ReleaseBoundariesTest {

    private static final String TABLE = "/shell/release-boundaries.txt";

    record Row(String expected, String command) {
        @Override
        public String toString() {
            return command.replace("\n", "⏎") + "  →  " + expected;
        }
    }

    static List<Row> rows() throws IOException {
        try (InputStream in = ReleaseBoundariesTest.class.getResourceAsStream(TABLE)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> {
                        int arrow = line.indexOf(" <- ");
                        return new Row(line.substring(0, arrow).strip(), line.substring(arrow + 4).replace("⏎", "\n"));
                    })
                    .toList();
        }
    }

    static Stream<Arguments> table() throws IOException {
        return rows().stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void detects(Row row) {
        String actual = ReleaseBoundaries.detect(row.command()).map(ReleaseBoundary::kind).orElse("none");
        assertThat(actual).as(row.command()).isEqualTo(row.expected());
    }

    @Test
    void theTableIsLargeAndHasBothSides() throws IOException {
        List<Row> rows = rows();
        assertThat(rows).hasSizeGreaterThanOrEqualTo(70);
        assertThat(rows).filteredOn(r -> r.expected().equals("none")).hasSizeGreaterThanOrEqualTo(30);
        assertThat(rows).filteredOn(r -> !r.expected().equals("none")).hasSizeGreaterThanOrEqualTo(30);
    }

    @Test
    void theBoundaryNamesTheCommandThatPublishes() {
        ReleaseBoundary boundary = ReleaseBoundaries.detect("cd app && env X=1 git -C . push origin main").orElseThrow();
        assertThat(boundary.words()).containsExactly("git", "-C", ".", "push", "origin", "main");
        assertThat(boundary.label()).isEqualTo("git push: git -C . push origin main");
    }

    @Test
    void nothingIsNoBoundary() {
        assertThat(ReleaseBoundaries.detect((String) null)).isEmpty();
        assertThat(ReleaseBoundaries.detect("   ")).isEmpty();
    }
}
