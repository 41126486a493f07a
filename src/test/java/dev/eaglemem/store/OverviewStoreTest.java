package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** OverviewStore on a real migrated file: one overview per project, replaced whole, told apart by who wrote it. */
class OverviewStoreTest extends TempDbTest {

    private final OverviewStore overviews = new OverviewStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            new ProjectStore().touch(tx, "code/blog", null, now);
            return null;
        });
    }

    private void set(String project, String content, String source, Instant at) {
        t.db.write((Tx tx) -> {
            overviews.set(tx, project, content, source, at);
            return null;
        });
    }

    @Test
    void settingAgainReplacesContentSourceAndTimeOfThatProjectOnly() {
        set("code/shop", "A shop (generated).", "scan", now);
        set("code/blog", "A blog.", "manual", now);
        OverviewRow scanned = t.db.read((Tx tx) -> overviews.findRow(tx, "code/shop")).orElseThrow();
        assertThat(scanned.scanned()).isTrue();

        set("code/shop", "Ein Laden — written by hand ✍", "manual", now.plusSeconds(60));
        OverviewRow row = t.db.read((Tx tx) -> overviews.findRow(tx, "code/shop")).orElseThrow();
        assertThat(row).isEqualTo(new OverviewRow("code/shop", "Ein Laden — written by hand ✍", "manual",
                "2026-11-22T10:01:00.000Z"));
        assertThat(row.scanned()).isFalse();
        assertThat(t.db.read((Tx tx) -> overviews.find(tx, "code/blog"))).contains("A blog.");
        assertThat(t.rows("SELECT count(*) FROM overviews")).containsExactly("2");
    }

    @Test
    void deletingSaysWhetherThereWasOne() {
        set("code/shop", "A shop.", "manual", now);
        assertThat(t.db.write((Tx tx) -> overviews.delete(tx, "code/shop"))).isTrue();
        assertThat(t.db.write((Tx tx) -> overviews.delete(tx, "code/shop"))).isFalse();
        assertThat(t.db.read((Tx tx) -> overviews.find(tx, "code/shop"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> overviews.findRow(tx, "code/shop"))).isEmpty();
    }

    @Test
    void anOverviewIsOneToSixteenThousandCharactersFromAKnownSourceOfAKnownProject() {
        set("code/shop", "x".repeat(16384), "scan", now);
        assertThat(t.db.read((Tx tx) -> overviews.find(tx, "code/shop")).orElseThrow()).hasSize(16384);
        assertThatThrownBy(() -> set("code/shop", "x".repeat(16385), "scan", now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> set("code/shop", "", "scan", now)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> set("code/shop", "fine", "llm", now)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> set("code/none", "fine", "manual", now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("FOREIGN KEY");
        // a refused write leaves the previous overview as it was
        assertThat(t.db.read((Tx tx) -> overviews.findRow(tx, "code/shop")).orElseThrow().content()).hasSize(16384);
    }
}
