package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Semantic recall end to end through the packaged launcher: memories added with the CLI, serve started, its embed
 * job embedding them with the shipped model, then prompts through the hook shim — a paraphrase that shares no word
 * with its memory recalls it, an unrelated prompt recalls nothing — and search --mode by meaning from the CLI; and the
 * code index's chunks, embedded by serve after the memories, brought by meaning when the prompt's words find none and
 * found by search --type code --mode semantic.
 */
class SemanticRecallIT {

    private final Cli cli = new Cli();
    private final Path data;

    SemanticRecallIT() throws IOException {
        data = Files.createTempDirectory(Path.of("/tmp"), "emsr").resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
        cli.env.put("EAGLE_MEM_SERVE_AUTOSTART", "0");
    }

    @AfterEach
    void stopServe() throws IOException {
        cli.run("serve", "--stop");
        try (var files = Files.walk(data.getParent())) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private String prompt(String session, String text) {
        return "{\"session_id\":\"" + session + "\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt\":\"" + text + "\"}";
    }

    private JsonNode health() {
        return cli.run("serve", "--status", "--json").json().path("health");
    }

    @Test
    void aParaphraseRecallsItsMemoryThroughServeAndAnUnrelatedPromptRecallsNothing() throws Exception {
        cli.run("memories", "add", "--kind", "gotcha", "--title",
                "Stripe redelivers webhooks, so billing must dedupe on the event id",
                "--content", "A slow 200 makes Stripe send the same event again; the refund handler ran twice.").ok();
        cli.run("memories", "add", "--kind", "decision", "--title", "Invoice PDFs are rendered by Chromium",
                "--content", "The invoice worker prints HTML to PDF with headless Chromium.").ok();
        cli.start("serve", "serve", "--port", "0", "--idle-minutes", "0");
        for (int i = 0; i < 240 && !"all-minilm-l6-v2-q".equals(health().path("semantic").asText()); i++) {
            Thread.sleep(250);
        }
        assertThat(health().path("semantic").asText()).isEqualTo("all-minilm-l6-v2-q");
        for (int i = 0; i < 240 && cli.run("search", "--mode", "semantic", "money", "back", "twice").exit() != 0; i++) {
            Thread.sleep(250); // the embed job is queued within 3 s of start and runs in the background
        }

        String paraphrase = cli.shim(prompt("s-1", "why did one order get its refund paid out two times?"),
                "UserPromptSubmit", "--agent", "claude-code").ok().out();
        String unrelated = cli.shim(prompt("s-2", "suggest a good name for my sourdough starter"), "UserPromptSubmit",
                "--agent", "claude-code").ok().out();
        String lexicalOnly = cli.runWithInput(prompt("s-3", "why did one order get its refund paid out two times?"),
                "hook", "UserPromptSubmit", "--agent", "claude-code").ok().out();

        assertThat(paraphrase).contains("Stripe redelivers webhooks");
        assertThat(unrelated).isEmpty();
        assertThat(lexicalOnly).as("a hook in its own JVM loads no model: words alone find nothing here")
                .doesNotContain("Stripe redelivers webhooks");
        JsonNode search = cli.run("search", "--mode", "semantic", "customer", "charged", "back", "twice", "--json").ok().json();
        assertThat(search.path("mode").asText()).isEqualTo("semantic");
        assertThat(search.path("hits").get(0).path("title").asText()).startsWith("Stripe redelivers webhooks");
        assertThat(cli.run("search", "money", "back", "--json").ok().json().path("mode").asText())
                .as("hybrid by default once vectors exist").isEqualTo("hybrid");
    }

    @Test
    void aChunkCloseInMeaningIsRecalledThroughServeWhenTheWordsFindNone() throws Exception {
        Path display = Files.createDirectories(cli.repo.resolve("src/display"));
        Files.writeString(display.resolve("clock.ts"), """
                /** Shows an instant in the user's own time zone, with its offset from UTC. */
                export function toLocalLabel(at: Date, zone: string): string {
                  return format(at, zone) + ' ' + offset(zone);
                }
                """);
        Files.writeString(display.resolve("totals.ts"), """
                /** Adds up the lines of an invoice in integer cents. */
                export function invoiceTotal(lines: Line[]): number {
                  return lines.reduce((sum, l) => sum + l.cents, 0);
                }
                """);
        assertThat(cli.run("index", cli.repo.toString(), "--json").ok().json().path("chunks").asInt()).isPositive();
        String asked = "how are dates shown in the person's own time zone?";
        assertThat(cli.runWithInput(prompt("c-0", asked), "hook", "UserPromptSubmit", "--agent", "claude-code").ok().out())
                .as("by words alone (a hook in its own JVM): no chunk is called after what the prompt asks")
                .doesNotContain("[code");

        cli.start("serve", "serve", "--port", "0", "--idle-minutes", "0");
        String recalled = "";
        // the model loads, then the embed job embeds the chunks (after any memories and summaries)
        for (int i = 0; i < 240 && !recalled.contains("src/display/clock.ts"); i++) {
            Thread.sleep(250);
            recalled = cli.shim(prompt("c-" + (i + 1), asked), "UserPromptSubmit", "--agent", "claude-code").ok().out();
        }
        assertThat(recalled).contains("[code", "src/display/clock.ts:", "toLocalLabel").doesNotContain("totals.ts");
        JsonNode found = cli.run("search", "--type", "code", "--mode", "semantic", asked, "--json").ok().json();
        assertThat(found.path("mode").asText()).isEqualTo("semantic");
        assertThat(found.path("hits").get(0).path("title").asText()).startsWith("src/display/clock.ts:");
        assertThat(cli.run("search", "--type", "code", "invoice", "total", "--json").ok().json().path("mode").asText())
                .as("hybrid by default once the chunks have vectors").isEqualTo("hybrid");
        assertThat(cli.shim(prompt("c-x", "suggest a good name for my sourdough starter"), "UserPromptSubmit", "--agent",
                "claude-code").ok().out()).as("nothing close enough").isEmpty();
    }
}
