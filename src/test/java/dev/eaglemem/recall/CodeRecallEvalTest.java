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

    record Outcome(String type, boolean byWords, int rank, float rightSimilarity, float topSimilarity) {
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
                boolean byWords = words.stream().anyMatch(h -> right(h.path(), expect));
                List<SemanticIndex.Hit> top = index.codeScores(model, PROJECT, model.embedQuery(prompt)).top(50);
                int rank = -1;
                float rightSimilarity = 0;
                for (int i = 0; i < top.size() && rank < 0; i++) {
                    long id = top.get(i).id();
                    String path = t.db.read(tx -> code.chunk(tx, id)).map(CodeStore.StoredChunk::path).orElse("");
                    if (right(path, expect)) {
                        rank = i + 1;
                        rightSimilarity = top.get(i).similarity();
                    }
                }
                float best = top.isEmpty() ? 0 : top.getFirst().similarity();
                outcomes.add(new Outcome(p.path("type").asText(), byWords, rank, rightSimilarity, best));
                lines.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2f |", prompt,
                        expect.isEmpty() ? "–" : byWords ? "yes" : "no",
                        rank < 0 ? "–" : rank > 50 ? ">50" : String.valueOf(rank),
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
                    .append("and questions no code here answers.\n\n")
                    .append("| prompt | words bring a right chunk | rank of the right file's best chunk by meaning | its similarity | best similarity |\n")
                    .append("|---|---|---:|---:|---:|\n");
            lines.forEach(l -> out.append(l).append('\n'));
            out.append("\nPrompt recall shows at most ").append(RecallService.CODE_HITS)
                    .append(" chunks; by meaning it adds chunks only when the words found fewer. At each bar: questions whose right file")
                    .append(" is shown (by words, or by meaning in the top ").append(RecallService.CODE_HITS)
                    .append(" at or above the bar), and unrelated questions that bring any chunk by meaning.\n\n")
                    .append("| bar | right file shown | unrelated questions bringing code |\n|---:|---:|---:|\n");
            long questions = outcomes.stream().filter(o -> o.type().equals("paraphrase")).count();
            long unrelated = outcomes.size() - questions;
            for (float bar = 0.30f; bar < 0.66f; bar += 0.05f) {
                float b = bar;
                long shown = outcomes.stream().filter(o -> o.type().equals("paraphrase"))
                        .filter(o -> o.byWords()
                                || (o.rank() >= 1 && o.rank() <= RecallService.CODE_HITS && o.rightSimilarity() >= b))
                        .count();
                long noise = outcomes.stream().filter(o -> o.type().equals("none")).filter(o -> o.topSimilarity() >= b).count();
                out.append(String.format(Locale.ROOT, "| %.2f | %d/%d | %d/%d |%n", bar, shown, questions, noise, unrelated));
            }
            long byWordsOnly = outcomes.stream().filter(o -> o.type().equals("paraphrase") && o.byWords()).count();
            out.append("\nBy words alone: ").append(byWordsOnly).append('/').append(questions)
                    .append(". The model's bar for code is ").append(model.codeThreshold()).append(".\n");
            System.out.println(out);
            Files.writeString(Path.of("bench/recall/code-results.md"), out.toString());
            assertThat(chunks).as("every chunk has a vector").isEqualTo(t.db.<Long>read(tx -> code.totals(tx, PROJECT).chunks()));
        }
    }

    private static boolean right(String path, List<String> expect) {
        return expect.stream().anyMatch(path::endsWith);
    }
}
