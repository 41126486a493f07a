package dev.eaglemem.code;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The text a code file's own vector is embedded from: its path's words, its head's doc comment, then its names. */
class FileAboutTest {

    @Test
    void pathWordsThenTheDocCommentThenTheDeclaredNamesSplitIntoWords() {
        String head = """
                /**
                 * Replaces a file through a temporary file and a rename, so a reader sees the old file or the new one,
                 * never half of one ({@link Files#move}).
                 */
                public final class AtomicFiles {
                """;
        assertThat(FileAbout.text("src/main/java/dev/eaglemem/platform/AtomicFiles.java", head,
                "AtomicFiles write writeOwnerOnly write"))
                .isEqualTo("src main java dev eaglemem platform atomic files. Replaces a file through a temporary file and a"
                        + " rename, so a reader sees the old file or the new one, never half of one (Files#move).\n"
                        + "atomic files, write, write owner only");
    }

    @Test
    void lineCommentsAndDocstringsAreDocCommentsToo() {
        assertThat(FileAbout.doc("""
                // Retries a charge once when the gateway times out.
                // A second retry double-charged cards.
                export function retryCharge() {
                """)).isEqualTo("Retries a charge once when the gateway times out. A second retry double-charged cards.");
        assertThat(FileAbout.doc("""
                def spool(event):
                    \"\"\"Puts an event aside on disk while the database is busy.\"\"\"
                """)).isEqualTo("Puts an event aside on disk while the database is busy.");
        assertThat(FileAbout.doc("int x = 1;\n")).isEmpty();
    }

    @Test
    void aFileWithoutDocOrNamesIsItsPathWords() {
        assertThat(FileAbout.text("scripts/release-check.sh", "set -eu\n", "")).isEqualTo("scripts release check.\n");
    }
}
