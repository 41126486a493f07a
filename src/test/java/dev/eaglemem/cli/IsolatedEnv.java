package dev.eaglemem.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.eaglemem.config.EagleEnv;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The environment of an in-process command, instead of the test JVM's own: the production producer reads
 * System.getenv, which a test cannot change, and would put the database in the real ~/.eagle-mem. Selected
 * only by {@link Profile}; the scratch directory comes from the system property {@value #DIR_PROPERTY}
 * (shared by the test's and Quarkus' class loaders), set by the test before each launch.
 */
@Alternative
@Singleton
public class IsolatedEnv {

    static final String DIR_PROPERTY = "eaglemem.test.dir";
    static final String PROJECT = "code/shop";

    @Produces
    @Singleton
    EagleEnv env() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null) {
            throw new IllegalStateException(DIR_PROPERTY + " is not set: refusing to run against the real home directory");
        }
        return of(Path.of(dir));
    }

    static EagleEnv of(Path dir) {
        Path home = dir.resolve("home");
        Path repo = home.resolve(PROJECT);
        try {
            Files.createDirectories(repo);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new EagleEnv(Map.of("HOME", home.toString(), "EAGLE_MEM_DIR", dir.resolve("data").toString(),
                "EAGLE_MEM_PROJECT", PROJECT, "EAGLE_MEM_SERVE_AUTOSTART", "0", "GIT_CEILING_DIRECTORIES", dir.toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), home, repo);
    }

    /** The test profile that swaps the environment in. */
    public static final class Profile implements QuarkusTestProfile {

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(IsolatedEnv.class);
        }
    }
}
