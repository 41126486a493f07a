package dev.eaglemem.team;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eaglemem.store.TeamRecord;
import org.junit.jupiter.api.Test;

class TeamRuleTest {

    private static TeamRecord rev(int revision, String changedAt, String hash) {
        return new TeamRecord("acme/shop", "memory", "acme/shop@2026-12-01T10:00:00.000Z#0", revision, hash, "{}", false,
                changedAt, "m", "p", 0);
    }

    @Test
    void theHigherRevisionWinsWhateverItsTime() {
        assertThat(TeamRule.INSTANCE.incomingWins(rev(3, "2026-12-01T09:00:00.000Z", "a"), rev(2, "2026-12-02T00:00:00.000Z",
                "b"))).isTrue();
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, "2026-12-09T09:00:00.000Z", "a"), rev(3, "2026-12-01T00:00:00.000Z",
                "b"))).isFalse();
    }

    @Test
    void betweenEqualRevisionsTheLaterChangeWinsThenTheGreaterHash() {
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, "2026-12-01T10:00:00.002Z", "a"), rev(2, "2026-12-01T10:00:00.001Z",
                "z"))).isTrue();
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, "2026-12-01T10:00:00.001Z", "z"), rev(2, "2026-12-01T10:00:00.002Z",
                "a"))).isFalse();
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, "2026-12-01T10:00:00.001Z", "b"), rev(2, "2026-12-01T10:00:00.001Z",
                "a"))).isTrue();
        // every machine decides alike: the rule is antisymmetric
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, "2026-12-01T10:00:00.001Z", "a"), rev(2, "2026-12-01T10:00:00.001Z",
                "b"))).isFalse();
        assertThat(TeamRule.INSTANCE.incomingWins(rev(2, null, "a"), rev(2, "2026-12-01T10:00:00.001Z", "b"))).isFalse();
    }
}
