package dev.eaglemem.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The process environment eagle-mem reads, captured once so that every feature can be tested with a
 * hand-made environment instead of mutating the real one.
 *
 * @param vars environment variables
 * @param home the user's home directory
 * @param cwd the working directory the command or hook runs in
 */
public record EagleEnv(Map<String, String> vars, Path home, Path cwd) {

    public EagleEnv {
        vars = Map.copyOf(vars);
        home = home.toAbsolutePath().normalize();
        cwd = cwd.toAbsolutePath().normalize();
    }

    /**
     * The real environment. HOME wins over the JVM's {@code user.home} (which comes from the password
     * database): users and agents that point HOME elsewhere expect every tool to follow it.
     */
    public static EagleEnv system() {
        Map<String, String> vars = System.getenv();
        String home = vars.get("HOME");
        return new EagleEnv(vars, Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home),
                Path.of(System.getProperty("user.dir")));
    }

    /** The variable's value, or empty when it is unset or blank. */
    public Optional<String> get(String name) {
        String value = vars.get(name);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    public boolean isSet(String name) {
        return get(name).isPresent();
    }

    public EagleEnv withCwd(Path dir) {
        return new EagleEnv(vars, home, dir);
    }
}
