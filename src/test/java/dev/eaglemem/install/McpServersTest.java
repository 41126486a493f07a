package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

/** The text edits of the MCP server entries: ours in, ours out, the rest untouched. */
class McpServersTest {

    private static final Path CLAUDE = Path.of("/home/u/.claude.json");
    private static final Path CODEX = Path.of("/home/u/.codex/config.toml");
    private static final String BIN = "/home/u/.eagle-mem/runtime/eagle-mem";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode tree(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void claudeCodeReadsUserServersFromClaudeJsonBesideHomeOrInItsConfigDir() {
        EagleEnv plain = new EagleEnv(Map.of(), Path.of("/home/u"), Path.of("/work"));
        assertThat(McpServers.claudeConfig(plain)).isEqualTo(Path.of("/home/u/.claude.json"));
        EagleEnv moved = new EagleEnv(Map.of("CLAUDE_CONFIG_DIR", "/cfg/claude"), Path.of("/home/u"), Path.of("/work"));
        assertThat(McpServers.claudeConfig(moved)).isEqualTo(Path.of("/cfg/claude/.claude.json"));
    }

    @Test
    void claudeEntryGoesInBesideTheUsersServersAndStateAndComesOutAgain() throws Exception {
        String state = "{\"numStartups\":3,\"mcpServers\":{\"github\":{\"type\":\"stdio\",\"command\":\"gh\",\"args\":[]}},"
                + "\"tipsHistory\":{\"a\":1.50}}";
        String added = McpServers.claudeAdd(CLAUDE, state, BIN);
        JsonNode after = tree(added);
        assertThat(after.at("/mcpServers/eagle-mem")).isEqualTo(tree("{\"type\":\"stdio\",\"command\":\"" + BIN
                + "\",\"args\":[\"mcp\"],\"env\":{}}"));
        assertThat(after.at("/mcpServers/github/command").asText()).isEqualTo("gh");
        assertThat(after.at("/tipsHistory/a").decimalValue()).isEqualByComparingTo("1.50");
        assertThat(McpServers.claudeAdd(CLAUDE, added, BIN)).isSameAs(added);
        assertThat(McpServers.claudeDrift(CLAUDE, added, BIN)).isEmpty();
        assertThat(McpServers.claudeDrift(CLAUDE, McpServers.claudeAdd(CLAUDE, state, "/old/eagle-mem"), BIN))
                .singleElement().asString().contains("expected");
        assertThat(tree(McpServers.claudeRemove(CLAUDE, added, state))).isEqualTo(tree(state));
        assertThat(McpServers.claudeRemove(CLAUDE, state, state)).isSameAs(state);
    }

    @Test
    void claudeMcpServersWeCreatedGoWithOurEntryAndAFileWeCreatedIsEmptiedForDeletion() throws Exception {
        String added = McpServers.claudeAdd(CLAUDE, "{\"numStartups\":1}", BIN);
        assertThat(tree(McpServers.claudeRemove(CLAUDE, added, "{\"numStartups\":1}"))).isEqualTo(tree("{\"numStartups\":1}"));
        String created = McpServers.claudeAdd(CLAUDE, null, BIN);
        assertThat(McpServers.claudeRemove(CLAUDE, created, "")).isEmpty();
        assertThat(McpServers.claudeDrift(CLAUDE, null, BIN)).singleElement().asString().startsWith("no mcpServers.eagle-mem");
    }

    @Test
    void aMalformedClaudeJsonStopsInstallWithAFix() {
        assertThatThrownBy(() -> McpServers.claudeAdd(CLAUDE, "{\"mcpServers\": [", BIN)).isInstanceOf(EagleException.class)
                .hasMessageContaining(CLAUDE.toString());
        assertThatThrownBy(() -> McpServers.claudeAdd(CLAUDE, "{\"mcpServers\": []}", BIN)).isInstanceOf(EagleException.class);
    }

    @Test
    void codexTableIsAppendedAndRemovedLeavingEveryOtherByteAlone() {
        String mine = "# Codex\nmodel = \"o4\" # fast\n\n[mcp_servers.docs]\ncommand = \"docs\"\nargs = [\"--stdio\"]\n";
        String added = McpServers.codexAdd(CODEX, mine, BIN);
        assertThat(added).isEqualTo(mine + "\n[mcp_servers.eagle-mem]\ncommand = \"" + BIN + "\"\nargs = [\"mcp\"]\n");
        assertThat(McpServers.codexAdd(CODEX, added, BIN)).isSameAs(added);
        assertThat(McpServers.codexDrift(CODEX, added, BIN)).isEmpty();
        assertThat(McpServers.codexRemove(CODEX, added)).isEqualTo(mine);
        assertThat(McpServers.codexRemove(CODEX, mine)).isSameAs(mine);
        assertThat(McpServers.codexRemove(CODEX, McpServers.codexAdd(CODEX, "", BIN))).isEmpty();
        assertThat(McpServers.codexAdd(CODEX, "model = \"o4\"", BIN)).startsWith("model = \"o4\"\n\n[mcp_servers.eagle-mem]");
    }

    @Test
    void aStaleCodexEntryIsReplacedInPlaceOfTheOld() {
        String stale = "[mcp_servers.eagle-mem]\ncommand = \"/old/eagle-mem\"\nargs = [\"mcp\"]\n[mcp_servers.eagle-mem.env]\n"
                + "X = \"1\"\n\n[other]\nk = 1\n";
        String fixed = McpServers.codexAdd(CODEX, stale, BIN);
        assertThat(fixed).startsWith("\n[other]\nk = 1\n").doesNotContain("/old/").doesNotContain("X = ")
                .endsWith("[mcp_servers.eagle-mem]\ncommand = \"" + BIN + "\"\nargs = [\"mcp\"]\n");
        assertThat(McpServers.codexDrift(CODEX, stale, BIN)).singleElement().asString().contains("expected");
        assertThat(McpServers.codexDrift(CODEX, "", BIN)).singleElement().asString().startsWith("no [mcp_servers.eagle-mem]");
    }

    @Test
    void anInlineCodexEntryIsRefusedNotReshaped() {
        String inline = "[mcp_servers]\neagle-mem = { command = \"x\", args = [] }\n";
        assertThatThrownBy(() -> McpServers.codexAdd(CODEX, inline, BIN)).isInstanceOf(EagleException.class)
                .hasMessageContaining("written inline");
        assertThatThrownBy(() -> McpServers.codexAdd(CODEX, "model = ", BIN)).hasMessageContaining("malformed TOML");
    }
}
