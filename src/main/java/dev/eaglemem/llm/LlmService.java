package dev.eaglemem.llm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.LlmUsageStore;

/**
 * The governed provider chain. Every request is stripped of {@code <private>} blocks and redacted before it is
 * sent to any provider; the cost governor reserves the call's worst case before it is made and records what it
 * used after. Providers are tried in chain order (see {@link ProviderChain}); each is called once. serve runs
 * for hours, so the {@code llm.*} keys are read again when config.toml changes ({@code eagle-mem llm init} while
 * serve runs takes effect at the next call).
 */
@ApplicationScoped
public class LlmService implements Llm {

    private final EagleConfig startConfig;
    private final EagleEnv env;
    private final Redactor redactor;
    private final CostGovernor governor;
    private final LogFile log;
    private final Clock clock;
    private final ChatCaller http;
    private final ChatCaller cli;
    private LlmConfig config;
    private FileTime configTime;

    @Inject
    public LlmService(EagleConfig config, EagleEnv env, Redactor redactor, Db db, LlmUsageStore usage, Settings settings,
            LogFile log, Clock clock) {
        this(config, env, redactor, new CostGovernor(db, usage, clock, settings.times().zone()), log, clock,
                new LangchainCaller(clock), new AgentCliCaller());
    }

    LlmService(EagleConfig config, EagleEnv env, Redactor redactor, CostGovernor governor, LogFile log, Clock clock,
            ChatCaller http, ChatCaller cli) {
        this.startConfig = config;
        this.env = env;
        this.redactor = redactor;
        this.governor = governor;
        this.log = log;
        this.clock = clock;
        this.http = http;
        this.cli = cli;
    }

    /** The {@code llm.*} configuration as config.toml says now. */
    public synchronized LlmConfig config() {
        Path file = startConfig.file();
        FileTime now = modified(file);
        if (config == null || (now != null && !now.equals(configTime))) {
            EagleConfig current = config == null || now == null ? startConfig : ConfigFile.load(file);
            config = LlmConfig.from(current);
            configTime = now;
        }
        return config;
    }

    public ProviderChain chain() {
        return ProviderChain.of(config(), new ProviderResolver(env));
    }

    @Override
    public boolean configured() {
        return config().primary().isPresent();
    }

    @Override
    public LlmReply complete(LlmRequest request) {
        LlmConfig cfg = config();
        if (cfg.primary().isEmpty()) {
            throw new LlmFailure("no model provider is configured (llm.provider = none); run: eagle-mem llm init", null,
                    false);
        }
        ProviderChain chain = ProviderChain.of(cfg, new ProviderResolver(env));
        List<ProviderSetup> usable = chain.usable();
        if (usable.isEmpty()) {
            throw new LlmFailure("no configured provider can be called: " + String.join("; ",
                    chain.providers().stream().map(p -> p.kind().id() + ": " + p.problem()).toList()), null, false);
        }
        String system = redact(request.system());
        String prompt = redact(request.prompt());
        int maxOut = Math.min(request.maxTokens(), cfg.maxTokens());
        long estimatedIn = Tokens.worstCase(system) + Tokens.worstCase(prompt);
        List<String> errors = new ArrayList<>();
        Instant retryAfter = null;
        boolean retryable = false;
        for (ProviderSetup p : usable) {
            Prices.Price price = cfg.prices().of(p, p.model());
            CostGovernor.Reservation held = governor.reserve(cfg, estimatedIn + maxOut, price.cost(estimatedIn, maxOut));
            long started = clock.millis();
            try {
                ProviderAnswer a = (p.kind() == ProviderKind.AGENT_CLI ? cli : http).call(p, system, prompt, maxOut,
                        AnswerShape.of(request), cfg.timeout());
                long latency = clock.millis() - started;
                boolean estimated = a.inputTokens() == null || a.outputTokens() == null;
                long in = a.inputTokens() == null ? Tokens.estimate(system) + Tokens.estimate(prompt) : a.inputTokens();
                long out = a.outputTokens() == null ? Tokens.estimate(a.text()) : a.outputTokens();
                String model = a.model() == null || a.model().isBlank() ? p.model() : a.model();
                double cost = cfg.prices().of(p, model).cost(in, out);
                governor.record(held, governor.call(request, p, model, in, out, estimated, cost, latency, null));
                return new LlmReply(a.text(), p.kind().id(), model, in, out, estimated, cost, latency);
            } catch (ProviderError e) {
                long latency = clock.millis() - started;
                String error = scrub(e.getMessage(), p);
                governor.record(held, governor.call(request, p, p.model(), 0, 0, false, 0, latency, error));
                log.warn("llm: " + p.kind().id() + " failed for " + request.purpose() + ": " + error);
                errors.add(error);
                retryable |= e.retryable();
                if (e.retryAfter() != null && (retryAfter == null || e.retryAfter().isAfter(retryAfter))) {
                    retryAfter = e.retryAfter();
                }
            } catch (RuntimeException e) {
                governor.release(held);
                throw e;
            }
        }
        throw new LlmFailure(String.join("; ", errors), retryAfter, retryable);
    }

    /** What the day has used so far (for {@code llm status}). */
    public LlmUsageStore.Spent spentToday() {
        return governor.spentToday();
    }

    public String today() {
        return governor.today();
    }

    /**
     * A provider's error as it is kept (log, usage row, job result, command output). Some servers echo the key they
     * were sent ("Incorrect API key provided: sk-…"); it is cut out here whatever its shape, then the text is redacted
     * like everything else.
     */
    private String scrub(String message, ProviderSetup p) {
        String text = message == null ? "" : message;
        if (p.apiKey() != null && !p.apiKey().isBlank()) {
            text = text.replace(p.apiKey(), "[api key]");
        }
        return redactor.redact(text);
    }

    private String redact(String text) {
        return text == null || text.isEmpty() ? "" : redactor.redact(Redactor.stripPrivate(text));
    }

    private static FileTime modified(Path file) {
        try {
            return Files.exists(file) ? Files.getLastModifiedTime(file) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
