package dev.eaglemem.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A person's overview of a project: redacted, bounded, one per project. */
class OverviewServiceTest {

    private static final String GHP = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";

    @TempDir
    Path dir;

    private TestDb t;
    private OverviewService service;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        service = new OverviewService(t.db, new OverviewStore(), new ProjectStore(), Redactor.defaults(),
                Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC));
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void anOverviewIsStoredRedactedAndStrippedAndReplacedBySetAgain() {
        assertThat(service.show("code/shop")).isEmpty();
        assertThat(service.set("code/shop", "  A Flask shop; deploy token " + GHP + "\n")).isEqualTo(
                "A Flask shop; deploy token [REDACTED]");
        assertThat(service.show("code/shop")).contains("A Flask shop; deploy token [REDACTED]");
        assertThat(t.rows("SELECT source FROM overviews")).containsExactly("manual");
        assertThat(t.rows("SELECT key FROM projects")).as("the project is known from then on").containsExactly("code/shop");

        service.set("code/shop", "A Django shop");
        assertThat(service.show("code/shop")).contains("A Django shop");
        assertThat(service.show("code/other")).isEmpty();
    }

    @Test
    void anEmptyOrOverlongOverviewIsRefusedAndNothingIsStored() {
        for (String empty : new String[] { null, "  \n", "<private>only this</private>" }) {
            assertThatThrownBy(() -> service.set("code/shop", empty)).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                assertThat(e.getMessage()).isEqualTo("the overview is empty");
            });
        }
        assertThat(service.set("code/shop", "x".repeat(OverviewService.MAX))).hasSize(OverviewService.MAX);
        assertThatThrownBy(() -> service.set("code/shop", "y".repeat(OverviewService.MAX + 1)))
                .hasMessage("the overview is 16385 characters; the limit is 16384");
        assertThat(service.show("code/shop").orElseThrow()).startsWith("x");
    }

    @Test
    void deleteSaysWhetherThereWasOne() {
        service.set("code/shop", "A shop");
        assertThat(service.delete("code/shop")).isTrue();
        assertThat(service.delete("code/shop")).isFalse();
        assertThat(service.show("code/shop")).isEmpty();
    }
}
