package dev.eaglemem.tokenguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

import dev.eaglemem.project.AgentSource;
import dev.eaglemem.tokenguard.TokenGuardSettings.RawBash;
import dev.eaglemem.tokenguard.TokenGuardSettings.Rtk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The token guard's decision table: config, rtk on PATH, unlock, agent and command → allow, rewrite or deny. */
class TokenGuardTest {

    record Row(String rtk, String rawBash, boolean rtkOnPath, boolean unlocked, String agent, String command,
            String expected, String compact) {

        TokenGuard.Request request() {
            return new TokenGuard.Request(new TokenGuardSettings(Rtk.valueOf(rtk.toUpperCase(Locale.ROOT)),
                    RawBash.valueOf(rawBash.toUpperCase(Locale.ROOT))), rtkOnPath, unlocked, AgentSource.parse(agent),
                    command);
        }

        @Override
        public String toString() {
            return String.format("rtk=%s raw_bash=%s %s %s %s: %s → %s %s", rtk, rawBash,
                    rtkOnPath ? "rtk" : "no-rtk", unlocked ? "unlocked" : "", agent, command, expected,
                    compact == null ? "" : compact);
        }
    }

    private static Row row(String rtk, String rawBash, boolean rtkOnPath, boolean unlocked, String agent, String command,
            String expected, String compact) {
        return new Row(rtk, rawBash, rtkOnPath, unlocked, agent, command, expected, compact);
    }

