package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ManagedBlockTest {

    private static final Path FILE = Path.of("/home/dev/.claude/CLAUDE.md");
    private static final String BODY = "## eagle-mem\nUse `eagle-mem search` before re-reading files.\n";
    private static final List<String> BODIES = List.of("", "one line", BODY, "crlf\r\nbody\r\n", "\n\ntrailing blank\n\n");

    private final ManagedBlock block = new ManagedBlock(FILE);

    @ParameterizedTest
    @ValueSource(strings = { "", "a", "a\n", "a\n\n", "\n", "# Title\r\n\r\nText\r\n", "mixed\r\nlast line",
            "lone cr\r", "  \n\t", "<!-- eagle-mem:begin --> quoted inline, not a marker\n" })
    void removeUndoesUpsertExactly(String original) {
        for (String body : BODIES) {
            String added = block.upsert(original, body);
            assertThat(block.remove(added)).as("body %s", body).isEqualTo(original);
            assertThat(block.upsert(added, body)).as("idempotent").isEqualTo(added);
            assertThat(block.body(added)).isEqualTo(body.strip().isEmpty() ? "" : body.replace("\r\n", "\n").stripTrailing());
        }
    }

    @Test
    void theBlockGoesAtTheEndAfterABlankLine() {
        assertThat(block.upsert("# My rules\nBe terse.\n", "remember things")).isEqualTo(
                "# My rules\nBe terse.\n\n<!-- eagle-mem:begin -->\nremember things\n<!-- eagle-mem:end -->\n");
        assertThat(block.upsert("", "x")).isEqualTo("<!-- eagle-mem:begin -->\nx\n<!-- eagle-mem:end -->\n");
        assertThat(block.upsert("no newline", "x"))
                .isEqualTo("no newline\n<!-- eagle-mem:begin -->\nx\n<!-- eagle-mem:end -->\n");
    }

    @Test
    void aCrlfFileGetsACrlfBlock() {
        String added = block.upsert("# Rules\r\n", "a\nb");
        assertThat(added).isEqualTo("# Rules\r\n\r\n<!-- eagle-mem:begin -->\r\na\r\nb\r\n<!-- eagle-mem:end -->\r\n");
        assertThat(added.replace("\r\n", "")).doesNotContain("\n");
    }

    @Test
    void anExistingBlockIsReplacedInPlaceWithTheUsersTextAroundItUntouched() {
        String text = "# Top\n\n<!-- eagle-mem:begin -->\nold body\n<!-- eagle-mem:end -->\n\n## Mine, below\nkeep me\n";
        String updated = block.upsert(text, "new body");
        assertThat(updated).isEqualTo(text.replace("old body", "new body"));
        assertThat(block.remove(updated)).isEqualTo("# Top\n\n## Mine, below\nkeep me\n");
        assertThat(block.remove("# Top\n<!-- eagle-mem:begin -->\nx\n<!-- eagle-mem:end -->\nbelow\n"))
                .as("no blank line above: nothing else is taken").isEqualTo("# Top\nbelow\n");
    }

    @Test
    void textWithoutABlockIsReturnedAsIs() {
        String text = "# just mine\n";
        assertThat(block.remove(text)).isSameAs(text);
        assertThat(block.body(text)).isNull();
    }

    @Test
    void randomTextsRoundTrip() {
        Random random = new Random(7);
        List<String> pieces = List.of("a", "b c", "\n", "\r\n", "\r", " ", "\t", "#", "<!-- x -->", "é");
        for (int run = 0; run < 500; run++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                text.append(pieces.get(random.nextInt(pieces.size())));
            }
            String original = text.toString();
            String body = BODIES.get(random.nextInt(BODIES.size()));
            String added = block.upsert(original, body);
            assertThat(block.remove(added)).as("%s", original.replace("\r", "\\r").replace("\n", "\\n")).isEqualTo(original);
            assertThat(block.remove(block.upsert(added, "changed"))).isEqualTo(original);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "x\n<!-- eagle-mem:begin -->\nbody\n",
            "x\nbody\n<!-- eagle-mem:end -->\n",
            "<!-- eagle-mem:end -->\nbody\n<!-- eagle-mem:begin -->\n",
            "<!-- eagle-mem:begin -->\na\n<!-- eagle-mem:end -->\n<!-- eagle-mem:begin -->\nb\n<!-- eagle-mem:end -->\n" })
    void aBrokenBlockIsRefusedRatherThanGuessed(String text) {
        for (var operation : List.<Runnable>of(() -> block.upsert(text, "x"), () -> block.remove(text))) {
            assertThatThrownBy(operation::run).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                assertThat(e.getMessage()).startsWith(FILE + " has a broken eagle-mem block");
                assertThat(e.fix()).isEqualTo(
                        "edit " + FILE + " so it has both marker lines (or neither), then rerun eagle-mem install");
            });
        }
    }

    @Test
    void aBodyMayNotContainTheMarkers() {
        assertThatThrownBy(() -> block.upsert("", "a\n" + ManagedBlock.END + "\nb"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
