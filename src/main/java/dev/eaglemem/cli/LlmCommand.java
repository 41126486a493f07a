package dev.eaglemem.cli;

import dev.eaglemem.llm.LlmAdmin;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmStatus;
import dev.eaglemem.llm.LlmUsage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "llm", header = "Models for enrichment and curation, and what they cost.",
        description = { "serve's jobs ask a model when llm.provider is set: a local Ollama, your own claude or codex CLI, "
                + "or the Anthropic or an OpenAI-compatible API.",
                "Every call is redacted first, recorded, and capped by a "
                        + "daily budget; work past it waits for the next day." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem llm status", "  eagle-mem llm init",
                "  eagle-mem llm usage --days 30 --json" })
public class LlmCommand {

    @Spec
    CommandSpec spec;

    private final LlmAdmin admin;

    public LlmCommand(LlmAdmin admin) {
        this.admin = admin;
    }

    @Command(name = "status", header = "Show the provider chain, the budget and today's use.",
            description = { "Also what this machine offers: a running Ollama, agent CLIs on PATH, API keys in the environment.",
                    "Keys are never printed, only where each comes from." },
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem llm status", "  eagle-mem llm status --json" })
    int status(@Mixin OutputMixin output) {
        LlmStatus s = admin.status();
        if (output.json) {
            Console.json(spec, s);
        } else {
            LlmRender.status(Console.out(spec), s);
        }
        return 0;
    }

    @Command(name = "init", header = "Detect what this machine offers and configure the provider.",
            description = { "Local first: a running Ollama, then your own agent CLI, then an API key in the environment.",
                    "Writes llm.provider and llm.model to config.toml; serve picks the change up at its next call." },
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem llm init", "  eagle-mem llm init --dry-run",
                    "  eagle-mem llm init --provider anthropic --model claude-haiku-4-5" })
    int init(@Mixin OutputMixin output,
            @Option(names = "--provider", paramLabel = "PROVIDER",
                    description = "anthropic, openai, ollama, agent_cli or none, instead of the detected one.") String provider,
            @Option(names = "--model", paramLabel = "MODEL", description = "The model (default: the provider's).") String model,
            @Option(names = { "-n", "--dry-run" },
                    description = "Show what would be configured; write nothing.") boolean dryRun) {
        LlmAdmin.Init init = admin.init(provider, model, dryRun);
        if (output.json) {
            Console.json(spec, init);
        } else {
            LlmRender.init(Console.out(spec), init);
        }
        return 0;
    }

    @Command(name = "test", header = "Make one tiny call and print the model, latency, tokens and cost.",
            description = "The call is recorded under purpose test and counts against the day's budget.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem llm test", "  eagle-mem llm test --json" })
    int test(@Mixin OutputMixin output) {
        LlmReply reply = admin.test();
        if (output.json) {
            Console.json(spec, reply);
        } else {
            LlmRender.test(Console.out(spec), reply);
        }
        return 0;
    }

    @Command(name = "usage", header = "Model calls, tokens and cost per day, job kind and provider.",
            description = "Costs are estimates from the price table (llm.prices); agent CLI token counts may be estimated.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem llm usage", "  eagle-mem llm usage --days 30 --json" })
    int usage(@Mixin OutputMixin output,
            @Option(names = "--days", paramLabel = "N", defaultValue = "7",
                    description = "Today and the N-1 days before it (default ${DEFAULT-VALUE}).") int days) {
        LlmUsage u = admin.usage(days);
        if (output.json) {
            Console.json(spec, u);
        } else {
            LlmRender.usage(Console.out(spec), u);
        }
        return 0;
    }
}
