package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

class UnitRenderingTest {

    private static final EagleEnv ENV = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev"));

    private static UnitSpec spec(String binary, String dataDir) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("EAGLE_MEM_DIR", dataDir);
        return new UnitSpec(Path.of(binary), Path.of(dataDir, "serve.log"), vars);
    }

    private static String systemd(UnitSpec spec) {
        return new SystemdUser(ENV).render(spec);
    }

    private static List<String> lines(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).toList();
    }

    @Test
    void systemdUnitRunsServeWithoutIdleExitAndPinsTheDataDirectory() {
        String unit = systemd(spec("/home/dev/.eagle-mem/runtime/eagle-mem", "/home/dev/.eagle-mem"));
        assertThat(lines(unit, "ExecStart="))
                .containsExactly("ExecStart=\"/home/dev/.eagle-mem/runtime/eagle-mem\" serve --idle-minutes 0 --if-not-running");
        assertThat(lines(unit, "Environment=")).containsExactly("Environment=\"EAGLE_MEM_DIR=/home/dev/.eagle-mem\"");
        assertThat(unit).contains("Restart=on-failure", "WantedBy=default.target", UnitFile.MARKER).doesNotContain("{{");
        assertThat(UnitFile.isOurs(unit)).isTrue();
    }

    @Test
    void systemdQuotesSpacesAndEscapesPercentQuotesAndBackslashes() {
        String unit = systemd(spec("/home/my user/100% sure/eagle-mem", "/data/a \"b\" c\\d/50%$HOME"));
        assertThat(lines(unit, "ExecStart="))
                .containsExactly("ExecStart=\"/home/my user/100%% sure/eagle-mem\" serve --idle-minutes 0 --if-not-running");
        // $ is not special in Environment=; % is a specifier everywhere
        assertThat(lines(unit, "Environment="))
                .containsExactly("Environment=\"EAGLE_MEM_DIR=/data/a \\\"b\\\" c\\\\d/50%%$HOME\"");
    }

    @Test
    void everyEnvironmentVariableGetsItsOwnLine() {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("EAGLE_MEM_DIR", "/d");
        vars.put("EAGLE_CONFIG_FILE", "/etc/my config.toml");
        String unit = systemd(new UnitSpec(Path.of("/bin/eagle-mem"), Path.of("/d/serve.log"), vars));
        assertThat(lines(unit, "Environment=")).containsExactly("Environment=\"EAGLE_MEM_DIR=/d\"",
                "Environment=\"EAGLE_CONFIG_FILE=/etc/my config.toml\"");
    }

    @Test
    void systemdRefusesAnExecutablePathItWouldNotRun() {
        assertThatThrownBy(() -> systemd(spec("/home/o'brien/eagle-mem", "/d")))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("service_path_unsupported");
                    assertThat(e.fix()).contains("eagle-mem install");
                });
    }

    @Test
    void controlCharactersCannotBeNamedInAUnit() {
        assertThatThrownBy(() -> spec("/home/dev/bad\nname/eagle-mem", "/d"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
        assertThatThrownBy(() -> spec("/bin/eagle-mem", "/data\u0007"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("/data?"));
    }

    @Test
    void thePlistIsValidXmlWhoseValuesReadBackExactly() throws Exception {
        String binary = "/Users/a&b <c> \"d\" 'e'/100% $x/eagle-mem";
        String data = "/Users/a&b/.eagle-mem";
        String plist = new Launchd(ENV, 501).render(spec(binary, data));
        assertThat(plist).doesNotContain("{{").contains(UnitFile.MARKER);
        Map<String, Node> dict = dict(parse(plist).getDocumentElement());
        assertThat(dict.get("Label").getTextContent()).isEqualTo("dev.eaglemem.serve");
        assertThat(strings(dict.get("ProgramArguments"))).containsExactly(binary, "serve", "--idle-minutes", "0",
                "--if-not-running");
        Map<String, Node> environment = dict(dict.get("EnvironmentVariables"));
        assertThat(environment.keySet()).containsExactly("EAGLE_MEM_DIR");
        assertThat(environment.get("EAGLE_MEM_DIR").getTextContent()).isEqualTo(data);
        assertThat(dict.get("StandardOutPath").getTextContent()).isEqualTo(data + "/serve.log");
        assertThat(dict.get("StandardErrorPath").getTextContent()).isEqualTo(data + "/serve.log");
        assertThat(dict.get("RunAtLoad").getNodeName()).isEqualTo("true");
        assertThat(dict(dict.get("KeepAlive")).get("SuccessfulExit").getNodeName()).isEqualTo("false");
    }

    @Test
    void aLinePlaceholderBecomesIndentedLinesOrDisappears() {
        UnitTemplate t = new UnitTemplate("t", "a={{a}}\n  {{list}}\nend\n");
        assertThat(t.render(Map.of("a", "1"), Map.of("list", List.of("x", "y")))).isEqualTo("a=1\n  x\n  y\nend\n");
        assertThat(t.render(Map.of("a", "$1\\"), Map.of("list", List.of()))).isEqualTo("a=$1\\\nend\n");
        assertThatThrownBy(() -> t.render(Map.of(), Map.of("list", List.of()))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("{{a}}");
    }

    /**
     * The escaping checked by systemd's own parser: it reports the executable path it understood, so an
     * existing executable under a path with spaces, % and $ must verify cleanly.
     */
    @Test
    void systemdAnalyzeFindsTheExecutableUnderAnAwkwardPath(@TempDir Path tmp) throws Exception {
        assumeTrue(analyze(tmp, "[Service]\nExecStart=/bin/true\n").exit == 0, "systemd-analyze verify is not usable here");
        // %h is a specifier (the home directory) that systemd would expand if the % were not escaped
        Path binary = tmp.resolve("my dir/50%h $HOME/eagle-mem");
        Files.createDirectories(binary.getParent());
        Files.writeString(binary, "#!/bin/sh\n");
        Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwx------"));
        Analysis result = analyze(tmp, systemd(spec(binary.toString(), tmp.resolve("data 50%").toString())));
        assertThat(result.exit).as(result.output).isZero();
        assertThat(result.output).isEmpty();
    }

    private record Analysis(int exit, String output) {
    }

    private static Analysis analyze(Path dir, String unit) throws Exception {
        Path file = dir.resolve("eagle-mem-test.service");
        Files.writeString(file, unit);
        List<String> command = new ArrayList<>(List.of("systemd-analyze", "verify", file.toString()));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(60, TimeUnit.SECONDS) ? new Analysis(p.exitValue(), output) : new Analysis(-1, "timed out");
        } catch (java.io.IOException e) {
            return new Analysis(-1, e.getMessage());
        }
    }

    private static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** A plist dict as key → value element. */
    private static Map<String, Node> dict(Node plistOrDict) {
        Element dict = plistOrDict.getNodeName().equals("dict") ? (Element) plistOrDict
                : (Element) ((Element) plistOrDict).getElementsByTagName("dict").item(0);
        Map<String, Node> out = new LinkedHashMap<>();
        List<Element> children = elements(dict.getChildNodes());
        for (int i = 0; i + 1 < children.size(); i += 2) {
            out.put(children.get(i).getTextContent(), children.get(i + 1));
        }
        return out;
    }

    private static List<String> strings(Node array) {
        return elements(array.getChildNodes()).stream().map(Node::getTextContent).toList();
    }

    private static List<Element> elements(NodeList nodes) {
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i) instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }
}
