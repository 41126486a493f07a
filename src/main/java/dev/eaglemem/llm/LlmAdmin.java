package dev.eaglemem.llm;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.ConfigService;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.LlmUsageStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The {@code eagle-mem llm} commands: status, init, test and usage. */
@ApplicationScoped
public class LlmAdmin {

    /** What {@code llm init} chose and whether it wrote it. */
    @RegisterForReflection
    public record Init(Detected detected, Detection.Choice choice, boolean written, String configFile) {
    }

    private final LlmService llm;
    private final EagleEnv env;
    private final ConfigService config;
    private final Db db;
    private final LlmUsageStore usage;

    public LlmAdmin(LlmService llm, EagleEnv env, ConfigService config, Db db, LlmUsageStore usage) {
        this.llm = llm;
        this.env = env;
        this.config = config;
        this.db = db;
        this.usage = usage;
    }

    public LlmStatus status() {
        LlmConfig c = llm.config();
        ProviderChain chain = llm.chain();
        List<LlmStatus.Refused> refused = new ArrayList<>();
        chain.refused().forEach(r -> refused.add(new LlmStatus.Refused(r.provider().kind().id(), r.reason())));
        return new LlmStatus(c.primary().map(ProviderKind::id).orElse("none"),
                chain.providers().stream().map(LlmStatus.Provider::of).toList(), refused, c.allowRemote(),
                new LlmStatus.Budget(c.dailyUsd(), c.dailyTokens(), c.maxTokens(), (int) c.timeout().toSeconds()),
                LlmStatus.Today.of(llm.today(), llm.spentToday()), new Detection(env).detect());
    }

    /**
     * Detects what the machine offers and configures it: the given provider (and model), else the local-first
     * choice. {@code dryRun} only says what it would write.
     */
    public Init init(String provider, String model, boolean dryRun) {
        Detected detected = new Detection(env).detect();
        Detection.Choice choice;
        if (provider != null) {
            ProviderKind kind = ProviderKind.parse(provider).orElseThrow(() -> EagleException.invalidInput(
                    "'" + provider + "' is not a provider (anthropic, openai, ollama, agent_cli, none)",
                    "eagle-mem llm init --provider ollama"));
            choice = new Detection.Choice(kind.id(), model == null ? "" : model, "chosen with --provider");
        } else {
            Detection.Choice found = Detection.choose(detected);
            choice = model == null ? found : new Detection.Choice(found.provider(), model, found.reason());
        }
        if (!dryRun) {
            config.set("llm.provider", choice.provider());
            config.set("llm.model", choice.model());
        }
        return new Init(detected, choice, !dryRun, config.list().file().toString());
    }

    /** One round trip: a tiny prompt, recorded under purpose {@code test}. */
    public LlmReply test() {
        if (!llm.configured()) {
            throw EagleException.failure("llm_not_configured", "no model provider is configured (llm.provider = none)",
                    "eagle-mem llm init", null);
        }
        try {
            return llm.complete(new LlmRequest("test", null, null, "You answer with one word.",
                    "Reply with the single word: ok", 16, false));
        } catch (LlmDeferred e) {
            throw EagleException.failure("llm_budget_spent", e.getMessage(),
                    "eagle-mem config set llm.daily_usd 1.00   (or wait for the next day)", e);
        } catch (LlmFailure e) {
            throw EagleException.failure("llm_failed", "the model call failed: " + e.getMessage(),
                    "eagle-mem llm status   (shows the chain and what each provider lacks)", e);
        }
    }

    public LlmUsage usage(int days) {
        if (days < 1 || days > 3650) {
            throw EagleException.invalidInput("--days must be between 1 and 3650 (got " + days + ")",
                    "eagle-mem llm usage --days 7");
        }
        String since = LocalDate.parse(llm.today()).minusDays(days - 1L).toString();
        return LlmUsage.of(days, since, db.read(tx -> usage.report(tx, since)));
    }
}
