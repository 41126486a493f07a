package dev.eaglemem.autostart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformTest {

    private static EagleEnv env(Map<String, String> vars) {
        return new EagleEnv(vars, Path.of("/home/dev"), Path.of("/home/dev"));
    }

    @Test
    void macOsMeansLaunchd() {
        assertThat(Platform.choose(null, env(Map.of()), "Mac OS X")).isEqualTo(Platform.LAUNCHD);
    }

    @Test
    void linuxMeansSystemdOnlyWhenSystemctlIsOnPath(@TempDir Path bin) throws Exception {
        Path systemctl = bin.resolve("systemctl");
        Files.writeString(systemctl, "#!/bin/sh\n");
        assertThatThrownBy(() -> Platform.choose(null, env(Map.of("PATH", bin.toString())), "Linux"))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("service_unsupported");
                    assertThat(e.getMessage()).contains("no systemctl on PATH");
                });
        Files.setPosixFilePermissions(systemctl, PosixFilePermissions.fromString("rwx------"));
        assertThat(Platform.choose(null, env(Map.of("PATH", "/nowhere:" + bin)), "Linux")).isEqualTo(Platform.SYSTEMD);
    }

    @Test
    void otherSystemsAreNotSupported() {
        assertThatThrownBy(() -> Platform.choose(null, env(Map.of()), "Windows 11"))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.FAILURE);
                    assertThat(e.fix()).contains("eagle-mem serve");
                });
    }

    @Test
    void theOptionWinsOverTheVariableWhichWinsOverDetection() {
        EagleEnv launchd = env(Map.of(Platform.VARIABLE, "launchd"));
        assertThat(Platform.choose(null, launchd, "Linux")).isEqualTo(Platform.LAUNCHD);
        assertThat(Platform.choose("systemd", launchd, "Mac OS X")).isEqualTo(Platform.SYSTEMD);
        assertThat(Platform.choose(" LaunchD ", env(Map.of()), "Windows 11")).isEqualTo(Platform.LAUNCHD);
    }

    @Test
    void anUnknownPlatformIsInvalidInput() {
        assertThatThrownBy(() -> Platform.choose("upstart", env(Map.of()), "Linux"))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).contains("'upstart'");
                });
    }
}
