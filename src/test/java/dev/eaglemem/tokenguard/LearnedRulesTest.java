package dev.eaglemem.tokenguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import dev.eaglemem.project.AgentSource;
import dev.eaglemem.store.CommandRuleRow;
import dev.eaglemem.tokenguard.TokenGuardSettings.RawBash;
import dev.eaglemem.tokenguard.TokenGuardSettings.Rtk;
import org.junit.jupiter.api.Test;

/** Learned command rules in the token guard's decision: rtk stays the executor, advice never blocks, nothing is cut. */
class LearnedRulesTest {

    private static final CommandRuleRow LOGS = new CommandRuleRow(3, "code/shop", "docker compose logs", "rtk", 500,
            "api logs run to thousands of lines", "curator", 7L, 12L, "2026-11-25T10:00:00.000Z", null);
    private static final CommandRuleRow E2E = new CommandRuleRow(4, "code/shop", "npm run e2e", "advise", 2000,
            "the e2e suite prints every step", "user", null, null, "2026-11-25T10:00:00.000Z", null);

    private static TokenDecision decide(Rtk rtk, boolean rtkOnPath, boolean unlocked, AgentSource agent, String command) {
        return TokenGuard.decide(new TokenGuard.Request(new TokenGuardSettings(rtk, RawBash.BLOCK), rtkOnPath, unlocked,
                Optional.of(agent), command, List.of(LOGS, E2E)));
    }

    @Test
    void anRtkRuleRoutesTheCommandThroughRtkLikeABuiltInNoisyCommand() {
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CLAUDE_CODE, "docker compose logs api"))
                .isInstanceOfSatisfying(TokenDecision.Rewrite.class, r -> {
                    assertThat(r.command()).isEqualTo("rtk docker compose logs api");
                    assertThat(r.context()).contains("learned command rule #3: api logs run to thousands of lines");
                });
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CODEX, "docker compose logs api"))
                .isInstanceOfSatisfying(TokenDecision.Deny.class, d -> assertThat(d.compactCommand())
                        .isEqualTo("rtk docker compose logs api"));
        assertThat(decide(Rtk.ENFORCE, false, false, AgentSource.CLAUDE_CODE, "docker compose logs api"))
                .isInstanceOf(TokenDecision.Deny.class);
        assertThat(decide(Rtk.AUTO, false, false, AgentSource.CLAUDE_CODE, "docker compose logs api"))
                .as("auto without rtk never blocks: it advises").isInstanceOf(TokenDecision.Advise.class);
    }

    @Test
    void anAdviseRuleOnlyTellsAndNothingMatchesWhatItShouldNot() {
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CLAUDE_CODE, "npm run e2e -- --headed"))
                .isInstanceOfSatisfying(TokenDecision.Advise.class, a -> assertThat(a.context()).isEqualTo(
                        "Eagle Mem command rule #4 (set by the user): `npm run e2e` output is typically long (the e2e suite"
                                + " prints every step), about 2000 lines. Prefer a quieter form of the command or check only"
                                + " its exit status."));
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CLAUDE_CODE, "docker compose logs api | tail -50"))
                .as("output already piped away").isInstanceOf(TokenDecision.Allow.class);
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CLAUDE_CODE, "docker compose ps"))
                .isInstanceOf(TokenDecision.Allow.class);
        assertThat(decide(Rtk.AUTO, true, true, AgentSource.CLAUDE_CODE, "docker compose logs api"))
                .as("unlocked").isInstanceOf(TokenDecision.Allow.class);
        assertThat(decide(Rtk.OFF, true, false, AgentSource.CLAUDE_CODE, "npm run e2e")).isInstanceOf(TokenDecision.Allow.class);
        assertThat(decide(Rtk.AUTO, true, false, AgentSource.CLAUDE_CODE, "git log"))
                .as("a built-in noisy command keeps its own reason")
                .isInstanceOfSatisfying(TokenDecision.Rewrite.class, r -> assertThat(r.context()).doesNotContain("learned"));
    }

    @Test
    void patternsAreWholeWordsAtTheStartOfACommand() {
        assertThat(CommandPattern.words("x")).isEmpty();
        assertThat(CommandPattern.words("./build/run")).isEmpty();
        assertThat(CommandPattern.matches("cd api && docker compose logs web", "docker compose logs")).isTrue();
        assertThat(CommandPattern.matches("docker compose logsx", "docker compose logs")).isFalse();
        assertThat(CommandPattern.matches("/usr/local/bin/mvn test -q", "mvn test")).isTrue();
    }
}
