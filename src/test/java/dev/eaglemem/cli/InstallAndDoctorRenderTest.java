package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;

import dev.eaglemem.doctor.Check;
import dev.eaglemem.doctor.DoctorReport;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer.Agent;
import org.junit.jupiter.api.Test;

class InstallAndDoctorRenderTest {

    private static final Path SETTINGS = Path.of("/h/.claude/settings.json");

    private static String install(InstallReport report, boolean noAllow) {
        StringWriter text = new StringWriter();
        InstallRender.print(new PrintWriter(text, true), "install", report, EnumSet.of(Agent.CLAUDE_CODE), noAllow);
        return text.toString();
    }

    @Test
    void installSaysWhichCommandsItPreApprovesAndHowTheAgentsCallEagleMem() {
        String link = "/h/.local/bin/eagle-mem";
        InstallReport report = new InstallReport(false, "/h/.eagle-mem/runtime/eagle-mem", null, null, link, link + " statusline",
                List.of("Bash(" + link + " session save:*)", "Bash(" + link + " search:*)"),
                List.of(new InstallReport.Action("hooks", SETTINGS, Outcome.UPDATED)), List.of("/h/.local/bin is not on PATH"));
        assertThat(install(report, false)).isEqualTo(
                """
                        Installed eagle-mem (/h/.eagle-mem/runtime/eagle-mem):
                          hooks                updated                    /h/.claude/settings.json
                          agents call eagle-mem as /h/.local/bin/eagle-mem (`eagle-mem` by name does not reach this install)
                          pre-approved in Claude Code's permissions.allow (install --no-allow leaves them out):
                            Bash(/h/.local/bin/eagle-mem session save:*)
                            Bash(/h/.local/bin/eagle-mem search:*)
                          Claude Code status bar (optional), in its settings.json: "statusLine": {"type": "command", "command": "/h/.local/bin/eagle-mem statusline"}
                          ! /h/.local/bin is not on PATH
                        """);
        InstallReport none = new InstallReport(false, "/b/eagle-mem", null, null, "eagle-mem", "eagle-mem statusline", List.of(),
                List.of(), List.of());
        assertThat(install(none, true)).contains("no eagle-mem command pre-approved in Claude Code (--no-allow)")
                .contains("\"command\": \"eagle-mem statusline\"").doesNotContain("agents call");
    }

    @Test
    void doctorLabelsGetAColumnAsWideAsTheLongest() {
        DoctorReport report = new DoctorReport(Check.Status.WARN, Path.of("/d"), Path.of("/d/memory.db"),
                Path.of("/d/config.toml"),
                null, 9, null, 0, List.of(new Check("wal", Check.Status.OK, "no write-ahead log", null),
                        new Check("claude_hooks", Check.Status.OK, "all there", null),
                        new Check("codex_trust", Check.Status.WARN, "not checked", "codex")));
        StringWriter text = new StringWriter();
        DoctorCommand.print(new PrintWriter(text, true), report);
        assertThat(text.toString()).isEqualTo("""
                ok    wal          no write-ahead log
                ok    claude_hooks all there
                WARN  codex_trust  not checked
                      fix: codex
                overall: warn
                """);
    }
}
