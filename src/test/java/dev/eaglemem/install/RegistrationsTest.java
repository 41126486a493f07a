package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RegistrationsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "/home/u/.eagle-mem/runtime/eagle-mem hook Stop --agent claude-code|true",
            "'/home/u/my apps/eagle-mem' hook SessionStart --agent codex|true",
            "\"/opt/x/eagle-mem\" hook PostToolUse|true",
            "eagle-mem hook UserPromptSubmit|true",
            "  /old/place/eagle-mem hook PreCompact|true",
            "notify-send 'Claude Code' 'eagle-mem hook done?'|false",
            "echo eagle-mem hook Stop|false",
            "/usr/bin/eagle-mem-helper hook Stop|false",
            "/x/eagle-mem hooks Stop|false",
            "/x/eagle-mem status|false",
            "/home/u/.eagle-mem/runtime/eagle-mem-hook Stop --agent claude-code|true",
            "'/home/u/my apps/eagle-mem-hook' SessionStart --agent codex|true",
            "eagle-mem-hook PostToolUse|true",
            "echo /x/eagle-mem-hook Stop|false",
            "/x/eagle-mem-hooks Stop|false",
            "/x/eagle-mem-hook --agent codex|false",
            "/usr/bin/bash /home/u/.eagle-mem/runtime/eagle-mem-hook Stop --agent claude-code|true",
            "'/opt/my tools/bash' '/home/u/my apps/eagle-mem-hook' PostToolUse --agent codex|true",
            "/usr/bin/bash /x/deploy.sh eagle-mem-hook Stop|false",
            "/usr/bin/bash -c eagle-mem-hook Stop|false" })
    void recognisesOnlyEagleMemHookCommands(String command, boolean ours) {
        assertThat(Registrations.isOurs(command)).isEqualTo(ours);
    }

    @Test
    void theTemplatesGiveEveryEventOneCommandForItsAgent() {
        assertThat(Registrations.claude("/h/.eagle-mem/runtime/eagle-mem")).extracting(HookRegistration::event)
                .containsExactly("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "PreCompact",
                        "SessionEnd");
        assertThat(Registrations.claude("/h/x y/eagle-mem")).allSatisfy(h -> {
            assertThat(h.command()).startsWith("'/h/x y/eagle-mem' hook " + h.event() + " --agent claude-code");
            assertThat(Registrations.isOurs(h.command())).isTrue();
        });
        assertThat(Registrations.claude("/b")).as("async runs were dropped at session end").noneMatch(HookRegistration::async);
        assertThat(Registrations.codex("/b")).noneMatch(HookRegistration::async)
                .allSatisfy(h -> assertThat(h.command()).endsWith("--agent codex"));
        assertThat(Registrations.codex("/b")).filteredOn(h -> h.event().equals("SessionEnd"))
                .extracting(HookRegistration::timeoutSeconds).containsExactly(3);
        assertThat(Registrations.claudeAllowRules()).contains("Bash(eagle-mem session save:*)", "Bash(eagle-mem tasks:*)");
    }

    @Test
    void allowRulesCallEagleMemAsInstallSaysAndAreRecognisedInEveryForm() {
        assertThat(Registrations.claudeAllowRules("eagle-mem")).isEqualTo(Registrations.claudeAllowRules());
        assertThat(Registrations.claudeAllowRules("/home/u/.local/bin/eagle-mem")).hasSize(6)
                .contains("Bash(/home/u/.local/bin/eagle-mem session save:*)", "Bash(/home/u/.local/bin/eagle-mem search:*)");
        assertThat(Registrations.claudeAllowRules("'/home/my u/.local/bin/eagle-mem'"))
                .contains("Bash('/home/my u/.local/bin/eagle-mem' show:*)");
        assertThat(Registrations.claudeAllowRules("/home/u/.local/bin/eagle-mem")).allMatch(Registrations::isOurAllowRule);
        assertThat(Registrations.claudeAllowRules("'/home/my u/.local/bin/eagle-mem'")).allMatch(Registrations::isOurAllowRule);
        assertThat(Registrations.claudeAllowRules()).allMatch(Registrations::isOurAllowRule);
        assertThat(List.of("Bash(make:*)", "Bash(eagle-mem status:*)", "Bash(/x/not-eagle-mem search:*)",
                "Bash(/x/eagle-mem search now:*)", "Bash(eagle-mem-hook search:*)",
                "Read(/home/u/.local/bin/eagle-mem search:*)"))
                .noneMatch(Registrations::isOurAllowRule);
    }

    @Test
    void theShimTakesTheEventWithoutTheHookWord() {
        assertThat(Registrations.codex("/h/.eagle-mem/runtime/eagle-mem-hook")).allSatisfy(h -> {
            assertThat(h.command()).isEqualTo("/h/.eagle-mem/runtime/eagle-mem-hook " + h.event() + " --agent codex");
            assertThat(Registrations.isOurs(h.command())).isTrue();
        });
        assertThat(Registrations.claude("/usr/bin/bash", "/h/my apps/eagle-mem-hook")).allSatisfy(h -> {
            assertThat(h.command()).as("run by bash for its /dev/tcp route")
                    .isEqualTo("/usr/bin/bash '/h/my apps/eagle-mem-hook' " + h.event() + " --agent claude-code");
            assertThat(Registrations.isOurs(h.command())).isTrue();
        });
    }

    @Test
    void theSkillListMatchesTheSkillsFolder() throws IOException {
        try (Stream<Path> dirs = Files.list(Path.of("skills"))) {
            assertThat(dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted())
                    .containsExactlyElementsOf(AgentGuidance.SKILLS);
        }
        AgentGuidance.SKILLS.forEach(name -> assertThat(AgentGuidance.skill(name)).startsWith("---\nname: eagle-mem-"));
    }
}
