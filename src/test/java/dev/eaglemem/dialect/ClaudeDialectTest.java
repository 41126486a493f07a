package dev.eaglemem.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** The one line each response becomes, in the shape both agents accept. */
class ClaudeDialectTest {

    @Test
    void aRewriteIsAnAllowWithTheWholeUpdatedInputAndAReason() {
        ObjectNode input = JsonNodeFactory.instance.objectNode().put("command", "rtk git log").put("description", "history");
        String line = ClaudeDialect
                .hookSpecificOutput("PreToolUse", new HookResponse.Rewrite(input, "Eagle Mem token guard: ran rtk git log"))
                .orElseThrow();
        assertThat(line).isEqualTo("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"allow\","
                + "\"permissionDecisionReason\":\"Eagle Mem token guard: ran rtk git log\","
                + "\"updatedInput\":{\"command\":\"rtk git log\",\"description\":\"history\"}}}");
    }

    @Test
    void aDenyKeepsItsMultiLineReasonOnOneLine() {
        String line = ClaudeDialect.hookSpecificOutput("PreToolUse", new HookResponse.Deny("blocked\n\nbecause")).orElseThrow();
        assertThat(line).doesNotContain("\n").contains("\"permissionDecision\":\"deny\"", "blocked\\n\\nbecause");
    }

    @Test
    void aDenyOrRewriteWithoutAReasonCannotExist() {
        assertThatThrownBy(() -> new HookResponse.Deny(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HookResponse.Rewrite(JsonNodeFactory.instance.objectNode(), ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
