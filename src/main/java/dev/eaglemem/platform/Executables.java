package dev.eaglemem.platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;

/** Looks commands up on the PATH eagle-mem was given (not the JVM's), so tests can put fakes first. */
public final class Executables {

    private Executables() {
    }

    public static Optional<Path> find(EagleEnv env, String name) {
        if (name.contains("/")) {
            Path path = Path.of(name);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        for (String dir : env.get("PATH").orElse("").split(":")) {
            if (!dir.isBlank()) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
