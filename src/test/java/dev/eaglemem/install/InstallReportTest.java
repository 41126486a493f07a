package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.install.ActionStatus.Outcome;
import org.junit.jupiter.api.Test;

class InstallReportTest {

    @Test
    void aDryRunPlansEveryChangeButNotWhatIsUnchanged() {
        InstallReport.Builder report = new InstallReport.Builder(true);
        Path file = Path.of("/h/f");
        report.action("a", file, Outcome.CREATED);
        report.action("b", file, Outcome.UNCHANGED);
        report.action("c", file, Outcome.MIGRATE_IF_BEHIND);
        report.action("d", file, new ActionStatus.Skipped("codex not on PATH"));
        assertThat(report.build().actions()).extracting(a -> a.status().id()).containsExactly("planned: created",
                "unchanged", "planned: migrate if behind", "planned: skipped (codex not on PATH)");
        assertThat(JsonOutput.write(report.build().actions().getFirst()))
                .isEqualTo("{\"what\":\"a\",\"path\":\"/h/f\",\"status\":\"planned: created\"}");
    }

    @Test
    void aRealRunReportsWhatHappened() {
        InstallReport.Builder report = new InstallReport.Builder(false);
        report.action("a", Path.of("/h/f"), Outcome.CREATED);
        assertThat(report.build().actions().getFirst().status()).isSameAs(Outcome.CREATED);
    }
}
