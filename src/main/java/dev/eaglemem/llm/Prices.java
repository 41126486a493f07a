package dev.eaglemem.llm;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

import dev.eaglemem.config.ConfigValues;

/**
 * What a model's tokens cost, in US dollars per million input and output tokens. A model matches the longest
 * entry that prefixes its name; {@code llm.prices} entries come before the built-in table. A remote model that
 * matches nothing is priced at {@link #UNKNOWN} on purpose: a budget must never be spent by a model we could not
 * price. Models served on this machine are free (see {@link #of}).
 */
public final class Prices {

    /** A price per million tokens. */
    public record Price(String prefix, double inputPerMillion, double outputPerMillion) {

        public double cost(long inputTokens, long outputTokens) {
            return (inputTokens * inputPerMillion + outputTokens * outputPerMillion) / 1_000_000d;
        }
    }

    /** The conservative price of a remote model not in any table. */
    public static final Price UNKNOWN = new Price("", 15.00, 75.00);
    static final Price FREE = new Price("", 0, 0);

    /** List prices as published when this table was written (2026); override with llm.prices. */
    private static final List<Price> BUILT_IN = List.of(
            new Price("claude-opus-4-5", 5.00, 25.00), new Price("claude-opus-4-6", 5.00, 25.00),
            new Price("claude-opus", 15.00, 75.00), new Price("claude-sonnet", 3.00, 15.00),
            new Price("claude-3-5-sonnet", 3.00, 15.00), new Price("claude-3-7-sonnet", 3.00, 15.00),
            new Price("claude-haiku-4", 1.00, 5.00), new Price("claude-3-5-haiku", 0.80, 4.00),
            new Price("claude-3-haiku", 0.25, 1.25), new Price("claude", 3.00, 15.00),
            new Price("gpt-4o-mini", 0.15, 0.60), new Price("gpt-4o", 2.50, 10.00),
            new Price("gpt-4.1-nano", 0.10, 0.40), new Price("gpt-4.1-mini", 0.40, 1.60), new Price("gpt-4.1", 2.00, 8.00),
            new Price("gpt-5-nano", 0.05, 0.40), new Price("gpt-5-mini", 0.25, 2.00), new Price("gpt-5", 1.25, 10.00),
            new Price("o4-mini", 1.10, 4.40), new Price("o3-mini", 1.10, 4.40), new Price("codex", 1.25, 10.00));

    private final List<Price> table;

    private Prices(List<Price> table) {
        this.table = table;
    }

    /** The built-in table under the given {@code llm.prices} entries (already validated by the config). */
    public static Prices of(List<String> overrides) {
        List<Price> mine = new ArrayList<>();
        for (String entry : overrides) {
            Matcher m = ConfigValues.PRICE.matcher(entry);
            if (m.matches()) {
                mine.add(new Price(m.group(1).toLowerCase(Locale.ROOT), Double.parseDouble(m.group(2)),
                        Double.parseDouble(m.group(3))));
            }
        }
        mine.sort(Comparator.comparingInt((Price p) -> p.prefix().length()).reversed());
        List<Price> builtIn = new ArrayList<>(BUILT_IN);
        builtIn.sort(Comparator.comparingInt((Price p) -> p.prefix().length()).reversed());
        mine.addAll(builtIn);
        return new Prices(List.copyOf(mine));
    }

    /**
     * The price of a model as the given provider serves it. Ollama is free. An API on loopback is priced when the
     * model is a known paid one (a local proxy that forwards to the real API still bills) and free otherwise (a
     * local model served by llama.cpp or LM Studio).
     */
    public Price of(ProviderSetup provider, String model) {
        if (provider.kind() == ProviderKind.OLLAMA) {
            return FREE;
        }
        String name = model == null ? "" : model.toLowerCase(Locale.ROOT);
        for (Price p : table) {
            if (!p.prefix().isEmpty() && name.startsWith(p.prefix())) {
                return p;
            }
        }
        return provider.kind() != ProviderKind.AGENT_CLI && provider.local() ? FREE : UNKNOWN;
    }
}
