package dev.eaglemem.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrePushHookTest {

    @TempDir
    Path tmp;

    @Test
    void installsUpdatesAndRemovesItsOwnHook() throws Exception {
        TestRepo repo = new TestRepo(tmp.resolve("shop"));
        Path hook = repo.dir.resolve(".git/hooks/pre-push");

        assertThat(PrePushHook.install(repo.dir.resolve("."), false).status()).isEqualTo(PrePushHook.Status.INSTALLED);
        assertThat(Files.readString(hook)).startsWith("#!/bin/sh\n" + PrePushHook.MARKER + "\n")
                .contains("gate check --from-pre-push");
        assertThat(Files.isExecutable(hook)).isTrue();
        assertThat(PrePushHook.installed(repo.dir)).isTrue();
        assertThat(PrePushHook.install(repo.dir, false).status()).isEqualTo(PrePushHook.Status.UNCHANGED);

        Files.writeString(hook, "#!/bin/sh\n" + PrePushHook.MARKER + "\n# an older version\n");
        assertThat(PrePushHook.install(repo.dir, false).status()).isEqualTo(PrePushHook.Status.UPDATED);
        assertThat(Files.readString(hook)).isEqualTo(PrePushHook.template());

        assertThat(PrePushHook.uninstall(repo.dir).status()).isEqualTo(PrePushHook.Status.REMOVED);
        assertThat(hook).doesNotExist();
        assertThat(PrePushHook.uninstall(repo.dir).status()).isEqualTo(PrePushHook.Status.NOT_INSTALLED);
    }

    @Test
    void aForeignHookNeedsForceIsBackedUpAndComesBack() throws Exception {
        TestRepo repo = new TestRepo(tmp.resolve("shop"));
        Path hook = repo.dir.resolve(".git/hooks/pre-push");
        Files.writeString(hook, "#!/bin/sh\nexec lint-staged\n");

        assertThatThrownBy(() -> PrePushHook.install(repo.dir, false)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
            assertThat(e.fix()).startsWith("eagle-mem gate install --force");
        });
        assertThat(Files.readString(hook)).contains("lint-staged");
        assertThat(PrePushHook.uninstall(repo.dir).status()).isEqualTo(PrePushHook.Status.FOREIGN_KEPT);

        PrePushHook.Result forced = PrePushHook.install(repo.dir, true);
        assertThat(forced.status()).isEqualTo(PrePushHook.Status.REPLACED_FOREIGN);
        assertThat(forced.backup()).hasContent("#!/bin/sh\nexec lint-staged\n");
        assertThat(PrePushHook.installed(repo.dir)).isTrue();

        assertThat(PrePushHook.uninstall(repo.dir).status()).isEqualTo(PrePushHook.Status.RESTORED);
        assertThat(hook).hasContent("#!/bin/sh\nexec lint-staged\n");
        assertThat(repo.dir.resolve(".git/hooks/" + PrePushHook.BACKUP)).doesNotExist();
    }

    @Test
    void followsCoreHooksPathAndLinkedWorktreesShareTheCommonHooks() throws Exception {
        TestRepo repo = new TestRepo(tmp.resolve("shop"));
        repo.commit("README.md", "x\n");
        Path worktree = tmp.resolve("shop-wt");
        repo.git("worktree", "add", "-q", worktree.toString());
        assertThat(PrePushHook.hooksDir(worktree.toRealPath())).isEqualTo(repo.dir.resolve(".git/hooks"));
        Files.createDirectories(repo.dir.resolve("src"));
        assertThat(PrePushHook.hooksDir(repo.dir.resolve("src"))).isEqualTo(repo.dir.resolve(".git/hooks"));

        repo.git("config", "core.hooksPath", ".githooks");
        assertThat(PrePushHook.install(repo.dir, false).hook()).isEqualTo(repo.dir.resolve(".githooks/pre-push"));
        assertThat(PrePushHook.hooksDir(repo.dir.resolve("src"))).isEqualTo(repo.dir.resolve(".githooks"));
        repo.git("config", "core.hooksPath", tmp.resolve("shared-hooks").toString());
        assertThat(PrePushHook.hooksDir(worktree)).isEqualTo(tmp.resolve("shared-hooks"));
    }

    @Test
    void outsideARepositoryItSaysSo() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        assertThatThrownBy(() -> PrePushHook.install(plain, false)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("is not inside a git repository"));
    }
}
