package dev.eaglemem.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TestDb;

class StatusServiceTest {

    @TempDir
    Path dir;

    private StatusService service(TestDb t) {
        return new StatusService(t.db, new StatsStore(), new HealthStore(), new ProjectStore(),
                new DataDir(dir, dir.resolve("config.toml")));
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
}
