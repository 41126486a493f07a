package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.curate.SeededHistory;
import dev.eaglemem.store.Db;
import org.junit.jupiter.api.Test;

/**
 * curate through the packaged launcher on a seeded history of 220 sessions: the dry run (text and JSON) stores and
 * sends nothing, a run without a provider stores the hints and skips the model, and the proposal commands answer.
 * The dry run's text is written to target/curate-dry-run.txt (bench/curate-dry-run.md quotes it).
 */
class CurateCliIT {

    private final Cli cli = new Cli();

    private void seed() {
        cli.run("jobs", "list").ok(); // creates and migrates the database
        try (Db db = new Db(new Db.Options(cli.data.resolve("memory.db"), 5000, 4, 2, w -> {
        }))) {
            SeededHistory.write(db, 220, 13);
        }
    }

    @Test
    void aDryRunOnTwoHundredSessionsPrintsHintsAndQuestionsAndStoresNothing() throws IOException {
        seed();
        Cli.Result text = cli.run("curate", "--dry-run").ok();
        Files.writeString(Path.of("target", "curate-dry-run.txt"), text.out());
        assertThat(text.out()).startsWith("Curate code/shop (dry run: nothing stored, no model called)\n")
                .contains("  src/cart.py + src/pricing.py  ").contains("Hot files (")
                .contains("  promote_gotcha  ").contains("would ask the model about ").doesNotContain("CHANGELOG.md");

        JsonNode json = cli.run("curate", "--dry-run", "--json").ok().json();
        assertThat(json.get("dry_run").asBoolean()).isTrue();
        assertThat(json.get("hints_stored").asBoolean()).isFalse();
        assertThat(json.get("co_edits").size()).isBetween(2, 30);
        assertThat(json.get("co_edits").get(0).get("sessions").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(json.get("hot_files")).extracting(h -> h.get("path").asText()).contains("README.md");
        assertThat(json.get("steps")).extracting(s -> s.get("kind").asText() + " " + s.get("status").asText()).containsExactly(
                "promote_gotcha would_ask", "supersede would_ask", "consolidate would_ask", "command_rule would_ask",
                "feature would_ask");
        assertThat(json.get("steps").get(0).get("prompt_chars").asInt()).isPositive();
        assertThat(json.get("steps").get(0).get("prompt").asText()).as("what it would ask, whole")
                .contains("Stripe retries webhooks for 3 days").contains("{\"promote\":");
        assertThat(cli.run("curate", "proposals", "--json").ok().json().get("proposals")).isEmpty();

        JsonNode run = cli.run("curate", "--json").ok().json();
        assertThat(run.get("model_configured").asBoolean()).isFalse();
        assertThat(run.get("hints_stored").asBoolean()).isTrue();
        assertThat(run.get("steps")).extracting(s -> s.get("status").asText()).containsOnly("no_provider");
        assertThat(cli.run("curate").ok().out()).contains("no_provider    skipped: no model provider is configured "
                + "(eagle-mem llm init)").contains("No new proposals.");
        assertThat(cli.run("curate", "proposals").ok().out())
                .isEqualTo("No curation proposals in code/shop. Run: eagle-mem curate\n");
        assertThat(cli.run("feature", "suggest", "--json").ok().json().get("suggestions")).isEmpty();
    }

    @Test
    void unknownProposalsAndBadOptionsAreErrorsWithAFix() {
        cli.run("jobs", "list").ok();
        Cli.Result missing = cli.run("curate", "accept", "99");
        missing.exits(3);
        assertThat(missing.err())
                .isEqualTo("eagle-mem: no curation proposal 99 in code/shop\n  fix: eagle-mem curate proposals\n");
        Cli.Result status = cli.run("curate", "proposals", "--status", "maybe");
        status.exits(2);
        assertThat(status.err()).contains("--status must be one of proposed, accepted, rejected, reverted, all; got 'maybe'");
    }
}
