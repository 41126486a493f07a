package dev.eaglemem.syntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceParserTest {

    private static final SourceParser PARSER = new SourceParser();

    @AfterAll
    static void close() {
        PARSER.close();
    }

    @Test
    void aFunctionOverTheLineCapIsSplitIntoPartsThatKeepItsName() {
        String body = IntStream.range(0, 300).mapToObj(i -> "        total += " + i + ";")
                .collect(Collectors.joining("\n"));
        String source = "class Big {\n    int run() {\n        int total = 0;\n" + body + "\n        return total;\n    }\n}\n";

        ParsedFile parsed = PARSER.parse("src/Big.java", source);

        List<CodeChunk> parts = parsed.chunks().stream().filter(c -> "Big.run".equals(c.name())).toList();
        assertThat(parts).hasSize(3); // 304 lines in three parts of at most 120, about equal
        assertThat(parts).allSatisfy(c -> {
            assertThat(c.kind()).isEqualTo("method");
            assertThat(c.endLine() - c.startLine() + 1).isLessThanOrEqualTo(ChunkSizes.MAX_LINES);
        });
        assertThat(parts.getFirst().startLine()).isEqualTo(2);
        assertThat(parts.getLast().endLine()).isEqualTo(305);
        assertCovers(source, parsed);
    }

    @Test
    void aFunctionOverTheCharacterCapIsSplitBeforeItReachesTheLineCap() {
        String line = "        x = \"" + "a".repeat(180) + "\"";
        String body = IntStream.range(0, 60).mapToObj(i -> line).collect(Collectors.joining("\n"));
        String source = "def wide():\n" + body + "\n";

        ParsedFile parsed = PARSER.parse("wide.py", source);

        assertThat(parsed.chunks()).hasSizeGreaterThan(1).allSatisfy(c -> {
            assertThat(c.name()).isEqualTo("wide");
            assertThat(c.text().length()).isLessThanOrEqualTo(ChunkSizes.MAX_CHARS);
        });
        assertCovers(source, parsed);
    }

    @Test
    void plainTextIsReadInWindows() {
        String source = IntStream.rangeClosed(1, 150).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));

        ParsedFile parsed = PARSER.parse("docs/notes.md", source);

        assertThat(parsed.language()).isEqualTo("text");
        assertThat(parsed.chunks()).extracting(CodeChunk::startLine, CodeChunk::endLine, CodeChunk::kind)
                .containsExactly(tuple(1, 60, "window"),
                        tuple(61, 120, "window"),
                        tuple(121, 150, "window"));
        assertThat(parsed.declarations()).isEmpty();
        assertThat(parsed.imports()).isEmpty();
        assertThat(parsed.calls()).isEmpty();
    }

    @Test
    void proseUnderACodeExtensionFallsBackToWindows() {
        String source = """
                Dear team,
                the build on Friday failed because somebody renamed the checkout module again!
                Please (really) stop doing that; it costs us hours every time -- thanks :)
                Regards, ops
                """;

        ParsedFile parsed = PARSER.parse("src/Notes.java", source);

        assertThat(parsed.language()).isEqualTo("text");
        assertThat(parsed.chunks()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo("window");
            assertThat(c.startLine()).isEqualTo(1);
            assertThat(c.endLine()).isEqualTo(4);
        });
        assertThat(parsed.declarations()).isEmpty();
    }

    @Test
    void aSingleSyntaxErrorKeepsTheRestOfTheFile() {
        String source = """
                class Cart {
                    int total() {
                        return 1 +;
                    }

                    void clear() {
                        items.clear();
                    }
                }
                """;

        ParsedFile parsed = PARSER.parse("Cart.java", source);

        assertThat(parsed.language()).isEqualTo("java");
        assertThat(parsed.declarations()).extracting(Declaration::qualifiedName).contains("Cart", "Cart.clear");
    }

    @Test
    void anEmptyFileHasNothing() {
        for (String empty : List.of("", "\n")) {
            ParsedFile parsed = PARSER.parse("src/Empty.java", empty);
            assertThat(parsed.language()).isEqualTo("java");
            assertThat(parsed.chunks()).isEmpty();
            assertThat(parsed.declarations()).isEmpty();
        }
        assertThat(PARSER.parse("notes.txt", "").chunks()).isEmpty();
        assertThat(PARSER.parse("blank.py", "\n\n   \n").chunks()).isEmpty();
    }

    @Test
    void aFileOfOnlyImportsHasImportsAndNoChunks() {
        String source = """
                package shop;

                import java.util.List;
                import java.util.Map;
                """;

        ParsedFile parsed = PARSER.parse("shop/package-info.java", source);

        assertThat(parsed.chunks()).isEmpty();
        assertThat(parsed.imports()).containsExactly(new Reference("java.util.List", 3),
                new Reference("java.util.Map", 4));
    }

    @Test
    void crlfLineEndingsKeepTheLineNumbersAndTheTextAsWritten() {
        String lf = """
                import os

                def first():
                    return os.sep


                def second():
                    return first()
                """;
        String crlf = lf.replace("\n", "\r\n");

        ParsedFile unix = PARSER.parse("a.py", lf);
        ParsedFile windows = PARSER.parse("a.py", crlf);

        assertThat(windows.declarations()).isEqualTo(unix.declarations());
        assertThat(windows.calls()).isEqualTo(unix.calls());
        assertThat(windows.chunks()).extracting(CodeChunk::startLine, CodeChunk::endLine)
                .isEqualTo(unix.chunks().stream().map(c -> tuple(c.startLine(),
                        c.endLine())).toList());
        assertThat(windows.chunks().getFirst().text()).isEqualTo("def first():\r\n    return os.sep");
        assertCovers(crlf, windows);
    }

    @Test
    void aMinifiedLineIsCutIntoPiecesWithinTheCap() {
        StringBuilder minified = new StringBuilder();
        for (int i = 0; minified.length() < 500_000; i++) {
            minified.append("function f").append(i).append("(a){return a.map(function(b){return b*").append(i)
                    .append("})}var v").append(i).append("=f").append(i).append("([1,2,3]);");
        }
        String line = minified.toString();

        ParsedFile parsed = PARSER.parse("dist/app.min.js", line + "\n");

        assertThat(parsed.chunks()).hasSizeGreaterThan(80).allSatisfy(c -> {
            assertThat(c.startLine()).isEqualTo(1);
            assertThat(c.endLine()).isEqualTo(1);
            assertThat(c.text().length()).isLessThanOrEqualTo(ChunkSizes.MAX_CHARS);
        });
        assertThat(parsed.chunks().stream().map(CodeChunk::text).collect(Collectors.joining())).isEqualTo(line);
        assertThat(parsed.chunks().getFirst().text()).endsWith(";"); // cut after a statement, not mid-word
    }

    @Test
    void nonAsciiTextKeepsLinesAndNamesRight() {
        String source = """
                # Größen und Preise — 价格 🛒
                EMOJI = "🛒🛒🛒"


                def prüfe_größe(wert):
                    \"\"\"Prüft die Größe: ≤ 10 ✓\"\"\"
                    return berechne(wert) <= 10


                class Einkaufswagen:
                    def summe(self):
                        return 税金(self) + "€"
                """;

        ParsedFile parsed = PARSER.parse("preise.py", source);

        assertThat(parsed.declarations()).extracting(Declaration::qualifiedName, Declaration::startLine,
                Declaration::endLine).containsExactly(
                        tuple("EMOJI", 2, 2),
                        tuple("prüfe_größe", 5, 7),
                        tuple("Einkaufswagen", 10, 12),
                        tuple("Einkaufswagen.summe", 11, 12));
        assertThat(parsed.calls()).containsExactly(new Reference("berechne", 7), new Reference("税金", 12));
        assertThat(parsed.chunks()).filteredOn(c -> "prüfe_größe".equals(c.name())).singleElement()
                .extracting(CodeChunk::text).asString().startsWith("def prüfe_größe(wert):").endsWith("<= 10");
        assertCovers(source, parsed);
    }

    @Test
    void parsesFromSeveralThreadsMatchOneThread() throws Exception {
        List<Path> sources = samples();
        List<ParsedFile> expected = new ArrayList<>();
        for (Path source : sources) {
            expected.add(parse(PARSER, source));
        }
        try (SourceParser shared = new SourceParser()) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<ParsedFile>>> runs = new ArrayList<>();
                for (int thread = 0; thread < 4; thread++) {
                    runs.add(pool.submit(() -> {
                        List<ParsedFile> last = null;
                        for (int round = 0; round < 25; round++) {
                            List<ParsedFile> results = new ArrayList<>();
                            for (Path source : sources) {
                                results.add(parse(shared, source));
                            }
                            last = results;
                        }
                        return last;
                    }));
                }
                for (Future<List<ParsedFile>> run : runs) {
                    assertThat(run.get()).isEqualTo(expected);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void everySampleIsCoveredByOrderedChunksThatAreItsOwnLines() throws IOException {
        for (Path source : samples()) {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            assertCovers(text, parse(PARSER, source));
        }
    }

    @ParameterizedTest
    @CsvSource({
            "a/Cart.java, '', java", "Cart.kt, '', kotlin", "build.gradle.kts, '', kotlin", "x.py, '', python",
            "x.pyi, '', python", "x.js, '', javascript", "x.mjs, '', javascript", "x.cjs, '', javascript",
            "x.jsx, '', javascript", "x.ts, '', typescript", "x.mts, '', typescript", "x.cts, '', typescript",
            "x.tsx, '', tsx", "x.go, '', go", "x.rs, '', rust", "x.rb, '', ruby", "tasks/db.rake, '', ruby",
            "Rakefile, '', ruby", "sub/Gemfile, '', ruby", "x.c, '', c", "x.h, '', c", "x.cc, '', cpp",
            "x.cpp, '', cpp", "x.cxx, '', cpp", "x.hpp, '', cpp", "x.hh, '', cpp", "x.hxx, '', cpp", "x.cs, '', csharp",
            "x.php, '', php", "x.sh, '', shell", "x.bash, '', shell", "README.md, '', text", "Makefile, '', text",
            "bin/deploy, '#!/bin/bash', shell", "bin/run, '#!/usr/bin/env sh', shell",
            "bin/tool, '#!/usr/bin/env python3', python", "bin/tool, '#!/usr/local/bin/python3.12 -u', python",
            "bin/serve, '#!/usr/bin/env -S node --no-warnings', javascript", "bin/task, '#!/usr/bin/ruby -w', ruby",
            "bin/perl, '#!/usr/bin/perl', text", "bin/odd, '# no shebang', text", "X.JAVA, '', java"
    })
    void languagesByExtensionNameAndShebang(String path, String firstLine, String language) {
        assertThat(PARSER.parse(path, firstLine + "\n").language()).isEqualTo(language);
    }

    @Test
    void aClosedParserRefusesWork() {
        SourceParser parser = new SourceParser();
        parser.parse("a.go", "package a\n");
        parser.close();
        assertThatThrownBy(() -> parser.parse("a.go", "package a\n")).isInstanceOf(IllegalStateException.class);
    }

    /** Chunks in file order, never overlapping, each exactly its lines of the file (or pieces of one long line). */
    static void assertCovers(String text, ParsedFile parsed) {
        Lines lines = new Lines(text);
        int previousEnd = 0;
        StringBuilder pieces = new StringBuilder();
        int piecesLine = 0;
        for (CodeChunk chunk : parsed.chunks()) {
            assertThat(chunk.startLine()).isLessThanOrEqualTo(chunk.endLine());
            assertThat(chunk.endLine()).isLessThanOrEqualTo(lines.count());
            if (chunk.startLine() == chunk.endLine() && !chunk.text().equals(lines.text(chunk.startLine(),
                    chunk.endLine()))) {
                // one piece of an over-long line: the pieces together are the line
                if (piecesLine != chunk.startLine()) {
                    assertThat(chunk.startLine()).isGreaterThan(previousEnd);
                    pieces.setLength(0);
                    piecesLine = chunk.startLine();
                }
                pieces.append(chunk.text());
                assertThat(lines.text(piecesLine, piecesLine)).startsWith(pieces.toString());
                previousEnd = chunk.endLine();
                continue;
            }
            assertThat(chunk.startLine()).as("chunks in order, not overlapping").isGreaterThan(previousEnd);
            assertThat(chunk.text()).isEqualTo(lines.text(chunk.startLine(), chunk.endLine()));
            assertThat(chunk.text().length()).isLessThanOrEqualTo(ChunkSizes.MAX_CHARS);
            assertThat(chunk.endLine() - chunk.startLine() + 1).isLessThanOrEqualTo(ChunkSizes.MAX_LINES);
            previousEnd = chunk.endLine();
        }
    }

    private static List<Path> samples() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/syntax"))) {
            return files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".golden.json")).sorted()
                    .toList();
        }
    }

    private static ParsedFile parse(SourceParser parser, Path source) throws IOException {
        return parser.parse(source.getFileName().toString(), Files.readString(source, StandardCharsets.UTF_8));
    }
}
