package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectSwitchTest {

    @TempDir
    Path tmp;

    @Test
    void offAndOnByTheListKeepOtherProjectsAndTheFileOwnerOnly() throws Exception {
        ProjectSwitch projects = new ProjectSwitch(tmp);
        assertThat(projects.off("code/shop", null)).isEmpty();

        assertThat(projects.set("code/shop", true)).isTrue();
        assertThat(projects.set("code/blog", true)).isTrue();
        assertThat(projects.set("code/shop", true)).isFalse();

        assertThat(projects.off("code/shop", null)).hasValueSatisfying(o -> assertThat(o.listed()).isTrue());
        assertThat(projects.offProjects()).containsExactly("code/blog", "code/shop");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("projects-off"))))
                .isEqualTo("rw-------");

        assertThat(projects.set("code/shop", false)).isTrue();
        assertThat(projects.off("code/shop", null)).isEmpty();
        assertThat(projects.off("code/blog", null)).isPresent();
    }

    @Test
    void theRepositoryFileTurnsItsProjectOff() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        ProjectSwitch projects = new ProjectSwitch(tmp.resolve("data"));
        assertThat(projects.off("code/repo", repo)).isEmpty();

        Files.writeString(repo.resolve(ProjectSwitch.REPO_FILE), "");

        assertThat(projects.off("code/repo", repo)).hasValueSatisfying(o -> {
            assertThat(o.listed()).isFalse();
            assertThat(o.why()).contains(repo.resolve(".eagle-mem-off").toString());
        });
        assertThat(projects.off(null, repo)).isEmpty();
    }
}
