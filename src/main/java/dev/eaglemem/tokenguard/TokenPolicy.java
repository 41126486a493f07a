package dev.eaglemem.tokenguard;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.store.CommandRuleRow;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The token guard with this machine's facts filled in: the configured mode, whether {@code rtk} is on PATH
 * and whether {@code eagle-mem unlock} is in effect. {@link TokenGuard} decides.
 */
@ApplicationScoped
public class TokenPolicy {

    private final TokenGuardSettings settings;
    private final EagleEnv env;
    private final UnlockFile unlock;
    private final Function<String, List<CommandRuleRow>> learned;

    /** With the learned command rules of {@code command_rules} (one indexed query per shell command in a project). */
    @Inject
    public TokenPolicy(EagleConfig config, EagleEnv env, DataDir dataDir, Clock clock, Db db, CurationStore rules) {
        this(config, env, dataDir, clock, project -> db.read(tx -> rules.commandRules(tx, project)));
    }

    /** Without learned rules (the built-in noisy commands only). */
    public TokenPolicy(EagleConfig config, EagleEnv env, DataDir dataDir, Clock clock) {
        this(config, env, dataDir, clock, project -> List.of());
    }

    TokenPolicy(EagleConfig config, EagleEnv env, DataDir dataDir, Clock clock,
            Function<String, List<CommandRuleRow>> learned) {
        this.settings = TokenGuardSettings.from(config);
        this.env = env;
        this.unlock = UnlockFile.in(dataDir, clock);
        this.learned = learned;
    }

    /** What the guard does on this machine now, unlock aside: the answer to "is it on?". */
    @RegisterForReflection
    public enum Effect implements dev.eaglemem.format.StateId {
        /** token_guard.rtk = off. */
        OFF,
        /** auto, and rtk is not on PATH: nothing to rewrite to, so every command runs as it is. */
        IDLE_NO_RTK,
        /** rtk on PATH (rewrites), or enforce (denies without it). */
        ACTIVE
    }

    public Effect effect() {
        return switch (settings.rtk()) {
            case OFF -> Effect.OFF;
            case ENFORCE -> Effect.ACTIVE;
            case AUTO -> Executables.find(env.vars(), "rtk").isPresent() ? Effect.ACTIVE : Effect.IDLE_NO_RTK;
        };
    }

    /** @param project the project the command runs in (its learned rules apply), or null */
    public TokenDecision decide(AgentSource agent, String project, String command) {
        if (settings.rtk() == TokenGuardSettings.Rtk.OFF || command == null || command.isBlank()) {
            return new TokenDecision.Allow(); // no PATH walk, no file read, no query
        }
        // PATH is the hook process's (serve's own when it answers): rtk is a per-machine install
        boolean rtk = Executables.find(env.vars(), "rtk").isPresent();
        return TokenGuard.decide(new TokenGuard.Request(settings, rtk, unlock.activeUntil().isPresent(),
                Optional.ofNullable(agent), command, project == null ? List.of() : learned.apply(project)));
    }
}
