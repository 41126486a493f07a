package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneId;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {

    @TempDir
    Path dir;

    private Path write(String text) throws Exception {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aConfigOthersMayChangeIsRefusedWithTheFix() throws Exception {
        Path file = write("[search]\nlimit = 3\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThatThrownBy(() -> ConfigFile.load(file)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("config_unsafe");
            assertThat(e.getMessage()).contains(file.toString()).contains("mode 666");
            assertThat(e.fix()).startsWith("chmod go-w " + file);
        });

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(ConfigFile.load(file).intValue(ConfigKeys.SEARCH_LIMIT)).as("readable is fine").isEqualTo(3);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        try {
            assertThatThrownBy(() -> ConfigFile.load(file)).isInstanceOfSatisfying(EagleException.class,
                    e -> assertThat(e.getMessage()).contains("its folder " + dir).contains("mode 777"));
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void aConfigInAStickyFolderOrBehindALinkIsJudgedByTheFileItself() throws Exception {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 01777);
        Path file = Files.writeString(shared.resolve("mine.toml"), "[search]\nlimit = 4\n");
        Path link = Files.createSymbolicLink(dir.resolve("config.toml"), file);
        assertThat(ConfigFile.load(link).intValue(ConfigKeys.SEARCH_LIMIT)).isEqualTo(4);
    }

    @Test
    void aMissingFileMeansDefaults() {
        EagleConfig config = ConfigFile.load(dir.resolve("absent.toml"));
        assertThat(config.intValue(ConfigKeys.SEARCH_LIMIT)).isEqualTo(10);
        assertThat(config.boolValue(ConfigKeys.REDACTION_HIGH_ENTROPY)).isTrue();
        assertThat(config.listValue(ConfigKeys.REDACTION_EXTRA_PATTERNS)).isEmpty();
    }

    @Test
    void readsTypedValuesFromSectionsAndDottedKeys() throws Exception {
        EagleConfig config = ConfigFile.load(write("""
                store.write_retries = 7
                [search]
                limit = 25
                [redaction]
                high_entropy = false
                extra_patterns = ["ACME-[0-9]{6}", "internal-\\\\d+"]
                [future]
                thing = 1
                """));
        assertThat(config.intValue(ConfigKeys.SEARCH_LIMIT)).isEqualTo(25);
        assertThat(config.intValue(ConfigKeys.STORE_WRITE_RETRIES)).isEqualTo(7);
        assertThat(config.boolValue(ConfigKeys.REDACTION_HIGH_ENTROPY)).isFalse();
        assertThat(config.listValue(ConfigKeys.REDACTION_EXTRA_PATTERNS)).containsExactly("ACME-[0-9]{6}", "internal-\\d+");
        assertThat(config.unknownKeys()).containsExactly("future.thing");
    }

    @Test
    void malformedTomlNamesTheFileAndLine() throws Exception {
        Path file = write("[search]\nlimit = 10\nthis is not toml\n");
        assertThatThrownBy(() -> ConfigFile.load(file)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(e.getMessage()).startsWith("malformed TOML in " + file + " line 3");
            assertThat(e.fix()).contains("mv " + file + " " + file + ".bak");
        });
    }

    @Test
    void wrongValuesNameTheFieldPathAndTheFix() throws Exception {
        assertThatThrownBy(() -> ConfigFile.load(write("[search]\nlimit = \"ten\"\n")))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).endsWith("search.limit must be an integer between 1 and 1000 (got \"ten\")");
                    assertThat(e.fix()).isEqualTo("eagle-mem config set search.limit 10");
                });
        assertThatThrownBy(() -> ConfigFile.load(write("[store]\nbusy_timeout_ms = 100\n")))
                .isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage()).contains("store.busy_timeout_ms must be an integer between 5000"));
        assertThatThrownBy(() -> ConfigFile.load(write("[redaction]\nextra_patterns = [\"(unclosed\"]\n")))
                .isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage()).contains("redaction.extra_patterns[0]: invalid regex '(unclosed'"));
    }

    @Test
    void setKeepsCommentsOrderAndOtherKeys() throws Exception {
        Path file = write("""
                # my eagle-mem settings
                [search]
                # how many hits
                limit = 10 # default was fine

                [future]
                keep = "me"
                """);
        ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 30L);
        assertThat(Files.readString(file)).isEqualTo("""
                # my eagle-mem settings
                [search]
                # how many hits
                limit = 30 # default was fine

                [future]
                keep = "me"
                """);
    }

    @Test
    void setAddsKeysToExistingSectionsOrNewOnes() throws Exception {
        Path file = write("[redaction]\nhigh_entropy = true\n\n[other]\nx = 1\n");
        ConfigFile.set(file, ConfigKeys.REDACTION_EXTRA_PATTERNS, List.of("a\"b", "c\\d"));
        ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 5L);
        assertThat(Files.readString(file)).isEqualTo(
                "[redaction]\nhigh_entropy = true\nextra_patterns = [\"a\\\"b\", \"c\\\\d\"]\n\n[other]\nx = 1\n\n[search]\nlimit = 5\n");
        EagleConfig config = ConfigFile.load(file);
        assertThat(config.listValue(ConfigKeys.REDACTION_EXTRA_PATTERNS)).containsExactly("a\"b", "c\\d");
    }

    @Test
    void setReplacesMultiLineArraysAndRootDottedKeys() throws Exception {
        Path file = write("search.limit = 3\n[redaction]\nextra_patterns = [\n  \"a\",\n  \"b\",\n]\nhigh_entropy = true\n");
        ConfigFile.set(file, ConfigKeys.REDACTION_EXTRA_PATTERNS, List.of("z"));
        ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 4L);
        assertThat(Files.readString(file))
                .isEqualTo("search.limit = 4\n[redaction]\nextra_patterns = [\"z\"]\nhigh_entropy = true\n");
    }

    @Test
    void setCreatesAnOwnerOnlyFileAndCanRepairABadValueOfTheSameKey() throws Exception {
        Path file = dir.resolve("new/config.toml");
        ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 12L);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        Files.writeString(file, "[search]\nlimit = \"bad\"\n");
        ConfigFile.set(file, ConfigKeys.SEARCH_LIMIT, 9L);
        assertThat(ConfigFile.load(file).intValue(ConfigKeys.SEARCH_LIMIT)).isEqualTo(9);
    }

    @Test
    void cliValuesAreParsedAndCheckedByType() {
        assertThat(ConfigValues.parseCli(ConfigKeys.SEARCH_LIMIT, "20")).isEqualTo(20L);
        assertThat(ConfigValues.parseCli(ConfigKeys.REDACTION_HIGH_ENTROPY, "false")).isEqualTo(false);
        assertThat(ConfigValues.parseCli(ConfigKeys.REDACTION_EXTRA_PATTERNS, "ACME-\\d+")).isEqualTo(List.of("ACME-\\d+"));
        assertThat(ConfigValues.parseCli(ConfigKeys.REDACTION_EXTRA_PATTERNS, "[\"a\", 'b']")).isEqualTo(List.of("a", "b"));
        assertThatThrownBy(() -> ConfigValues.parseCli(ConfigKeys.SEARCH_LIMIT, "lots"))
                .isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo("search.limit must be an integer between 1 and 1000 (got \"lots\")"));
        assertThat(ConfigValues.parseCli(ConfigKeys.SEARCH_LIMIT, "1000")).isEqualTo(1000L);
        assertThatThrownBy(() -> ConfigValues.parseCli(ConfigKeys.SEARCH_LIMIT, "1001"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("between 1 and 1000"));
        assertThatThrownBy(() -> ConfigValues.parseCli(ConfigKeys.SEARCH_LIMIT, "0")).isInstanceOf(EagleException.class);
    }

    @Test
    void theDisplayZoneIsSystemOrAZoneJavaKnowsAndTheAgentCommandOneLine() throws Exception {
        assertThat(new Settings(ConfigFile.load(write("[display]\ntimezone = \"Asia/Kolkata\"\n"))).times().zone())
                .isEqualTo(ZoneId.of("Asia/Kolkata"));
        assertThat(new Settings(ConfigFile.load(dir.resolve("absent.toml"))).times().zone()).isEqualTo(ZoneId.systemDefault());
        assertThat(ConfigValues.parseCli(ConfigKeys.DISPLAY_TIMEZONE, "+05:30")).isEqualTo("+05:30");
        assertThat(ConfigValues.parseCli(ConfigKeys.DISPLAY_TIMEZONE, "system")).isEqualTo("system");
        assertThatThrownBy(() -> ConfigFile.load(write("[display]\ntimezone = \"Mars/Olympus\"\n")))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).endsWith("display.timezone: unknown time zone 'Mars/Olympus' (use system, a"
                            + " region such as Europe/Berlin, UTC, or an offset such as +05:30)");
                    assertThat(e.fix()).startsWith("eagle-mem config set display.timezone \"system\"");
                });

        assertThat(new Settings(ConfigFile.load(dir.resolve("absent.toml"))).agentCommand()).isEqualTo("eagle-mem");
        assertThat(new Settings(ConfigFile.load(write("[agents]\ncommand = \"'/home/me/my bin/eagle-mem'\"\n")))
                .agentCommand()).isEqualTo("'/home/me/my bin/eagle-mem'");
        assertThatThrownBy(() -> ConfigValues.parseCli(ConfigKeys.AGENTS_COMMAND, " ")).isInstanceOfSatisfying(
                EagleException.class, e -> assertThat(e.getMessage()).isEqualTo("agents.command: must be one non-blank line,"
                        + " such as eagle-mem or /home/me/.local/bin/eagle-mem"));
    }

    /** search.limit has the range of every -n/--limit: one rule, refused outside it. */
    @Test
    void searchLimitHasTheRangeOfEveryLimit() {
        assertThat(ConfigKeys.SEARCH_LIMIT.expected()).isEqualTo("an integer between 1 and " + ConfigKeys.MAX_LIMIT);
    }

    @Test
    void anUnknownKeyNamesTheClosestOnes() {
        assertThatThrownBy(() -> ConfigKeys.require("search.limt")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("unknown config key 'search.limt'; did you mean search.limit?");
            assertThat(e.fix()).contains("eagle-mem config list");
        });
        assertThatThrownBy(() -> ConfigKeys.require("serve.idle")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("did you mean serve.idle_minutes?"));
        assertThatThrownBy(() -> ConfigKeys.require("colour")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("unknown config key 'colour'"));
    }
}
