package dev.eaglemem.tokenguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** unlock --status must not call the guard active where it does nothing (auto without rtk). */
class TokenPolicyEffectTest {

    @TempDir
    Path dir;

    private TokenPolicy policy(String rtkMode, Path path) {
        EagleConfig config = new EagleConfig(dir.resolve("config.toml"), Map.of(ConfigKeys.TOKEN_GUARD_RTK.name(), rtkMode),
                List.of());
        EagleEnv env = new EagleEnv(Map.of("PATH", path.toString()), dir, dir);
        return new TokenPolicy(config, env, new DataDir(dir, dir.resolve("config.toml")), Clock.systemUTC());
    }

    @Test
    void autoWithoutRtkIsIdleAndWithRtkIsActive() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        assertThat(policy("auto", bin).effect()).isEqualTo(TokenPolicy.Effect.IDLE_NO_RTK);
        Path rtk = Files.writeString(bin.resolve("rtk"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(rtk, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(policy("auto", bin).effect()).isEqualTo(TokenPolicy.Effect.ACTIVE);
    }

    @Test
    void enforceIsActiveAndOffIsOffWhateverIsOnPath() {
        assertThat(policy("enforce", dir).effect()).isEqualTo(TokenPolicy.Effect.ACTIVE);
        assertThat(policy("off", dir).effect()).isEqualTo(TokenPolicy.Effect.OFF);
    }
}