    static Stream<Row> table() {
        return Stream.of(
                // with rtk on PATH, Claude gets the rewrite, Codex the exact compact command
                row("auto", "block", true, false, "claude", "git log", "rewrite", "rtk git log"),
                row("auto", "block", true, false, "claude", "  git diff  ", "rewrite", "rtk git diff"),
                row("auto", "block", true, false, "claude", "cat package-lock.json", "rewrite", "rtk read package-lock.json"),
                row("auto", "block", true, false, "claude", "find . -name '*.java'", "rewrite", "rtk find . -name '*.java'"),
                row("auto", "block", true, false, "claude", "./mvnw test", "rewrite", "rtk ./mvnw test"),
                row("auto", "block", true, false, "claude", "cargo test --workspace", "rewrite", "rtk cargo test --workspace"),
                row("auto", "block", true, false, "claude", "ls -laR src", "rewrite", "rtk ls -laR src"),
                row("auto", "block", true, false, "claude", "kubectl logs api-7f", "rewrite", "rtk kubectl logs api-7f"),
                row("auto", "block", true, false, "claude", "npm test", "rewrite", "rtk npm test"),
                row("auto", "block", true, false, null, "pytest tests", "rewrite", "rtk pytest tests"),
                row("enforce", "allow", true, false, "claude", "go test ./...", "rewrite", "rtk go test ./..."),
                row("auto", "block", true, false, "codex", "git log", "deny", "rtk git log"),
                row("enforce", "block", true, false, "codex", "docker logs web", "deny", "rtk docker logs web"),
                row("auto", "allow", true, false, "codex", "git log", "allow", null),
                // compact or captured output is left alone
                row("auto", "block", true, false, "claude", "git log -n 5", "allow", null),
                row("auto", "block", true, false, "claude", "git log --oneline", "allow", null),
                row("auto", "block", true, false, "claude", "git diff --stat", "allow", null),
                row("auto", "block", true, false, "claude", "git diff src/cart.ts", "allow", null),
                row("auto", "block", true, false, "claude", "mvn -q verify", "allow", null),
                row("auto", "block", true, false, "claude", "find . -maxdepth 2 -name pom.xml", "allow", null),
                row("auto", "block", true, false, "claude", "cat src/Cart.java", "allow", null),
                row("auto", "block", true, false, "claude", "git log > history.txt", "allow", null),
                row("auto", "block", true, false, "claude", "git log | grep fix", "allow", null),
                row("auto", "block", true, false, "claude", "docker logs --tail 50 web", "allow", null),
                row("auto", "block", true, false, "claude", "echo 'git log'", "allow", null),
                row("auto", "block", true, false, "claude", "npm run lint", "allow", null),
                // never touched: releases, eagle-mem, rtk itself, an unlock, token_guard.rtk = off
                row("enforce", "block", true, false, "claude", "git log && git push", "allow", null),
                row("enforce", "block", false, false, "claude", "./mvnw deploy", "allow", null),
                row("enforce", "block", true, false, "codex", "eagle-mem search git log", "allow", null),
                row("enforce", "block", true, false, "claude", "rtk git log", "allow", null),
                row("enforce", "block", true, true, "codex", "git log", "allow", null),
                row("enforce", "block", false, true, "claude", "git log", "allow", null),
                row("off", "block", true, false, "codex", "git log", "allow", null),
                row("off", "block", false, false, "claude", "git log", "allow", null),
                // without rtk: auto never blocks, enforce denies noisy commands
                row("auto", "block", false, false, "claude", "git log", "allow", null),
                row("auto", "block", false, false, "codex", "cat yarn.lock", "allow", null),
                row("enforce", "block", false, false, "claude", "git log", "deny", null),
                row("enforce", "allow", false, false, "codex", "cat yarn.lock", "deny", null),
                row("enforce", "block", false, false, "claude", "git status", "allow", null),
                // a line that is more than one command is never rewritten in place
                row("auto", "block", true, false, "claude", "cd api && mvn test", "allow", null),
                row("auto", "block", true, false, "codex", "cd api && mvn test", "allow", null),
                row("enforce", "block", true, false, "claude", "cd api && mvn test", "deny", "rtk mvn test"),
                row("auto", "block", true, false, "claude", "CI=1 npm test", "allow", null),
                row("auto", "block", true, false, "claude", "", "allow", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void decides(Row row) {
        TokenDecision decision = TokenGuard.decide(row.request());
        switch (row.expected()) {
            case "allow" -> assertThat(decision).isInstanceOf(TokenDecision.Allow.class);
            case "rewrite" -> assertThat(decision).isInstanceOfSatisfying(TokenDecision.Rewrite.class,
                    r -> assertThat(r.command()).isEqualTo(row.compact()));
            case "deny" -> assertThat(decision).isInstanceOfSatisfying(TokenDecision.Deny.class, d -> {
                assertThat(d.compactCommand()).isEqualTo(row.compact());
                assertThat(d.reason()).contains(TokenGuard.UNLOCK);
                if (row.compact() != null) {
                    assertThat(d.reason()).contains("\n  " + row.compact() + "\n");
                }
            });
            default -> throw new IllegalArgumentException(row.expected());
        }
    }

    @Test
    void theReasonsSayWhatToRunInstead() {
        TokenDecision.Deny codex = (TokenDecision.Deny) TokenGuard.decide(table().filter(r -> r.agent() != null
                && r.agent().equals("codex") && r.expected().equals("deny") && r.rtk().equals("auto")).findFirst()
                .orElseThrow().request());
        assertThat(codex.reason()).isEqualTo("""
                Eagle Mem blocked raw shell output to keep Codex context clean (git log without -n or --oneline).

                Run the compact command instead:
                  rtk git log

                One-off developer bypass:
                  eagle-mem unlock --minutes 15""");
        TokenDecision.Deny missing = (TokenDecision.Deny) TokenGuard.decide(new TokenGuard.Request(
                new TokenGuardSettings(Rtk.ENFORCE, RawBash.BLOCK), false, false, Optional.empty(), "cat yarn.lock"));
        assertThat(missing.reason()).contains("rtk is not on PATH").contains("\n  cat yarn.lock\n")
                .contains("eagle-mem config set token_guard.rtk auto");
        TokenDecision.Rewrite rewrite = (TokenDecision.Rewrite) TokenGuard.decide(new TokenGuard.Request(
                new TokenGuardSettings(Rtk.AUTO, RawBash.BLOCK), true, false, Optional.empty(), "git diff"));
        assertThat(rewrite.context()).contains("`rtk git diff`").contains("git diff of the whole repository")
                .doesNotContain("head");
    }
}
