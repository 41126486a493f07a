package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** engram's text conventions: a memory's Where line, a session summary's sections, and text that follows neither. */
class EngramTextTest {

    @Test
    void whereNamesPathsAndLeavesProseOut() {
        assertThat(EngramText.whereFiles("**What**: x\n**Where**: internal/store/store.go — sanitizeFTS() function,"
                + " `src/a.ts`; README.md: intro")).containsExactly("internal/store/store.go", "src/a.ts", "README.md");
        assertThat(EngramText.whereFiles("**Where**: project blog")).isEmpty();
        assertThat(EngramText.whereFiles("no where line")).isEmpty();
    }

    @Test
    void unknownSectionsGoToNotesUnderTheirHeading() {
        EngramText.Summary s = EngramText.summary("## Goal\nShip it\n\n## Risks\n- the cache\n\n## Accomplished\n- done thing\n"
                + "- [ ] open thing", false);
        assertThat(s.request()).isEqualTo("Ship it");
        assertThat(s.notes()).isEqualTo("## Risks\n- the cache");
        assertThat(s.completed()).isEqualTo("- done thing");
        assertThat(s.nextSteps()).isEqualTo("- open thing");
        assertThat(s.keyFiles()).isEmpty();
    }

    @Test
    void textWithoutTheSectionsIsKeptWhole() {
        assertThat(EngramText.summary("Fixed the feed.\nImages next.", true).completed())
                .isEqualTo("Fixed the feed.\nImages next.");
        EngramText.Summary notes = EngramText.summary("# Notes\nsomething", false);
        assertThat(notes.notes()).isEqualTo("# Notes\nsomething");
        assertThat(notes.completed()).isNull();
    }
}
