package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** What every manifest reader relies on: paths inside the project, lenient JSON, TOML, safe XML, and the helpers. */
class ManifestFileTest {

    @Test
    void aManifestsDirectoryAndFileName() {
        ManifestFile nested = new ManifestFile("apps/web/package.json", "{}");
        ManifestFile root = new ManifestFile("Cargo.toml", "");

        assertThat(nested.dir()).isEqualTo("apps/web");
        assertThat(nested.fileName()).isEqualTo("package.json");
        assertThat(root.dir()).isEmpty();
        assertThat(root.fileName()).isEqualTo("Cargo.toml");
    }

    @Test
    void aPathWrittenInAManifestIsResolvedAgainstItsDirectoryAndNeverLeavesTheProject() {
        ManifestFile nested = new ManifestFile("apps/web/package.json", "{}");
        ManifestFile root = new ManifestFile("package.json", "{}");

        assertThat(nested.resolve("./bin/cli.js")).isEqualTo("apps/web/bin/cli.js");
        assertThat(nested.resolve(" ../../packages/ui ")).isEqualTo("packages/ui");
        assertThat(nested.resolve("..")).isEqualTo("apps");
        assertThat(root.resolve("./src//index.ts")).isEqualTo("src/index.ts");
        assertThat(nested.resolve("../../../etc/passwd")).as("leaves the project").isNull();
        assertThat(root.resolve("../sibling")).isNull();
        assertThat(root.resolve("/etc/passwd")).as("absolute").isNull();
        assertThat(root.resolve(".")).as("the root itself is not a path in it").isNull();
        assertThat(root.resolve("  ")).isNull();
        assertThat(root.resolve(null)).isNull();
    }

    @Test
    void aDirectoryWhoseNameStartsWithTwoDotsIsStillInsideTheProject() {
        ManifestFile root = new ManifestFile("package.json", "{}");

        assertThat(root.resolve("..bin/cli.js")).isEqualTo("..bin/cli.js");
        assertThat(new ManifestFile("tools/composer.json", "{}").resolve("../..vendor/run")).isEqualTo("..vendor/run");
    }

    @Test
    void jsonMayHaveCommentsAndTrailingCommasAsLernaAndNxFilesDo() throws IOException {
        JsonNode json = new ManifestFile("lerna.json", """
                {
                  // the packages
                  "packages": ["packages/*", "tools/*",],
                  /* block */ "version": "independent",
                }
                """).json();

        assertThat(ManifestFile.strings(json.get("packages"))).containsExactly("packages/*", "tools/*");
        assertThat(ManifestFile.text(json.get("version"))).isEqualTo("independent");
        assertThatThrownBy(() -> new ManifestFile("package.json", "{\"name\": ").json()).isInstanceOf(IOException.class);
    }

    @Test
    void tomlTablesReadLikeJson() throws IOException {
        JsonNode toml = new ManifestFile("Cargo.toml", """
                [package]
                name = "cli"

                [dependencies]
                serde = "1"
                tokio = { version = "1", features = ["full"] }
                """).toml();

        assertThat(ManifestFile.text(toml.at("/package/name"))).isEqualTo("cli");
        assertThat(ManifestFile.keys(toml.get("dependencies"))).containsExactly("serde", "tokio");
    }

    @Test
    void theHelpersGiveNothingForMissingOrWrongShapedValues() throws IOException {
        JsonNode json = new ManifestFile("package.json", """
                {"name": "  shop ", "blank": "  ", "n": 3, "list": [" a ", "", 4, {"x": 1}, "b"], "obj": {"k": 1, "j": 2}}
                """).json();

        assertThat(ManifestFile.text(json.get("name"))).isEqualTo("shop");
        assertThat(ManifestFile.text(json.get("blank"))).isNull();
        assertThat(ManifestFile.text(json.get("n"))).isNull();
        assertThat(ManifestFile.text(json.get("missing"))).isNull();
        assertThat(ManifestFile.strings(json.get("list"))).containsExactly("a", "b");
        assertThat(ManifestFile.strings(json.get("obj"))).isEmpty();
        assertThat(ManifestFile.strings(null)).isEmpty();
        assertThat(ManifestFile.keys(json.get("obj"))).containsExactly("k", "j");
        assertThat(ManifestFile.keys(json.get("list"))).isEmpty();
        assertThat(ManifestFile.keys(null)).isEmpty();
    }

    @Test
    void xmlWithADoctypeNeverReadsAnotherFile() {
        String pom = """
                <?xml version="1.0"?>
                <!DOCTYPE project [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
                <project><artifactId>&secret;</artifactId></project>
                """;

        assertThatThrownBy(() -> {
            XMLStreamReader xml = new ManifestFile("pom.xml", pom).xml();
            StringBuilder text = new StringBuilder();
            while (xml.hasNext()) {
                if (xml.next() == XMLStreamConstants.CHARACTERS) {
                    text.append(xml.getText());
                }
            }
        }).isInstanceOf(XMLStreamException.class);
    }

    @Test
    void plainXmlIsReadElementByElement() throws XMLStreamException {
        XMLStreamReader xml = new ManifestFile("pom.xml", "<project><artifactId>app</artifactId></project>").xml();
        StringBuilder elements = new StringBuilder();
        while (xml.hasNext()) {
            if (xml.next() == XMLStreamConstants.START_ELEMENT) {
                elements.append(xml.getLocalName()).append(' ');
            }
        }

        assertThat(elements.toString()).isEqualTo("project artifactId ");
    }
}
