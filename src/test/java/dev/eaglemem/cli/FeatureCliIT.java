package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code eagle-mem feature …} and {@code eagle-mem guard …} through the packaged launcher, in a real git
 * repository. Pending checks come from {@code feature pending}, {@code feature run} and {@code feature verify},
 * which record the working tree's changes the same way the hooks' recordChanges does (no hook runs here).
 */
class FeatureCliIT {

    private final Cli cli = new Cli();

    private void write(String file, String content) {
        try {
            Files.createDirectories(cli.repo.resolve(file).getParent());
            Files.writeString(cli.repo.resolve(file), content);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private void commit() {
        cli.git("add", "-A");
        cli.git("-c", "user.name=t", "-c", "user.email=t@local", "commit", "-q", "-m", "change");
    }

    @Test
    void addListShowUpdateArchive() {
        JsonNode added = cli.run("feature", "add", "checkout", "--description", "Cart and payment", "--file", "src/cart.ts",
                "--file", "src/pay/**", "--depends-on", "auth", "--smoke", "true", "--json").ok().json();
        assertThat(added.get("feature").get("name").asText()).isEqualTo("checkout");
        assertThat(added.get("feature").get("files")).hasSize(2);
        assertThat(added.get("feature").get("smoke_tests").get(0).asText()).isEqualTo("true");

        cli.run("feature", "add", "checkout", "--file", "x").exits(4);
        Cli.Result badName = cli.run("feature", "add", "42");
        badName.exits(2);

        JsonNode list = cli.run("feature", "list", "--json").ok().json();
        assertThat(list.get("project").asText()).isEqualTo("code/shop");
        assertThat(list.get("features").get(0).get("pending").asInt()).isZero();

        JsonNode shown = cli.run("feature", "show", "checkout", "--json").ok().json();
        assertThat(shown.get("feature").get("depends_on").get(0).asText()).isEqualTo("auth");
        assertThat(shown.get("unknown_dependencies").get(0).asText()).isEqualTo("auth");
        assertThat(cli.run("feature", "show", "checkout").ok().out()).contains("Smoke tests:")
                .contains("auth (no such active feature)");

        JsonNode updated = cli.run("feature", "update", "checkout", "--add-file", "src/checkout", "--remove-file", "src/pay/**",
                "--json").ok().json();
        assertThat(updated.get("feature").get("files").toString()).isEqualTo("[\"src/cart.ts\",\"src/checkout\"]");

        Cli.Result unknown = cli.run("feature", "show", "nope");
        unknown.exits(3);
        assertThat(unknown.err()).contains("fix: eagle-mem feature list");

        assertThat(cli.run("feature", "archive", "checkout", "--json").ok().json().get("feature").get("status").asText())
                .isEqualTo("archived");
        assertThat(cli.run("feature", "list", "--json").ok().json().get("features")).isEmpty();
        assertThat(cli.run("feature", "list", "--all", "--json").ok().json().get("features")).hasSize(1);
    }

    @Test
    void pendingVerifyWaiveAndRun() {
        write("src/cart.ts", "v1\n");
        commit();
        cli.run("feature", "add", "checkout", "--file", "src/cart.ts", "--smoke", "echo cart-ok", "--smoke",
                "test -f src/cart.ts").ok();
        cli.run("feature", "add", "broken", "--file", "src/broken.ts", "--smoke", "echo boom; exit 3").ok();
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();

        // a failed run records the edit to src/broken.ts (a new file: no hook saw it) but does not verify it;
        // its history records the exit code
        write("src/broken.ts", "new\n");
        Cli.Result failed = cli.run("feature", "run", "broken");
        failed.exits(1);
        assertThat(failed.out()).contains("$ echo boom; exit 3").contains("  boom").contains("-> exit 3")
                .contains("Not verified: 1 smoke test failed. Fix it and rerun: eagle-mem feature run broken");

        JsonNode pending = cli.run("feature", "pending", "--json").ok().json().get("pending");
        assertThat(pending).hasSize(1);
        assertThat(pending.get(0).get("feature").asText()).isEqualTo("broken");
        assertThat(pending.get(0).get("fingerprint").asText()).hasSize(12);
        long brokenId = pending.get(0).get("id").asLong();

        Cli.Result noReason = cli.run("feature", "waive", String.valueOf(brokenId), "--reason", " ");
        noReason.exits(2);
        JsonNode waived = cli.run("feature", "waive", String.valueOf(brokenId), "--reason", "scaffolding only", "--json").ok()
                .json();
        assertThat(waived.get("status").asText()).isEqualTo("waived");
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();

        // a later edit after the waiver is pending again
        write("src/broken.ts", "newer\n");
        write("src/cart.ts", "v2\n");
        JsonNode both = cli.run("feature", "pending", "--json").ok().json().get("pending");
        assertThat(both).extracting(n -> n.get("feature").asText()).containsExactlyInAnyOrder("broken", "checkout");
        assertThat(cli.run("feature", "pending").ok().out()).contains("2 pending verification(s)").contains("| diff: ");

        JsonNode verified = cli.run("feature", "verify", "broken", "--notes", "checked by hand", "--json").ok().json();
        assertThat(verified.get("resolved")).hasSize(1);

        Cli.Result run = cli.run("feature", "run", "checkout", "--json");
        run.ok();
        assertThat(run.err()).contains("cart-ok");
        JsonNode result = run.json();
        assertThat(result.get("passed").asBoolean()).isTrue();
        assertThat(result.get("commands").get(1).get("exit_code").asInt()).isZero();
        assertThat(result.get("resolved")).hasSize(1);
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();

        JsonNode history = cli.run("feature", "show", "checkout", "--json").ok().json();
        assertThat(history.get("feature").get("last_verified_notes").asText()).contains("echo cart-ok (exit 0,");
        assertThat(history.get("verifications").get(0).get("commands")).hasSize(2);
    }

    /** Issue 24: {@code node --test} that finds no test file exits 0; that must not verify the feature. */
    @Test
    void aSmokeTestThatRanNoTestDoesNotVerify() {
        write("src/cart.ts", "v1\n");
        commit();
        cli.run("feature", "add", "checkout", "--file", "src/cart.ts", "--smoke", "node --test").ok();
        write("src/cart.ts", "v2\n");

        Cli.Result empty = cli.run("feature", "run", "checkout");
        empty.exits(1);
        assertThat(empty.out()).contains("# tests 0").contains("-> exit 0 in").contains("but it ran no test (\"# tests 0\")")
                .contains("Not verified: 1 smoke test ran no test (check its filter or file pattern). Fix it and rerun:"
                        + " eagle-mem feature run checkout");
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).hasSize(1);
        JsonNode run = cli.run("feature", "run", "checkout", "--json").exits(1).json();
        assertThat(run.get("passed").asBoolean()).isFalse();
        assertThat(run.get("commands").get(0).get("no_tests").asText()).isEqualTo("# tests 0");

        write("cart.test.mjs", "import test from 'node:test';\ntest('cart adds up', () => {});\n");
        assertThat(cli.run("feature", "run", "checkout").ok().out()).contains("Verified checkout");
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();
    }

    /** The issue's scenario: {@code echo x >> src/pay/charge.py; eagle-mem feature run checkout}, then push. */
    @Test
    void runAndVerifyCoverAnEditNoHookSawSoTheGateLetsItsPushThrough() {
        write("src/pay/charge.py", "def charge(): pass\n");
        write("src/pay/refund.py", "def refund(): pass\n");
        commit();
        String remote = cli.workspace.resolve("remote.git").toString();
        cli.git("init", "-q", "--bare", "-b", "main", remote);
        cli.git("remote", "add", "origin", remote);
        cli.git("push", "-q", "-u", "origin", "main");
        cli.run("feature", "add", "checkout", "--file", "src/pay/**", "--smoke", "true").ok();

        append("src/pay/charge.py", "x\n");
        assertThat(cli.run("feature", "run", "checkout").ok().out())
                .contains("Verified checkout: the smoke test passed; resolved 1 open check.");
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();
        commit();
        JsonNode gate = cli.run("gate", "check", "--json").ok().json();
        assertThat(gate.get("changed_files").toString()).isEqualTo("[\"src/pay/charge.py\"]");
        assertThat(gate.get("blocked").asBoolean()).isFalse();

        // changed after the run: pending again, and the gate blocks that push
        append("src/pay/charge.py", "y\n");
        append("src/pay/refund.py", "y\n");
        commit();
        Cli.Result blocked = cli.run("gate", "check");
        blocked.exits(1);
        assertThat(blocked.err()).contains("2 feature verifications are pending").contains("eagle-mem feature verify checkout");

        append("src/pay/refund.py", "z\n");
        assertThat(cli.run("feature", "verify", "checkout", "--notes", "charge and refund checked").ok().out())
                .isEqualTo("Verified checkout: resolved 2 open checks.\n");
        assertThat(cli.run("feature", "pending", "--json").ok().json().get("pending")).isEmpty();
        commit();
        assertThat(cli.run("gate", "check", "--json").ok().json().get("blocked").asBoolean()).isFalse();
    }

    private void append(String file, String text) {
        try {
            write(file, Files.readString(cli.repo.resolve(file)) + text);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void guardAddListRemove() {
        JsonNode added = cli.run("guard", "add", "src/pay/**", "--rule", "Do not change retry timings", "--json").ok().json();
        assertThat(added.get("created").asBoolean()).isTrue();
        long id = added.get("rule").get("id").asLong();
        assertThat(cli.run("guard", "list", "--json").ok().json().get("rules").get(0).get("pattern").asText())
                .isEqualTo("src/pay/**");
        assertThat(cli.run("guard", "list").ok().out()).contains("#" + id).contains("Do not change retry timings");
        cli.run("guard", "remove", String.valueOf(id)).ok();
        assertThat(cli.run("guard", "list", "--json").ok().json().get("rules")).isEmpty();
        Cli.Result again = cli.run("guard", "remove", String.valueOf(id));
        again.exits(3);
        assertThat(again.err()).contains("fix: eagle-mem guard list");
    }
}
