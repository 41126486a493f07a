package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class AgentSourceTest {

    @ParameterizedTest
    @CsvSource({
            "codex, CODEX",
            "openai-codex, CODEX",
            "  Codex , CODEX",
            "claude, CLAUDE_CODE",
            "claude-code, CLAUDE_CODE",
            "cloud-code, CLAUDE_CODE",
            "CLAUDE-CODE, CLAUDE_CODE",
            "antigravity, ANTIGRAVITY",
            "antigravity-1.4, ANTIGRAVITY",
            "google-antigravity, ANTIGRAVITY",
            "Google_Antigravity_IDE, ANTIGRAVITY",
            "opencode, OPENCODE",
            "opencode-desktop, OPENCODE",
            "grok, GROK",
            "GROK-CLI, GROK",
            "cli, CLI",
            "Terminal, CLI",
            "human, CLI",
    })
    void parsesAliasesCaseInsensitively(String value, AgentSource expected) {
        assertThat(AgentSource.parse(value)).contains(expected);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = { "", "  ", "codex-cli", "claudecode", "open-code", "gemini-pro", "copilot-chat" })
    void unknownNamesAreEmpty(String value) {
        assertThat(AgentSource.parse(value)).isEmpty();
    }

    @Test
    void idsAndLabelsMatchTheStoredValues() {
        assertThat(AgentSource.values()).extracting(AgentSource::id)
                .containsExactly("claude-code", "codex", "gemini", "copilot", "opencode", "grok", "cursor", "antigravity",
                        "cli");
        assertThat(AgentSource.values()).extracting(AgentSource::label)
                .containsExactly("Claude Code", "Codex", "Gemini CLI", "GitHub Copilot CLI", "OpenCode", "Grok", "Cursor",
                        "Antigravity", "a person at a terminal");
    }

    @Test
    void everyIdParsesBackToItsConstant() {
        for (AgentSource source : AgentSource.values()) {
            assertThat(AgentSource.parse(source.id())).contains(source);
        }
    }
}
