package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eaglemem.status.StatusReport;
import org.junit.jupiter.api.Test;

/** Issue 24: status's semantic line told people to start serve while serve was running and embedding. */
class StatusSemanticLineTest {

    private static final StatusReport.Semantic WAITING = new StatusReport.Semantic(true, "all-minilm-l6-v2-q", 10, 2, 0, 7);

    @Test
    void vectorsThatWaitWhileServeRunsAreBeingWorkedOn() {
        assertThat(StatusCommand.semantic(WAITING, true)).endsWith("7 wait: serve's embed job is working through them")
                .doesNotContain("eagle-mem serve");
    }

    @Test
    void vectorsThatWaitWithoutServeSayHowToStartIt() {
        assertThat(StatusCommand.semantic(WAITING, false))
                .endsWith("7 wait for serve's embed job, and serve is not running (start it: eagle-mem serve)");
    }

    @Test
    void nothingWaitingOrSemanticOffSaySo() {
        assertThat(StatusCommand.semantic(new StatusReport.Semantic(true, "m", 1, 0, 0, 0), false)).endsWith("nothing waits");
        assertThat(StatusCommand.semantic(new StatusReport.Semantic(false, "m", 0, 0, 0, 3), false)).startsWith("off");
    }
}
