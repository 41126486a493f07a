package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

/** ProjectStore on a real migrated file: first sight and later sightings, the recent list, and the roots hooks record. */
class ProjectStoreTest extends TempDbTest {

    private final ProjectStore projects = new ProjectStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private void touch(String key, String root, Instant at) {
        t.db.write((Tx tx) -> {
            projects.touch(tx, key, root, at);
            return null;
        });
    }

    @Test
    void aLaterSightingMovesLastSeenKeepsCreatedAndKeepsTheRootWhenNoneIsGiven() {
        touch("code/app", "/home/u/code/app", now);
        touch("code/app", null, now.plusSeconds(60));
        assertThat(t.db.read((Tx tx) -> projects.rootOf(tx, "code/app"))).contains("/home/u/code/app");
        assertThat(t.rows("SELECT created_at || ' ' || last_seen_at FROM projects WHERE key = 'code/app'"))
                .containsExactly("2026-11-22T10:00:00.000Z 2026-11-22T10:01:00.000Z");

        touch("code/app", "/work/app", now.plusSeconds(120));
        assertThat(t.db.read((Tx tx) -> projects.rootOf(tx, "code/app"))).as("a new root replaces the old").contains("/work/app");
        assertThat(t.rows("SELECT count(*) FROM projects")).containsExactly("1");
    }

    @Test
    void anUnknownProjectOrOneSeenWithoutADirectoryHasNoRoot() {
        touch("git/github.com/u/app", null, now);
        assertThat(t.db.read((Tx tx) -> projects.exists(tx, "git/github.com/u/app"))).isTrue();
        assertThat(t.db.read((Tx tx) -> projects.exists(tx, "code/none"))).isFalse();
        assertThat(t.db.read((Tx tx) -> projects.rootOf(tx, "git/github.com/u/app"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> projects.rootOf(tx, "code/none"))).isEmpty();
    }

    @Test
    void recentKeysAreMostRecentlySeenFirstThenByKeyUpToTheLimit() {
        touch("code/b", null, now);
        touch("code/a", null, now);
        touch("code/old", "/old", now.minusSeconds(3600));
        touch("code/new", "/new", now.plusSeconds(1));
        assertThat(t.db.read((Tx tx) -> projects.recentKeys(tx, 10))).containsExactly("code/new", "code/a", "code/b", "code/old");
        assertThat(t.db.read((Tx tx) -> projects.recentKeys(tx, 2))).containsExactly("code/new", "code/a");
        assertThat(t.db.read((Tx tx) -> projects.roots(tx))).as("projects without a root are left out")
                .containsExactly("/new", "/old");
    }

    @Test
    void keysMayBeUnicodeButNotEmptyOrOverlong() {
        touch("code/日本語-app", "/home/ü/app", now);
        assertThat(t.db.read((Tx tx) -> projects.rootOf(tx, "code/日本語-app"))).contains("/home/ü/app");
        assertThatThrownBy(() -> touch("", null, now)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> touch("k".repeat(201), null, now)).isInstanceOf(EagleException.class);
        touch("k".repeat(200), null, now);
        assertThat(t.db.read((Tx tx) -> projects.recentKeys(tx, 10))).hasSize(2);
    }
}
