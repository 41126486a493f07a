package dev.eaglemem.autostart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;

/**
 * A scratch HOME with an "installed" eagle-mem (install.json naming an executable runtime), a fake service
 * manager and a fake serve probe, wired into a {@link ServiceInstaller} by hand.
 */
final class ServiceRig {

    static final Instant NOW = Instant.parse("2026-11-22T15:48:03Z");

    final Path home;
    final Path binary;
    final Map<String, String> vars = new HashMap<>();
    final FakeRunner runner = new FakeRunner();
    ServeView serve;

    ServiceRig(Path tmp, String platform) {
        home = tmp.resolve("home dir");
        binary = home.resolve(".eagle-mem/runtime/eagle-mem");
        vars.put("HOME", home.toString());
        vars.put("PATH", "");
        vars.put(Platform.VARIABLE, platform);
        try {
            Files.createDirectories(binary.getParent());
            Files.createDirectories(systemdRuntime());
            Files.writeString(binary, "#!/bin/sh\n");
            Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwx------"));
            Files.writeString(dataDir().root().resolve("install.json"), """
                    {"version":"0.1.0","installed_at":"2026-11-01T00:00:00Z","binary":"%s","agents":["claude-code"],
                     "created_files":[],"codex_trust_keys":[],"local_bin_link":null}
                    """.formatted(binary));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        serve = ServeView.stopped(dataDir().root().resolve("serve.sock"));
    }

    EagleEnv env() {
        return new EagleEnv(vars, home, home);
    }

    DataDir dataDir() {
        return DataDir.from(env());
    }

    /** systemd's runtime directory as this rig's machine has it: present (booted with systemd) unless removed. */
    Path systemdRuntime() {
        return home.resolve("run/systemd/system");
    }

    ServiceInstaller service() {
        return new ServiceInstaller(env(), dataDir(), Clock.fixed(NOW, ZoneOffset.UTC), runner, () -> serve, systemdRuntime());
    }

    Path systemdUnit() {
        return home.resolve(".config/systemd/user/eagle-mem.service");
    }

    Path plist() {
        return home.resolve("Library/LaunchAgents/dev.eaglemem.serve.plist");
    }

    String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
