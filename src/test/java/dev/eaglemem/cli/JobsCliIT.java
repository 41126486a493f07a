package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The job queue through the packaged launcher: hooks enqueue, jobs run drains, and the dead letter is manageable. */
class JobsCliIT {

    private final Cli cli = new Cli();

    private void hook(String event, String fields) {
        String json = "{\"session_id\":\"s-jobs\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"" + event + "\"," + fields
                + "}";
        cli.runWithInput(json, "hook", event).ok();
    }

    private void shell(String id, String command, int exit) {
        hook("PostToolUse", "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"" + command + "\"},"
                + "\"tool_response\":{\"stdout\":\"\",\"exit_code\":" + exit + "},\"tool_use_id\":\"" + id + "\"");
    }

    @Test
    void hooksQueueTheWorkAndJobsRunDoesIt() {
        hook("SessionStart", "\"source\":\"startup\"");
        shell("t1", "mvn test", 1);
        hook("PostToolUse", "\"tool_name\":\"Edit\",\"tool_input\":{\"file_path\":\"" + cli.repo
                + "/src/Cart.java\",\"old_string\":\"a\",\"new_string\":\"b\"},\"tool_response\":{},\"tool_use_id\":\"t2\"");
        shell("t3", "mvn test", 0);
        hook("Stop", "\"last_assistant_message\":\"Fixed the cart totals.\"");
        hook("Stop", "\"last_assistant_message\":\"Fixed the cart totals.\"");
        hook("SessionEnd", "\"reason\":\"other\"");

        JsonNode listed = cli.run("jobs", "list", "--json").ok().json();
        assertThat(listed.get("statuses")).extracting(JsonNode::asText).containsExactly("pending", "running", "dead");
        assertThat(listed.get("jobs")).extracting(j -> j.get("kind").asText() + " " + j.get("dedupe_key").asText() + " "
                + j.get("status").asText())
                .as("the second Stop was de-duplicated; SessionStart queued the notes' sync, the index and scan")
                .containsExactly("prune prune:code/shop pending", "enrich-summary enrich-summary:s-jobs pending",
                        "note-sync note-sync:code/shop pending", "scan scan:code/shop pending",
                        "index index:code/shop pending");
        assertThat(listed.get("jobs").get(1).get("payload").get("session_id").asText()).isEqualTo("s-jobs");
        assertThat(listed.get("counts").get("pending").asInt()).isEqualTo(5);
        assertThat(cli.run("jobs", "list").ok().out()).contains("enrich-summary").contains("pending 5, running 0");

        JsonNode ran = cli.run("jobs", "run", "--json").ok().json();
        assertThat(ran.get("ran").asInt()).isEqualTo(5);
        assertThat(ran.get("succeeded").asInt()).isEqualTo(5);
        assertThat(ran.get("jobs")).extracting(j -> j.get("result").asText()).containsOnly("succeeded");
        JsonNode prune = null;
        for (JsonNode j : ran.get("jobs")) {
            if (j.get("kind").asText().equals("prune")) {
                prune = j;
            }
        }
        assertThat(prune).as(ran.toString()).isNotNull();
        assertThat(prune.get("detail").asText())
                .startsWith("pruned 0 observations, 0 finished jobs, 0 applied-event ids in 3 batches, ");

        JsonNode summary = cli.run("session", "show", "s-jobs", "--json").ok().json().get("summary");
        assertThat(summary.get("fields").get("notes").asText()).startsWith("Activity: 3 tool calls (Bash 2, Edit 1)")
                .contains("`mvn test` failed 1×, then passed").contains("Most edited: src/Cart.java ×1");
        assertThat(summary.get("fields").get("completed").asText()).isEqualTo("Fixed the cart totals.");
        assertThat(cli.run("jobs", "list", "--json").ok().json().get("jobs")).isEmpty();
        assertThat(cli.run("jobs", "list", "--status", "done", "--json").ok().json().get("jobs")).hasSize(5);
        assertThat(cli.run("jobs", "run").ok().out()).isEqualTo("No job is due.\n");
    }

    @Test
    void deadJobsCanBeRetriedCancelledAndPurgedAndBadIdsSayHowToFindGoodOnes() throws Exception {
        cli.run("config", "set", "jobs.max_attempts", "1").ok();
        cli.run("jobs", "list").ok(); // creates the database
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + cli.data.resolve("memory.db"));
                Statement st = c.createStatement()) {
            st.execute(
                    "INSERT INTO jobs(kind, project, run_after) VALUES ('reindex-v9', 'code/shop', '2020-01-01T00:00:00.000Z')");
        }

        Cli.Result failed = cli.run("jobs", "run");
        failed.exits(1);
        assertThat(failed.out()).contains("job 1 reindex-v9 code/shop: dead after 1 attempts")
                .contains("no job kind 'reindex-v9' in this eagle-mem");
        JsonNode dead = cli.run("jobs", "list", "--status", "dead", "--json").ok().json().get("jobs").get(0);
        assertThat(dead.get("status").asText()).isEqualTo("dead");
        assertThat(cli.run("jobs", "list").ok().out()).contains("eagle-mem jobs retry --all-dead");

        JsonNode retried = cli.run("jobs", "retry", "1", "--json").ok().json().get("changes").get(0);
        assertThat(retried.get("status").asText()).isEqualTo("retried");
        assertThat(retried.get("job").get("attempts").asInt()).isZero();
        assertThat(cli.run("jobs", "cancel", "job-1").ok().out()).isEqualTo("Cancelled job 1 (reindex-v9)\n");
        assertThat(cli.run("jobs", "cancel", "1", "--json").ok().json().get("changes").get(0).get("status").asText())
                .isEqualTo("already_cancelled");

        cli.run("jobs", "retry", "--all-dead").ok();
        cli.run("jobs", "retry", "1").ok();
        cli.run("jobs", "run", "--once").exits(1);
        Cli.Result deadAgain = cli.run("jobs", "cancel", "1");
        deadAgain.exits(4);
        assertThat(deadAgain.err()).contains("job 1 (reindex-v9) is dead");
        assertThat(cli.run("jobs", "purge-dead", "--json").ok().json().get("purged").asInt()).isEqualTo(1);
        assertThat(cli.run("jobs", "purge-dead").ok().out()).isEqualTo("No dead jobs to purge.\n");

        Cli.Result missing = cli.run("jobs", "retry", "7", "--json");
        missing.exits(3);
        assertThat(missing.err()).contains("no job 7").contains("fix: eagle-mem jobs list --status all");
        assertThat(missing.json().get("error").get("code").asText()).isEqualTo("not_found");
        cli.run("jobs", "cancel", "seven").exits(2);
        cli.run("jobs", "retry").exits(2);
        cli.run("jobs", "list", "--status", "stuck").exits(2);
    }
}
