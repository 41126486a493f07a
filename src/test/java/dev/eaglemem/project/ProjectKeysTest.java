package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ProjectKeysTest {

    private static final Path HOME = Path.of("/home/dev");
    private final ProjectKeys keys = ProjectKeys.withDefaultRoots(HOME);

    @ParameterizedTest
    @CsvSource({
            "/home/dev/code/shop-api, code/shop-api",
            "/home/dev/code/x/../shop-api, code/shop-api",
            "/home/dev/work, work",
            "/srv/app, srv/app",
            "/ab, ab",
            "/home/devx/app, home/devx/app",
            "/tmpfoo/bar, tmpfoo/bar",
            "/private/etc/app, private/etc/app",
            "/home/dev/Downloads-old/app, Downloads-old/app",
    })
    void keyIsHomeRelativeOrAbsoluteWithoutLeadingSlash(String dir, String key) {
        assertThat(keys.key(Path.of(dir))).contains(key);
    }

    @ParameterizedTest
    @ValueSource(strings = { "/", "/a", "/srv/b", "/home/dev", "/home/dev/", "/tmp", "/tmp/build/app",
            "/var/tmp/x", "/var/folders/zz/abc/T/app", "/private/tmp/app", "/private/var/folders/zz/T/app",
            "/home/dev/Downloads", "/home/dev/Downloads/repo" })
    void directoriesThatAreNeverProjects(String dir) {
        assertThat(keys.key(Path.of(dir))).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
            "/private/tmp/a, /tmp/a",
            "/private/tmp, /tmp",
            "/private/var/folders/x, /var/folders/x",
            "/private/etc/hosts, /private/etc/hosts",
            "/privatex/tmp/a, /privatex/tmp/a",
            "/tmp/../srv/./app, /srv/app",
    })
    void normalizeFoldsMacOsPrivateAliases(String in, String out) {
        assertThat(ProjectKeys.normalize(Path.of(in))).isEqualTo(Path.of(out));
    }

    @Test
    void ephemeralRootsAreAParameter() {
        ProjectKeys custom = new ProjectKeys(HOME, List.of(Path.of("/scratch")));

        assertThat(custom.key(Path.of("/tmp/build/app"))).contains("tmp/build/app");
        assertThat(custom.key(Path.of("/scratch/app"))).isEmpty();
        assertThat(custom.isEphemeral(Path.of("/scratch"))).isTrue();
        assertThat(custom.isEphemeral(Path.of("/scratchpad"))).isFalse();
    }

    @Test
    void aHomeInsideScratchSpaceStillHasProjectsButNotItsDownloadsOrTheRestOfTmp() {
        ProjectKeys ci = ProjectKeys.withDefaultRoots(Path.of("/tmp/ci-home"));

        assertThat(ci.key(Path.of("/tmp/ci-home/code/shop"))).contains("code/shop");
        assertThat(ci.key(Path.of("/tmp/other/app"))).isEmpty();
        assertThat(ci.key(Path.of("/tmp/ci-home/Downloads/repo"))).isEmpty();
        assertThat(ci.key(Path.of("/private/tmp/ci-home/code/shop"))).contains("code/shop");
    }

    @Test
    void defaultEphemeralRootsIncludeDownloadsOfTheGivenHome() {
        assertThat(ProjectKeys.defaultEphemeralRoots(Path.of("/Users/ann"))).containsExactly(
                Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/var/folders"), Path.of("/Users/ann/Downloads"));
    }

    @Test
    void rootHomeKeysEverythingRelativeToRoot() {
        ProjectKeys rootHome = new ProjectKeys(Path.of("/"), List.of());

        assertThat(rootHome.key(Path.of("/srv/app"))).contains("srv/app");
        assertThat(rootHome.key(Path.of("/"))).isEmpty();
    }

    @Test
    void relativePathsAreRejected() {
        assertThatThrownBy(() -> keys.key(Path.of("code/shop-api")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("code/shop-api");
    }
}
