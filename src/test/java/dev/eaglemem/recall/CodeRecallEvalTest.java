package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.TestServices;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.code.IndexReport;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.jobs.EmbedJob;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Code recall by meaning, measured (bench/recall/code-run.sh, which writes bench/recall/code-results.md): this
 * repository's own src/main/java indexed into a real database, every chunk embedded by the real embed job with the
 * shipped model, and the prompts of bench/recall/sets/code/ — questions about what a piece of eagle-mem does, worded
 * without its identifiers, and questions no code here answers. For each: do the prompt's words bring a chunk of the
 * right file (CodeRecall, what a hook does), and how high does the right file's best chunk rank by meaning, and how
 * close is it. A bench, not part of the suite: indexing and embedding ~6k chunks takes a minute or more.
 */
@EnabledIfSystemProperty(named = "recall.code.eval", matches = "true")
class CodeRecallEvalTest {

    private static final String PROJECT = "acme/eagle-mem";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-28T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    /**
     * A prompt's words' picks; the two files closest in meaning at a bar (CodeRecall.byMeaning with nothing shown yet);
     * what the hook adds by meaning after the words' picks at a bar; and what it added before files were ranked (each
     * chunk on its own at the model's bar for chunks).
     */
    record Outcome(String type, List<String> expect, List<CodeHit> words, Function<Float, List<CodeHit>> byMeaning,
            Function<Float, List<CodeHit>> afterWords, List<CodeHit> chunkByChunk) {

        boolean byWords() {
            return words.stream().anyMatch(h -> right(h.path(), expect));
        }

        boolean shown(float bar) {
            return byWords() || byMeaning.apply(bar).stream().anyMatch(h -> right(h.path(), expect));
        }

        boolean shownAfterWords(float bar) {
            return afterWords.apply(bar).stream().anyMatch(h -> right(h.path(), expect));
        }

        boolean shownChunkByChunk() {
            return byWords() || chunkByChunk.stream().anyMatch(h -> right(h.path(), expect));
        }
    }

    @Test
    void codeByMeaning() throws Exception {
        Embedder model = new MiniLmEmbedder();
        try (TestDb t = TestDb.in(Files.createDirectories(dir.resolve("data")))) {
            IndexReport report = new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), CLOCK,
                    new LogFile(dir.resolve("eagle-mem.log"), CLOCK)).index(PROJECT, Path.of("src/main/java"), false,
                            CodeIndexer.Progress.NONE);
            long start = System.nanoTime();
            VectorStore vectors = new VectorStore();
            JobStore jobs = new JobStore();
            SemanticIndex index = new SemanticIndex(t.db, vectors, () -> model);
            EmbedJob embed = TestServices.on(t.db, CLOCK).withSemantic(index).embedJob();
            JobRow row = t.db.write(tx -> jobs.enqueue(tx, new NewJob(EmbedJob.KIND, null, Map.of(), EmbedJob.DEDUPE_KEY),
                    CLOCK.instant())).job();
            do {
                embed.run(row);
            } while (t.db.<Long>read(tx -> vectors.pendingCount(tx, model.modelId())) > 0);
            long chunks = t.db.<Integer>read(tx -> vectors.codeRowCount(tx, model.modelId(), PROJECT));
            double seconds = (System.nanoTime() - start) / 1e9;

