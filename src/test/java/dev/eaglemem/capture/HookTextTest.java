package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.format.Clip;
import dev.eaglemem.format.SmallStack;
import dev.eaglemem.redact.Redactor;
import org.junit.jupiter.api.Test;

/** How hook payload text is stored: NULs replaced, prompts cut at a documented size without storing half a secret. */
class HookTextTest {

    private static final Redactor REDACTOR = Redactor.defaults();
    private static final String GITHUB_TOKEN = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";

    @Test
    void aNulBecomesTheSymbolForNullAndTheTextAfterItStays() {
        assertThat(HookText.prompt("please fix \u0000 the bug", REDACTOR)).isEqualTo("please fix \u2400 the bug");
        assertThat(HookText.withoutNul(List.of("a\u0000b", "c"))).containsExactly("a\u2400b", "c");
        assertThat(HookText.withoutNul((String) null)).isNull();
        String plain = "nothing to replace";
        assertThat(HookText.withoutNul(plain)).isSameAs(plain);
    }

    @Test
    void everyEventTextAndToolFieldIsWithoutNul() {
        CaptureService.Origin origin = new CaptureService.Origin("s1", "claude-code", "work/shop", null,
                java.nio.file.Path.of("/w"), "opus\u0000x");
        assertThat(origin.model()).isEqualTo("opus\u2400x");
        ToolUse use = new ToolUse("Ba\u0000sh", true, "echo a\u0000b", List.of("src/a\u0000.py"), List.of("b\u0000"), 0,
                1L, 1, "toolu\u0000");
        assertThat(List.of(use.toolName(), use.command(), use.filesRead().getFirst(), use.filesModified().getFirst(),
                use.toolUseId())).noneMatch(s -> s.indexOf('\u0000') >= 0);
        var turn = new CaptureEvent.TurnEnded("e", java.time.Instant.EPOCH, origin, "done\u0000 Decision: x", "auto\u0000");
        assertThat(turn.message() + turn.compaction()).doesNotContain("\u0000").contains("\u2400");
        assertThat(new CaptureEvent.SessionStarted("e", java.time.Instant.EPOCH, origin, "st\u0000art").source())
                .isEqualTo("st\u2400art");
        assertThat(new CaptureEvent.PromptSubmitted("e", java.time.Instant.EPOCH, origin, "a\u0000").text())
                .isEqualTo("a\u2400");
    }

    @Test
    void aPromptUpToTheCapIsStoredWhole() {
        String prompt = "  " + words(HookText.MAX_PROMPT - 10) + "  ";
        assertThat(prompt.strip().length()).isLessThanOrEqualTo(HookText.MAX_PROMPT);
        assertThat(HookText.prompt(prompt, REDACTOR)).isEqualTo(prompt.strip());
    }

    @Test
    void aLongerPromptKeepsItsFirstPartAndSaysHowMuchWasDropped() {
        String prompt = words(3_000_000);
        String stored = HookText.prompt(prompt, REDACTOR);
        assertThat(Clip.wasCut(stored)).isTrue();
        assertThat(stored).startsWith(prompt.substring(0, HookText.MAX_PROMPT))
                .endsWith(Clip.MARKER_START + (prompt.length() - HookText.MAX_PROMPT) + Clip.MARKER_END);
    }

    @Test
    void aSecretAcrossTheCutIsLeftOutWholeNotStoredHalf() {
        String before = words(HookText.MAX_PROMPT - 20) + " ";
        String prompt = before + GITHUB_TOKEN + " " + words(500_000);
        String stored = HookText.prompt(prompt, REDACTOR);
        assertThat(stored).doesNotContain("ghp_").doesNotContain(GITHUB_TOKEN.substring(4, 14))
                .endsWith(Clip.MARKER_START + (prompt.length() - before.length()) + Clip.MARKER_END);
        // inside the kept part it is redacted as always
        String early = "token " + GITHUB_TOKEN + " " + words(1_000_000);
        assertThat(HookText.prompt(early, REDACTOR)).startsWith("token [REDACTED] ").doesNotContain("ghp_");
    }

    @Test
    void aPrivateBlockOpenAtTheCutIsLeftOut() {
        String before = words(HookText.MAX_PROMPT - 100) + " ";
        String prompt = before + "<private>my home address is " + words(400_000);
        assertThat(HookText.prompt(prompt, REDACTOR)).doesNotContain("<private>").doesNotContain("home address");
    }

    @Test
    void theMarkerSurvivesARuleThatReadsPastTheKeptPart() {
        String prompt = words(HookText.MAX_PROMPT - 22) + " Authorization: Bearer " + words(100_000);
        String stored = HookText.prompt(prompt, REDACTOR);
        assertThat(Clip.wasCut(stored)).isTrue();
        assertThat(stored).contains(Clip.MARKER_START);
    }

    @Test
    void sevenMegabytesOfPlainWordsNeedNoDeepStack() {
        String prompt = words(7_000_000);
        String stored = SmallStack.value(() -> HookText.prompt(prompt, REDACTOR));
        assertThat(stored.length()).isLessThan(HookText.MAX_PROMPT + 100);
    }

    @Test
    void aHeadSaysWhetherTheTextWasCut() {
        HookText.Head whole = HookText.redactedHead("ls src", HookText.COMMAND_READ, REDACTOR);
        assertThat(whole.cut()).isFalse();
        assertThat(whole.text()).isEqualTo("ls src");
        String command = "export TOKEN=hunter22secret; cat <<EOF\n" + words(5_000_000);
        HookText.Head head = SmallStack.value(() -> HookText.redactedHead(command, HookText.COMMAND_READ, REDACTOR));
        assertThat(head.cut()).isTrue();
        assertThat(head.text()).hasSizeLessThanOrEqualTo(HookText.COMMAND_READ).startsWith("export TOKEN=[REDACTED]; cat");
        assertThat(head.marker()).isEqualTo(Clip.MARKER_START + (command.length() - HookText.COMMAND_READ) + Clip.MARKER_END);
    }

    /** Plain words "w0 w1 w2 …", exactly {@code length} characters. */
    static String words(int length) {
        StringBuilder out = new StringBuilder(length + 16);
        for (int i = 0; out.length() < length; i++) {
            out.append(i == 0 ? "" : " ").append('w').append(i);
        }
        out.setLength(length);
        return out.toString();
    }
}
