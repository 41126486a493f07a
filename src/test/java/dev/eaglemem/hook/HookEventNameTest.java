package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HookEventNameTest {

    @Test
    void everyNameRoundTripsAndOnlyTheExactSpellingIsKnown() {
        for (HookEventName name : HookEventName.values()) {
            assertThat(HookEventName.parse(name.id())).isSameAs(name);
            assertThat(HookEventName.find(name.id())).contains(name);
        }
        assertThat(HookEventName.values()).extracting(HookEventName::id).containsExactly("SessionStart", "UserPromptSubmit",
                "PreToolUse", "PostToolUse", "Stop", "PreCompact", "SessionEnd", "TaskCreated", "TaskCompleted");
        assertThat(HookEventName.find("sessionstart")).isEmpty();
        assertThat(HookEventName.find("Notification")).isEmpty();
    }
}
