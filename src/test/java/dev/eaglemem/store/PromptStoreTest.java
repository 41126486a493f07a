package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** PromptStore on a real migrated file: what the user asked, in order, word for word. */
class PromptStoreTest extends TempDbTest {

    private final PromptStore prompts = new PromptStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            new SessionStore().upsert(tx, "s1", "code/shop", "claude-code", null, null, null, now);
            new SessionStore().upsert(tx, "s2", "code/shop", "claude-code", null, null, null, now);
            return null;
        });
    }

    private long insert(String session, String prompt, Instant at) {
        return t.db.write((Tx tx) -> prompts.insert(tx, session, "code/shop", "claude-code", prompt, at));
    }

    @Test
    void aPromptRoundTripsWordForWordWithItsIdAndTime() {
        String text = "Warum ist der Warenkorb falsch? 🛒\n  -- keep the \"quotes\" and 'these' ";
        long id = insert("s1", text, now);
        PromptRow row = t.db.read((Tx tx) -> prompts.find(tx, id)).orElseThrow();
        assertThat(row).isEqualTo(new PromptRow(id, "s1", "code/shop", "claude-code", text, "2026-11-22T10:00:00.000Z"));
        assertThat(t.db.read((Tx tx) -> prompts.find(tx, id + 1))).isEmpty();
    }

    @Test
    void aSessionsPromptsComeInTimeOrderThenInsertOrderUpToTheLimit() {
        insert("s1", "third", now.plusSeconds(2));
        insert("s1", "first", now);
        insert("s1", "second (same instant as first, written later)", now);
        insert("s2", "another session", now);
        assertThat(t.db.read((Tx tx) -> prompts.forSession(tx, "s1", 10))).extracting(PromptRow::prompt)
                .containsExactly("first", "second (same instant as first, written later)", "third");
        assertThat(t.db.read((Tx tx) -> prompts.forSession(tx, "s1", 2))).extracting(PromptRow::prompt)
                .containsExactly("first", "second (same instant as first, written later)");
        assertThat(t.db.read((Tx tx) -> prompts.forSession(tx, "nobody", 10))).isEmpty();
    }

    @Test
    void aPromptIsFoundByFullTextSearchAndNeedsAKnownSession() {
        insert("s1", "the checkout total rounds twice", now);
        assertThat(t.rows("SELECT prompt FROM user_prompts_fts WHERE user_prompts_fts MATCH 'rounding'"))
                .containsExactly("the checkout total rounds twice");
        assertThatThrownBy(() -> insert("ghost", "who am I?", now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("FOREIGN KEY");
        assertThat(t.db.read((Tx tx) -> prompts.forSession(tx, "ghost", 10))).isEqualTo(List.of());
    }
}
