package dev.eaglemem.tokenguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.ConfigValues;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.tokenguard.TokenGuardSettings.RawBash;
import dev.eaglemem.tokenguard.TokenGuardSettings.Rtk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokenGuardSettingsTest {

    @TempDir
    Path dir;

    @Test
    void defaultsAreAutoAndBlock() {
        assertThat(TokenGuardSettings.from(ConfigFile.load(dir.resolve("absent.toml"))))
                .isEqualTo(new TokenGuardSettings(Rtk.AUTO, RawBash.BLOCK));
    }

    @Test
    void readsTheTokenGuardSection() throws Exception {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, "[token_guard]\nrtk = \"enforce\"\nraw_bash = \"allow\"\n");
        assertThat(TokenGuardSettings.from(ConfigFile.load(file))).isEqualTo(new TokenGuardSettings(Rtk.ENFORCE, RawBash.ALLOW));
    }

    @Test
    void otherValuesAreRejectedWithTheAcceptedOnes() throws Exception {
        Path file = dir.resolve("config.toml");
        Files.writeString(file, "[token_guard]\nrtk = \"always\"\n");
        assertThatThrownBy(() -> ConfigFile.load(file)).isInstanceOf(EagleException.class)
                .hasMessageContaining("token_guard.rtk must be one of auto, enforce, off (got \"always\")");
        assertThatThrownBy(() -> ConfigValues.parseCli(ConfigKeys.TOKEN_GUARD_RAW_BASH, "deny"))
                .isInstanceOf(EagleException.class).hasMessageContaining("one of block, allow");
        assertThat(ConfigValues.parseCli(ConfigKeys.TOKEN_GUARD_RAW_BASH, "allow")).isEqualTo("allow");
    }
}
