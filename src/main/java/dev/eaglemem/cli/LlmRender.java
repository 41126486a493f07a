package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.Locale;

import dev.eaglemem.llm.Detected;
import dev.eaglemem.llm.LlmAdmin;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmStatus;
import dev.eaglemem.llm.LlmUsage;
import dev.eaglemem.store.LlmUsageStore;

/** Text output of {@code eagle-mem llm}. */
final class LlmRender {

    private LlmRender() {
    }

    static void status(PrintWriter out, LlmStatus s) {
        out.println("Provider: " + s.provider() + (s.provider().equals("none") ? "   (set one up: eagle-mem llm init)" : ""));
        for (LlmStatus.Provider p : s.chain()) {
            out.println("  " + p.provider() + "  " + p.model() + "  " + p.baseUrl() + (p.local() ? "  local" : "  remote")
                    + (p.keySource() == null ? "" : "  key from " + p.keySource())
                    + (p.usable() ? "" : "  NOT USABLE: " + p.problem()));
        }
        for (LlmStatus.Refused r : s.refused()) {
            out.println("  " + r.provider() + " refused: " + r.reason());
        }
        LlmStatus.Budget b = s.budget();
        LlmStatus.Today t = s.today();
        out.println(String.format(Locale.ROOT, "Budget: $%.2f and %,d tokens a day; at most %,d output tokens and %d s a call",
                b.dailyUsd(), b.dailyTokens(), b.maxTokens(), b.timeoutSeconds()));
        out.println(String.format(Locale.ROOT, "Today (%s): %s, %,d tokens, $%.4f", t.day(), Console.count(t.calls(), "call"),
                t.tokens(), t.costUsd()));
        detected(out, s.detected());
    }

    private static void detected(PrintWriter out, Detected d) {
        out.println("Detected:");
        out.println("  ollama     " + (d.ollamaRunning() ? "running at " + d.ollamaUrl() + " with "
                + (d.ollamaModels().isEmpty() ? "no models" : String.join(", ", d.ollamaModels()))
                : "not answering at " + d.ollamaUrl()));
        out.println("  claude     " + Console.orDash(d.claude()));
        out.println("  codex      " + Console.orDash(d.codex()));
        out.println("  API keys   " + (d.apiKeys().isEmpty() ? "-" : String.join(", ", d.apiKeys())));
    }

    static void init(PrintWriter out, LlmAdmin.Init init) {
        detected(out, init.detected());
        String model = init.choice().model().isEmpty() ? "its default model" : init.choice().model();
        out.println((init.written() ? "Configured: " : "Would configure: ") + init.choice().provider() + " with " + model
                + " (" + init.choice().reason() + ")" + (init.written() ? " in " + init.configFile() : ""));
        if (init.written() && !init.choice().provider().equals("none")) {
            out.println("Check it: eagle-mem llm test");
        }
    }

    static void test(PrintWriter out, LlmReply r) {
        out.println(String.format(Locale.ROOT, "%s %s answered in %d ms: %s", r.provider(), r.model(), r.latencyMs(),
                r.text().strip().replaceAll("\\s+", " ")));
        out.println(String.format(Locale.ROOT, "Tokens: %d in, %d out%s; cost $%.6f", r.inputTokens(), r.outputTokens(),
                r.estimated() ? " (estimated)" : "", r.costUsd()));
    }

    static void usage(PrintWriter out, LlmUsage u) {
        if (u.lines().isEmpty()) {
            out.println("No model calls since " + u.since() + ".");
            return;
        }
        String row = "%-10s  %-14s  %-10s  %-28s  %5s  %6s  %9s  %9s  %10s%n";
        out.printf(row, "DAY", "PURPOSE", "PROVIDER", "MODEL", "CALLS", "FAILED", "IN", "OUT", "COST $");
        for (LlmUsageStore.Line l : u.lines()) {
            out.printf(Locale.ROOT, row, l.day(), l.purpose(), l.provider(), l.model(), l.calls(), l.failed(),
                    l.inputTokens() + (l.estimated() ? "~" : ""), l.outputTokens() + (l.estimated() ? "~" : ""),
                    String.format(Locale.ROOT, "%.4f", l.costUsd()));
        }
        out.println(String.format(Locale.ROOT, "Since %s: %s (%d failed), %,d tokens in, %,d out, $%.4f", u.since(),
                Console.count(u.calls(), "call"), u.failed(), u.inputTokens(), u.outputTokens(), u.costUsd()));
    }
}
