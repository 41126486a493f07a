package dev.eaglemem.install;

import static dev.eaglemem.install.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CodexConfigTest {

    private static final Path FILE = Path.of("/home/dev/.codex/config.toml");
    private static final TomlMapper TOML = new TomlMapper();
    private static final String HOOKS = "/home/dev/.codex/hooks.json";
    private static final String USERS_KEY = HOOKS + ":pre_tool_use:0:0";
    private static final String SESSION_KEY = HOOKS + ":session_start:1:0";
    private static final String PRE_KEY = HOOKS + ":pre_tool_use:1:0";
    private static final Predicate<String> OURS_KEYS = Map.of(SESSION_KEY, 1, PRE_KEY, 1)::containsKey;

    private final CodexConfig config = new CodexConfig(FILE);

    private static Map<String, String> ourHashes() {
        Map<String, String> hashes = new LinkedHashMap<>();
        hashes.put(SESSION_KEY, "sha256:aaaa");
        hashes.put(PRE_KEY, "sha256:bbbb");
        return hashes;
    }

    @Test
    void trustAppendsOneTablePerKeyAndLeavesEveryOtherLineAlone() {
        String original = read("codex/config.toml");
        String trusted = config.trust(original, ourHashes());
        assertThat(trusted).isEqualTo(original + """

                [hooks.state."/home/dev/.codex/hooks.json:session_start:1:0"]
                trusted_hash = "sha256:aaaa"

                [hooks.state."/home/dev/.codex/hooks.json:pre_tool_use:1:0"]
                trusted_hash = "sha256:bbbb"
                """);
        assertThat(config.untrust(trusted, OURS_KEYS)).isEqualTo(original);
    }

    @Test
    void theParsedResultHasOurHashesAndEverythingElseUnchanged() throws Exception {
        String original = read("codex/config.toml");
        ObjectNode expected = (ObjectNode) TOML.readTree(original);
        ObjectNode state = (ObjectNode) expected.get("hooks").get("state");
        state.putObject(SESSION_KEY).put("trusted_hash", "sha256:aaaa");
        state.putObject(PRE_KEY).put("trusted_hash", "sha256:bbbb");
        assertThat(TOML.readTree(config.trust(original, ourHashes()))).isEqualTo(expected);
        assertThat(TOML.readTree(original).get("hooks").get("state").get(USERS_KEY).get("trusted_hash").asText())
                .startsWith("sha256:2ce3");
    }

    @Test
    void trustingAgainIsANoOpAndANewHashReplacesTheOldOneInPlace() {
        String once = config.trust(read("codex/config.toml"), ourHashes());
        assertThat(config.trust(once, ourHashes())).isSameAs(once);
        Map<String, String> changed = ourHashes();
        changed.put(SESSION_KEY, "sha256:cccc");
        assertThat(config.trust(once, changed)).isEqualTo(once.replace("sha256:aaaa", "sha256:cccc"));
    }

    @Test
    void anExistingValueKeepsItsCommentIndentAndLineEnding() {
        String original = "[hooks.state.\"" + SESSION_KEY + "\"]\r\n  trusted_hash = \"sha256:old\"   # from the TUI\r\n";
        assertThat(config.trust(original, Map.of(SESSION_KEY, "sha256:new")))
                .isEqualTo("[hooks.state.\"" + SESSION_KEY + "\"]\r\n  trusted_hash = \"sha256:new\" # from the TUI\r\n");
    }

    @Test
    void aTableWithoutAHashGetsOneAndDottedKeysAreEditedWhereTheyAre() {
        assertThat(config.trust("[hooks.state.'" + SESSION_KEY + "']\nenabled = true\n", Map.of(SESSION_KEY, "sha256:x")))
                .isEqualTo("[hooks.state.'" + SESSION_KEY + "']\ntrusted_hash = \"sha256:x\"\nenabled = true\n");
        String dotted = "model = \"o3\"\nhooks.state.\"" + SESSION_KEY + "\".trusted_hash=\"sha256:old\"\n";
        assertThat(config.trust(dotted, Map.of(SESSION_KEY, "sha256:x"))).isEqualTo(dotted.replace("old", "x"));
        assertThat(config.untrust(dotted, OURS_KEYS)).isEqualTo("model = \"o3\"\n");
    }

    @Test
    void keysWithQuotesBackslashesAndUnicodeRoundTrip() throws Exception {
        String key = "/home/d\"q\\x/ü dir/.codex/hooks.json:stop:0:0";
        String trusted = config.trust("model = \"o3\"\n", Map.of(key, "sha256:q"));
        assertThat(trusted).contains("[hooks.state.\"/home/d\\\"q\\\\x/ü dir/.codex/hooks.json:stop:0:0\"]");
        assertThat(TOML.readTree(trusted).get("hooks").get("state").get(key).get("trusted_hash").asText())
                .isEqualTo("sha256:q");
        assertThat(config.trust(trusted, Map.of(key, "sha256:r"))).isEqualTo(trusted.replace("sha256:q", "sha256:r"));
        assertThat(config.untrust(trusted, key::equals)).isEqualTo("model = \"o3\"\n");
    }

    @Test
    void aHeaderInsideAMultiLineStringIsNotATable() throws Exception {
        String original = read("codex/config.toml");
        String trusted = config.trust(original, Map.of("not-a-table", "sha256:real"));
        assertThat(trusted).startsWith(original).contains("trusted_hash = \"inside a string\"");
        assertThat(TOML.readTree(trusted).get("hooks").get("state").get("not-a-table").get("trusted_hash").asText())
                .isEqualTo("sha256:real");
    }

    @Test
    void untrustKeepsTheUsersTrustAndCommentsAndRemovesOnlyOurs() {
        String original = read("codex/config.toml");
        String theirs = "\n# mine\n[hooks.state.\"/other:stop:0:0\"]\ntrusted_hash = \"sha256:u\"\n";
        assertThat(config.untrust(config.trust(original, ourHashes()) + theirs, OURS_KEYS)).isEqualTo(original + theirs);
        String ours = "# top\n\n[hooks.state]\n\"" + PRE_KEY + "\" = { trusted_hash = \"sha256:b\" }\n\"" + USERS_KEY
                + "\" = { trusted_hash = \"sha256:u\" }\n# tail\n";
        assertThat(config.untrust(ours, OURS_KEYS)).isEqualTo(
                "# top\n\n[hooks.state]\n\"" + USERS_KEY + "\" = { trusted_hash = \"sha256:u\" }\n# tail\n");
        assertThat(config.untrust(original, OURS_KEYS)).isSameAs(original);
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "\n", "model = \"o3\"\n", "# only a comment\n", "a = 1\n\n\n", "[x]\r\ny = 2\r\n",
            "[hooks.state.\"/other:stop:0:0\"]\ntrusted_hash = \"sha256:u\"\n" })
    void untrustUndoesTrustExactly(String original) {
        String trusted = config.trust(original, ourHashes());
        assertThat(trusted).isNotEqualTo(original);
        assertThat(config.untrust(trusted, OURS_KEYS)).isEqualTo(original);
        if (original.contains("\r\n")) {
            assertThat(trusted.replace("\r\n", "")).doesNotContain("\n");
        }
    }

    @Test
    void aFileWithoutATrailingNewlineStillReadsTheSameAfterUntrust() throws Exception {
        String trusted = config.trust("model = \"o3\"", ourHashes());
        assertThat(trusted).startsWith("model = \"o3\"\n\n[hooks.state.");
        assertThat(TOML.readTree(config.untrust(trusted, OURS_KEYS))).isEqualTo(TOML.readTree("model = \"o3\""));
    }

    @Test
    void formsWeDoNotEditAreRefusedWithAFix() {
        for (String text : new String[] { "hooks = { state = {} }\n", "[hooks]\nstate = {}\n",
                "[hooks.state]\n\"" + SESSION_KEY + "\" = { trusted_hash = \"sha256:old\" }\n", "[[hooks.state]]\nx = 1\n" }) {
            assertThatThrownBy(() -> config.trust(text, ourHashes())).as(text)
                    .isInstanceOfSatisfying(EagleException.class, e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
                        assertThat(e.getMessage()).startsWith("cannot edit hook trust in " + FILE + ": ");
                        assertThat(e.fix()).contains("Trust all and continue");
                    });
        }
    }

    @Test
    void malformedTomlIsRefusedNamingTheFileAndLine() {
        assertThatThrownBy(() -> config.trust("model = \"o3\"\n[hooks\n", ourHashes()))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).startsWith("malformed TOML in " + FILE + " line 2");
                    assertThat(e.fix())
                            .isEqualTo("fix that line (Codex cannot load the file either), then rerun eagle-mem install");
                });
        assertThatThrownBy(() -> config.untrust("x = ", OURS_KEYS)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.fix()).endsWith("rerun eagle-mem uninstall"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''                                          | false",
            "[features]\\nweb_search_request = true      | false",
            "[features]\\nhooks = false                  | true",
            "[features]\\nhooks = true                   | false",
            "[features]\\ncodex_hooks = false            | true",
            "[features]\\nhooks = true\\ncodex_hooks = false | false",
            "[features]\\ncodex_hooks = true\\nhooks = false | true",
            "features.hooks = false                      | true",
            "features = { codex_hooks = false }          | true",
            "[features]\\nhooks = 'false'                | false",
            "[profiles.x.features]\\nhooks = false       | false",
    })
    void hooksDisabledFollowsCodexsPrecedence(String text, boolean disabled) {
        assertThat(config.hooksDisabled(text.replace("\\n", "\n"))).isEqualTo(disabled);
    }

    @Test
    void generatedConfigsRoundTrip() throws Exception {
        List<String> root = List.of("# comment\n", "model = \"gpt-5.5\"   # trailing\n", "\n",
                "notify = [\n  \"a\",  # c\n  \"b]\",\n]\n", "description = '''\n[hooks.state.\"fake\"]\n'''\n");
        List<String> tables = List.of("[projects.\"/home/dev/a.b\"]\ntrust_level = \"trusted\"\n",
                "[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\n  \"-y\",\n]\n",
                "[hooks.state.\"/u/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:u\"\n",
                "[profiles.fast]\nmodel = \"m\"\n# a comment at the end of a table\n",
                "[features]\nweb_search_request = true\n", "\n[tui]\nnotifications = [\"agent-turn-complete\"]\n\n\n");
        for (long seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder();
            pickSome(root, random).forEach(text::append);
            pickSome(tables, random).forEach(text::append);
            String original = random.nextBoolean() ? text.toString() : text.toString().replace("\n", "\r\n");
            Map<String, String> hashes = new LinkedHashMap<>();
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                hashes.put(HOOKS + ":session_start:" + random.nextInt(5) + ":0", "sha256:" + random.nextInt(1000));
            }
            String trusted = config.trust(original, hashes);
            ObjectNode expected = (ObjectNode) TOML.readTree(original);
            hashes.forEach((key, hash) -> expected.withObjectProperty("hooks").withObjectProperty("state")
                    .withObjectProperty(key).put("trusted_hash", hash));
            assertThat(TOML.readTree(trusted)).as("seed %d:%n%s", seed, trusted).isEqualTo(expected);
            assertThat(config.trust(trusted, hashes)).isSameAs(trusted);
            assertThat(config.untrust(trusted, hashes::containsKey)).as("seed %d:%n%s", seed, original).isEqualTo(original);
        }
    }

    private static List<String> pickSome(List<String> from, Random random) {
        List<String> out = new ArrayList<>(from.stream().filter(s -> random.nextBoolean()).toList());
        Collections.shuffle(out, random);
        return out;
    }

    @Test
    void theFixtureParses() throws Exception {
        JsonNode tree = TOML.readTree(read("codex/config.toml"));
        assertThat(tree.get("projects").has("/home/dev/work/shop.api")).isTrue();
        assertThat(tree.get("projects").has("/home/dev/work/legacy \"v1\"")).isTrue();
    }
}
