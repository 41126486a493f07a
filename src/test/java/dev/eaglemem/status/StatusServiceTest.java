package dev.eaglemem.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatusServiceTest {

    @TempDir
    Path dir;

    private StatusService service(TestDb t) {
        return new StatusService(t.db, new StatsStore(), new HealthStore(), new ProjectStore(),
                new DataDir(dir, dir.resolve("config.toml")), new VectorStore(),
                new Settings(EagleConfig.defaults(dir.resolve("config.toml"))));
    }

    @Test
    void aNamedProjectTheStoreNeverSawIsNotFoundAndTheRecentOnesAreNamed() {
        try (TestDb t = TestDb.in(dir)) {
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/shop", null, Instant.parse("2026-11-20T10:00:00Z"));
                return null;
            });
            assertThatThrownBy(() -> service(t).status("nope/x", true, "test")).isInstanceOfSatisfying(EagleException.class,
                    e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                        assertThat(e.getMessage()).contains("no project 'nope/x'").contains("recent: code/shop");
                        assertThat(e.fix()).isEqualTo("eagle-mem status -p code/shop");
                    });
            assertThat(service(t).status("code/shop", true, "test").project()).isEqualTo("code/shop");
        }
    }

    @Test
    void theWorkingDirectorysProjectIsCountedEvenBeforeItsFirstSession() {
        try (TestDb t = TestDb.in(dir)) {
            assertThat(service(t).status("code/new", false, "test").projectCounts().sessions()).isZero();
        }
    }

    @Test
    void semanticRecallSaysWhatHasAVectorAndWhatWaits() {
        try (TestDb t = TestDb.in(dir)) {
            Instant now = Instant.parse("2026-11-20T10:00:00Z");
            VectorStore vectors = new VectorStore();
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/shop", null, now);
                for (int i = 0; i < 3; i++) {
                    new MemoryStore().insert(tx, new NewMemoryRow("code/shop", "project", "gotcha", "Memory " + i, "Body " + i,
                            null, null, java.util.List.of(), "h" + i, "codex", null), now);
                }
                VectorStore.Pending first = vectors.pending(tx, MiniLmEmbedder.MODEL_ID, 1).getFirst();
                vectors.put(tx, first, MiniLmEmbedder.MODEL_ID, new float[] { 1f, 0f }, now);
                return null;
            });
            StatusReport.Semantic s = service(t).status(null, false, "test").semantic();
            assertThat(s.on()).isTrue();
            assertThat(s.model()).isEqualTo(MiniLmEmbedder.MODEL_ID);
            assertThat(s.memories()).isEqualTo(1);
            assertThat(s.summaries()).isZero();
            assertThat(s.chunks()).isZero();
            assertThat(s.waiting()).isEqualTo(2);
        }
    }
}
