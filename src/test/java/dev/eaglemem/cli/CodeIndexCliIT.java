package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * index, graph, search --type code and show code-N through the packaged launcher, on a small repository: a cold run,
 * a re-run that parses nothing, a deleted file that leaves nothing, and the errors people meet.
 */
class CodeIndexCliIT {

    private final Cli cli = new Cli();

    @Test
    void indexThenSearchShowAndGraphTheCode() throws IOException {
        write("src/cart/checkout.py", """
                from .pricing import cart_total


                def retry_checkout(cart):
                    \"\"\"Charge again once when the gateway times out.\"\"\"
                    return charge(cart_total(cart))
                """);
        write("src/cart/pricing.py", """
                def cart_total(cart):
                    return sum(line.cents for line in cart.lines)
                """);
        write("src/cart/__init__.py", "");
        write("notes.txt", "nothing to see\n");

        JsonNode cold = cli.run("index", "--json").ok().json();
        assertThat(cold.get("files").asInt()).isEqualTo(4);
        assertThat(cold.get("indexed").asInt()).as(cold.toString()).isEqualTo(4);
        assertThat(cold.get("git").asBoolean()).isTrue();
        assertThat(cold.get("resolved_imports").asInt()).as(cold.toString()).isEqualTo(1);

        JsonNode again = cli.run("index", "--json").ok().json();
        assertThat(again.get("indexed").asInt()).isZero();
        assertThat(again.get("unchanged").asInt()).isEqualTo(4);
        String human = cli.run("index").ok().out();
        assertThat(human).contains("Indexed 4 files of ").contains("0 parsed, 4 unchanged");

        JsonNode found = cli.run("search", "--type", "code", "checkout", "retry", "--json").ok().json();
        JsonNode hit = found.get("hits").get(0);
        assertThat(hit.get("kind").asText()).isEqualTo("code");
        assertThat(hit.get("id").asText()).matches("code-\\d+");
        assertThat(hit.get("title").asText()).startsWith("src/cart/checkout.py:").contains("retry_checkout");
        JsonNode shown = cli.run("show", hit.get("id").asText(), "--json").ok().json();
        assertThat(shown.get("code").get("text").asText()).contains("def retry_checkout(cart):");
        assertThat(cli.run("show", hit.get("id").asText()).ok().out()).contains("src/cart/checkout.py:");

        JsonNode summary = cli.run("graph", "summary", "--json").ok().json();
        assertThat(summary.get("files").asInt()).isEqualTo(4);
        assertThat(summary.get("languages").get("python").asInt()).isEqualTo(3);
        JsonNode neighbors = cli.run("graph", "neighbors", "pricing.py", "--json").ok().json();
        assertThat(neighbors.get("path").asText()).isEqualTo("src/cart/pricing.py");
        assertThat(neighbors.get("imported_by").get(0).get("path").asText()).isEqualTo("src/cart/checkout.py");
        assertThat(cli.run("graph", "query", "cart_total").ok().out()).contains("cart_total").contains("src/cart/pricing.py");

        Files.delete(cli.repo.resolve("src/cart/pricing.py"));
        JsonNode after = cli.run("index", "--json").ok().json();
        assertThat(after.get("removed").asInt()).isEqualTo(1);
        assertThat(after.get("resolved_imports").asInt()).isZero();
        assertThat(cli.run("graph", "query", "cart_total", "--json").ok().json().get("declarations")).isEmpty();
    }

    @Test
    void mistakesGetAClearAnswer() throws IOException {
        cli.run("index", "no/such/dir").exits(2);
        assertThat(cli.run("index", "no/such/dir").err()).contains("is not a directory").contains("fix:");
        assertThat(cli.run("graph", "neighbors", "anything").exits(3).err()).contains("has no code index yet")
                .contains("eagle-mem index");
        write("a.py", "def a():\n    return 1\n");
        cli.run("index").ok();
        assertThat(cli.run("graph", "neighbors", "nothingLikeThis").exits(3).err()).contains("eagle-mem graph query");
        assertThat(cli.run("search", "--type", "cod", "x").exits(2).err()).contains("did you mean code?");
    }

    private void write(String path, String text) throws IOException {
        Path file = cli.repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
