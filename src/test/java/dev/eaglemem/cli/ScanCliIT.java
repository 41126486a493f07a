package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/**
 * {@code eagle-mem scan} through the packaged launcher in a real git repository at {@code ~/code/shop}: git lists the
 * files (the ignored ones stay out), the key is the repository's, and a person's overview survives a plain scan.
 */
class ScanCliIT {

    private final Cli cli = new Cli();

    private void write(String path, String content) throws IOException {
        Path file = cli.repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }

    @Test
    void scanListsWithGitFromASubdirectoryAndKeepsAPersonsOverview() throws IOException {
        write(".gitignore", "build/\n");
        write("pom.xml", "<project><artifactId>shop</artifactId><dependencies><dependency><groupId>io.quarkus</groupId>"
                + "<artifactId>quarkus-rest</artifactId></dependency></dependencies></project>\n");
        write("src/main/java/shop/Main.java", "package shop;\n\npublic class Main {\n    public static void main(String[] a) {\n"
                + "    }\n}\n");
        write("build/Generated.java", "class Generated {}\n");
        cli.git("add", "-A");
        cli.cwd = cli.repo.resolve("src/main");

        JsonNode scan = cli.run("scan", "--json").ok().json();
        assertThat(scan.get("project").asText()).isEqualTo("code/shop");
        assertThat(scan.get("root").asText()).isEqualTo(cli.repo.toRealPath().toString());
        assertThat(scan.get("stored").asBoolean()).isTrue();
        JsonNode report = scan.get("report");
        assertThat(report.get("git").asBoolean()).isTrue();
        assertThat(report.get("files").asInt()).as(".gitignore, pom.xml, Main.java; build/ is ignored").isEqualTo(3);
        assertThat(report.get("frameworks").get(0).get("name").asText()).isEqualTo("Quarkus");
        assertThat(report.get("entry_points").get(0).get("path").asText()).isEqualTo("src/main/java/shop/Main.java");

        cli.run("overview", "set", "The shop, by hand.").ok();
        Cli.Result kept = cli.run("scan").ok();
        assertThat(kept.out()).contains("Not stored: kept the overview a person wrote for code/shop")
                .contains("eagle-mem scan --force " + cli.repo.toRealPath());
        assertThat(cli.run("overview", "show").ok().out().strip()).isEqualTo("The shop, by hand.");
        assertThat(cli.run("scan", "--force", "--json").ok().json().get("reason").asText()).isEqualTo("forced");
    }
}
