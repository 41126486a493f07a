package dev.eaglemem.platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Looks commands up on the PATH eagle-mem was given (not the JVM's), so tests can put fakes first. It takes
 * the variables ({@code EagleEnv.vars()}) rather than the EagleEnv: platform stays below config, which
 * writes through {@link AtomicFiles}.
 */
public final class Executables {

    private Executables() {
    }

    public static Optional<Path> find(Map<String, String> environment, String name) {
        if (name.contains("/")) {
            Path path = Path.of(name);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        for (String dir : environment.getOrDefault("PATH", "").split(":")) {
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
