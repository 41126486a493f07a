package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.embed.Vectors;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embed job on a real database, with a small deterministic model (the real one is exercised by RecallEvalTest). */
class EmbedJobTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));

    /** A letter-count model: deterministic, and it records every text it was asked to embed. */
    static final class LetterModel implements Embedder {
        final List<String> embedded = new ArrayList<>();
        private final String id;

        LetterModel(String id) {
            this.id = id;
        }

        @Override
        public String modelId() {
            return id;
        }

        @Override
        public float[] embedQuery(String text) {
            float[] v = new float[26];
            text.toLowerCase().chars().filter(c -> c >= 'a' && c <= 'z').forEach(c -> v[c - 'a']++);
            return Vectors.normalized(v);
        }

        @Override
        public List<float[]> embedRecords(List<String> texts) {
            embedded.addAll(texts);
            return texts.stream().map(this::embedQuery).toList();
        }

        @Override
        public float threshold() {
            return 0.5f;
        }
    }

    @TempDir
    Path dir;

    private TestDb t;
    private MemoryService memories;
    private final VectorStore vectors = new VectorStore();

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        memories = TestServices.on(t.db, clock).memories();
        for (int i = 0; i < 40; i++) {
            memories.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Decision number " + i,
                    "Because of reason " + i + " token ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", null, null, List.of(),
                    "code/app", "codex", null, null, true));
        }
    }

    @AfterEach
    void close() {
        t.close();
    }

    private EmbedJob job(Embedder model) {
        SemanticIndex index = new SemanticIndex(t.db, vectors, () -> model);
        return TestServices.on(t.db, clock).withSemantic(index).embedJob();
    }

    private JobRow queued() {
        return t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EmbedJob.KIND, null, Map.of(), EmbedJob.DEDUPE_KEY),
                clock.instant()).job());
    }

    @Test
    void embedsEveryRecordOnceFromItsRedactedTextAndASecondRunHasNothingToDo() {
        LetterModel model = new LetterModel("letters-1");
        assertThat(job(model).run(queued())).startsWith("embedded 40 records with letters-1");
        assertThat(model.embedded).hasSize(40).noneMatch(text -> text.contains("ghp_a1B2"));
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "letters-1"))).isZero();
        assertThat(job(model).run(queued())).isEqualTo("embedded 0 records with letters-1");
    }

    @Test
    void anEditedMemoryIsEmbeddedAgainAndANewModelReplacesTheOldVectors() {
        job(new LetterModel("letters-1")).run(queued());
        clock.advance(Duration.ofMinutes(1));
        long id = memories.list(new MemoryQuery("code/app", null, false, 100)).getFirst().id();
        memories.update(id, new MemoryPatch(null, null, "A new reason", null, null, null, null, null, null, null, null, null,
                null, null, "codex"));
        LetterModel same = new LetterModel("letters-1");
        assertThat(job(same).run(queued())).startsWith("embedded 1 records");
        assertThat(same.embedded).singleElement().asString().contains("A new reason");

        String result = job(new LetterModel("letters-2")).run(queued());
        assertThat(result).startsWith("embedded 40 records with letters-2").contains("removed 40 vectors");
        assertThat(t.db.<Boolean>read(tx -> vectors.anyFor(tx, "letters-1"))).isFalse();
    }

    @Test
    void codeChunksAreEmbeddedAfterTheRecordsAndARewrittenFileLeavesNoStaleVector() throws Exception {
        Path repo = java.nio.file.Files.createDirectories(dir.resolve("repo/src"));
        java.nio.file.Files.writeString(repo.resolve("cart.ts"), """
                /** Adds the line's price to the cart total. */
                export function addLine(cart: Cart, line: Line): void { cart.total += line.price; }
                export function clearCart(cart: Cart): void { cart.total = 0; }
                """);
        CodeIndexer indexer = new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), clock,
                new LogFile(dir.resolve("eagle-mem.log"), clock));
        indexer.index("code/app", dir.resolve("repo"), false, CodeIndexer.Progress.NONE);
        long chunks = t.db.read(tx -> new CodeStore().totals(tx, "code/app").chunks());
        assertThat(chunks).isPositive();

        LetterModel model = new LetterModel("letters-1");
        assertThat(job(model).run(queued())).startsWith("embedded 40 records and " + chunks + " code chunks with letters-1");
        assertThat(model.embedded.subList(0, 40)).as("records first").allMatch(text -> text.startsWith("Decision number"));
        assertThat(model.embedded.subList(40, 40 + (int) chunks)).as("then the chunks")
                .allMatch(text -> text.startsWith("src/cart.ts\n"));
        assertThat(model.embedded.getLast()).as("then the file's own text (FileAbout)")
                .isEqualTo("src cart. Adds the line's price to the cart total.\nadd line, clear cart");
        assertThat(t.db.<Integer>read(tx -> vectors.codeRowCount(tx, "letters-1", "code/app"))).isEqualTo((int) chunks);
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "letters-1"))).isZero();

        java.nio.file.Files.writeString(repo.resolve("cart.ts"), """
                export function emptyCart(cart: Cart): void { cart.total = 0; }
                """);
        clock.advance(Duration.ofMinutes(1));
        indexer.index("code/app", dir.resolve("repo"), false, CodeIndexer.Progress.NONE);
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "letters-1"))).isPositive();
        job(model).run(queued());
        long now = t.db.read(tx -> new CodeStore().totals(tx, "code/app").chunks());
        assertThat(t.db.<Integer>read(tx -> vectors.codeRowCount(tx, "letters-1", "code/app"))).isEqualTo((int) now);
        try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                var rs = c.createStatement().executeQuery(
                        "SELECT count(*) FROM embeddings WHERE record_kind = 'code' AND record_id > 0")) {
            rs.next();
            assertThat(rs.getLong(1)).as("the old chunks' vectors are swept").isEqualTo(now);
        }
        assertThat(model.embedded.get(model.embedded.size() - 2)).contains("emptyCart");
        assertThat(model.embedded.getLast()).as("the rewritten file's own text").endsWith("\nempty cart");
    }

    @Test
    void aModelThatCannotLoadFailsTheJobWithTheReason() {
        SemanticIndex broken = new SemanticIndex(t.db, vectors, () -> {
            throw new UnsatisfiedLinkError("no onnxruntime for this platform");
        });
        EmbedJob job = TestServices.on(t.db, clock).withSemantic(broken).embedJob();
        assertThatThrownBy(() -> job.run(queued())).hasMessageContaining("no onnxruntime for this platform");
    }
}