            CodeStore code = new CodeStore();
            List<Outcome> outcomes = new ArrayList<>();
            List<String> lines = new ArrayList<>();
            for (String line : Files.readAllLines(Path.of("bench/recall/sets/code/prompts.jsonl"))) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode p = new ObjectMapper().readTree(line);
                String prompt = p.path("prompt").asText();
                List<String> expect = new ArrayList<>();
                p.path("expect").forEach(e -> expect.add(e.asText()));
                Optional<FtsQuery> query = PromptQuery.of(prompt);
                List<CodeHit> words = query.isEmpty() ? List.of() : CodeRecall.pick(t.db.read(tx -> code.candidates(tx,
                        query.get().atLeastTwo(), PROJECT, CodeRecall.CANDIDATES)), query.get(), RecallService.CODE_HITS);
                float[] vector = model.embedQuery(prompt);
                SemanticIndex.Scores chunkScores = index.codeScores(model, PROJECT, vector);
                SemanticIndex.Scores fileScores = index.codeFileScores(model, PROJECT, vector);
                float alone = model.codeThreshold() - model.codeFileThreshold();
                List<Long> wordIds = words.stream().map(CodeHit::id).toList();
                List<Long> before = chunkScores.top(RecallService.CODE_HITS + words.size()).stream()
                        .filter(h -> h.similarity() >= model.codeThreshold() && !wordIds.contains(h.id()))
                        .map(SemanticIndex.Hit::id).limit(RecallService.CODE_HITS - words.size()).toList();
                Outcome o = new Outcome(p.path("type").asText(), expect, words,
                        bar -> t.db.read(tx -> CodeRecall.byMeaning(tx, code, PROJECT, chunkScores, fileScores, bar, alone,
                                List.of(), RecallService.CODE_HITS)),
                        bar -> CodeRecall.shown(words, (shown, places) -> t.db.read(tx -> CodeRecall.byMeaning(tx, code,
                                PROJECT, chunkScores, fileScores, bar, alone, shown, places)), RecallService.CODE_HITS),
                        t.db.read(tx -> code.hits(tx, before, PROJECT)));
                // the right file's rank among the files by meaning (each at its own vector mixed with its best chunk)
                List<CodeHit> ranked = t.db.read(tx -> CodeRecall.byMeaning(tx, code, PROJECT, chunkScores, fileScores, -1f,
                        alone, List.of(), 50));
                int rank = -1;
                for (int i = 0; i < ranked.size() && rank < 0; i++) {
                    rank = right(ranked.get(i).path(), expect) ? i + 1 : -1;
                }
                float rightSimilarity = rank < 0 ? 0 : score(ranked.get(rank - 1), chunkScores, fileScores, t, code);
                float best = ranked.isEmpty() ? 0 : score(ranked.getFirst(), chunkScores, fileScores, t, code);
                outcomes.add(o);
                lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2f |", prompt,
                        expect.isEmpty() ? "–" : o.byWords() ? "yes" : "no",
                        rank < 0 ? "–" : String.valueOf(rank),
                        rank < 0 ? "–" : String.format(Locale.ROOT, "%.2f", rightSimilarity),
                        best));
            }
            StringBuilder out = new StringBuilder(
                    "# Code recall by meaning\n\nGenerated by `bench/recall/code-run.sh` (CodeRecallEvalTest) on ")
                    .append(Instant.now().toString(), 0, 16).append("Z.\n\n")
                    .append("This repository's `src/main/java` indexed (").append(report.indexed()).append(" files, ")
                    .append(chunks)
                    .append(" chunks) and embedded with ").append(model.modelId()).append(" by the embed job in ")
                    .append(String.format(Locale.ROOT, "%.0f", seconds))
                    .append(" s. Prompts: `bench/recall/sets/code/prompts.jsonl` — ")
                    .append("questions about what a piece of eagle-mem does, worded without its identifiers (each names the files that answer it), ")
                    .append("and questions no code here answers. A file's score by meaning: its own vector's similarity and its")
                    .append(" best chunk's, half each (CodeRecall); – when the file is not among those weighed (the files of the ")
                    .append(CodeRecall.MEANING_CANDIDATES).append(" closest chunks and the ").append(CodeRecall.FILE_CANDIDATES)
                    .append(" closest files).\n\n")
                    .append("| prompt | words bring a right file | rank of the right file by meaning | its score | best score |\n")
                    .append("|---|---|---:|---:|---:|\n");
            lines.forEach(l -> out.append(l).append('\n'));
            out.append("\nPrompt recall shows at most ").append(RecallService.CODE_HITS)
                    .append(" chunks; by meaning it adds chunks only when the words found fewer, one per file (its best chunk).")
                    .append(" At each bar: questions whose right file is brought (by words, or among the ")
                    .append(RecallService.CODE_HITS).append(" files closest in meaning at or above the bar — the measure")
                    .append(" of earlier runs), the same as the hook shows it (by meaning in the places the words' picks")
                    .append(" left, and in the words' last place when they filled them all), and unrelated questions that bring any chunk by meaning.\n\n")
                    .append("| bar | right file brought | as the hook shows it | unrelated questions bringing code |\n")
                    .append("|---:|---:|---:|---:|\n");
            long questions = outcomes.stream().filter(o -> o.type().equals("paraphrase")).count();
            long unrelated = outcomes.size() - questions;
            for (float bar = 0.30f; bar < 0.66f; bar += 0.025f) {
                float b = bar;
                long shown = outcomes.stream().filter(o -> o.type().equals("paraphrase"))
                        .filter(o -> o.shown(b)).count();
                long noise = outcomes.stream().filter(o -> o.type().equals("none")).filter(o -> !o.byMeaning().apply(b).isEmpty())
                        .count();
                long afterWords = outcomes.stream().filter(o -> o.type().equals("paraphrase"))
                        .filter(o -> o.shownAfterWords(b)).count();
                out.append(String.format(Locale.ROOT, "| %.3f | %d/%d | %d/%d | %d/%d |%n", bar, shown, questions, afterWords,
                        questions, noise, unrelated));
            }
            long byWordsOnly = outcomes.stream().filter(o -> o.type().equals("paraphrase") && o.byWords()).count();
            out.append("\nBy words alone: ").append(byWordsOnly).append('/').append(questions)
                    .append(". Before files were ranked (each chunk on its own, at the model's bar for a chunk, ")
                    .append(model.codeThreshold()).append("), as the hook shows it: ")
                    .append(outcomes.stream().filter(o -> o.type().equals("paraphrase") && o.shownChunkByChunk()).count())
                    .append('/').append(questions)
                    .append(". By meaning a file scores its own vector's similarity and its best chunk's, half each;")
                    .append(" the model's bar for a code file is ").append(model.codeFileThreshold()).append(".\n");
            System.out.println(out);
            Files.writeString(Path.of("bench/recall/code-results.md"), out.toString());
            assertThat(chunks).as("every chunk has a vector").isEqualTo(t.db.<Long>read(tx -> code.totals(tx, PROJECT).chunks()));
        }
    }

    /** A file's score by meaning, as CodeRecall weighs it: its own vector and its best chunk ({@code hit}), half each. */
    private static float score(CodeHit hit, SemanticIndex.Scores chunks, SemanticIndex.Scores files, TestDb t, CodeStore code) {
        float chunk = chunks.of("code", hit.id()).orElse(0f);
        long file = t.db.read(tx -> code.chunksOfFiles(tx, List.of(hit.id()), List.of(), PROJECT)).stream()
                .filter(c -> c.chunk() == hit.id()).findFirst().orElseThrow().file();
        return files.of("code", file).map(f -> CodeRecall.FILE_WEIGHT * f + (1 - CodeRecall.FILE_WEIGHT) * chunk).orElse(chunk);
    }

    private static boolean right(String path, List<String> expect) {
        return expect.stream().anyMatch(path::endsWith);
    }
}
