package dev.eaglemem.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real git repositories and real directories in a temp folder; the git CLI makes the repositories. */
class ProjectFileListTest {

    @TempDir
    Path dir;

    private Path write(Path root, String file, String content) throws IOException {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }

    private static void git(Path repo, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", repo.toString()));
        argv.addAll(List.of(args));
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(argv).withTimeout(Duration.ofSeconds(30)));
        assertThat(r.ok()).as("git %s: %s", String.join(" ", args), r.err()).isTrue();
    }

    /** A repository with its own identity in its config, so commits work on any machine. */
    private Path repo() throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo")).toRealPath();
        git(repo, "init", "-q", "-b", "main");
        git(repo, "config", "user.name", "Test");
        git(repo, "config", "user.email", "test@example.com");
        git(repo, "config", "commit.gpgsign", "false");
        return repo;
    }

    /** The environment eagle-mem was given; git is found on its PATH. */
    private static Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return env;
    }

    private Path populatedRepo() throws IOException {
        Path repo = repo();
        write(repo, ".gitignore", "*.log\nignored/\n");
        write(repo, "README.md", "# shop\n");
        write(repo, "src/Main.java", "class Main {}\n");
        write(repo, "src/gone.txt", "soon deleted\n");
        write(repo, "space name.txt", "a name with a space\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "first");
        Files.delete(repo.resolve("src/gone.txt")); // tracked, deleted on disk, not staged
        write(repo, "src/New.java", "class New {}\n"); // untracked, not ignored
        write(repo, "debug.log", "ignored by pattern\n");
        write(repo, "ignored/x.txt", "ignored by directory\n");
        return repo;
    }

    @Test
    void gitListsTrackedAndUntrackedFilesButNotIgnoredOrDeletedOnes() throws IOException {
        Path repo = populatedRepo();
        ProjectFileList.Listing listing = ProjectFileList.list(repo, env());
        assertThat(listing.git()).isTrue();
        assertThat(listing.fallbackReason()).isNull();
        assertThat(listing.root()).isEqualTo(repo);
        assertThat(listing.paths()).containsExactly(".gitignore", "README.md", "space name.txt", "src/Main.java",
                "src/New.java");
    }

    @Test
    void aSubdirectoryOfARepositoryListsOnlyItsOwnFilesRelativeToIt() throws IOException {
        Path repo = populatedRepo();
        write(repo, "src/deep/Util.java", "class Util {}\n");
        ProjectFileList.Listing listing = ProjectFileList.list(repo.resolve("src"), env());
        assertThat(listing.git()).isTrue();
        assertThat(listing.root()).isEqualTo(repo.resolve("src"));
        assertThat(listing.paths()).containsExactly("Main.java", "New.java", "deep/Util.java");
    }

    @Test
    void symlinksAndSubmoduleLikeDirectoriesAreNotListedInARepository() throws IOException {
        Path repo = repo();
        write(repo, "a.txt", "a\n");
        Files.createSymbolicLink(repo.resolve("link.txt"), repo.resolve("a.txt"));
        Files.createDirectories(repo.resolve("outside"));
        write(dir, "elsewhere/secret.txt", "not the project's\n");
        Files.createSymbolicLink(repo.resolve("outside/linked"), dir.resolve("elsewhere"));
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "links");
        // a nested repository shows up as a directory entry in --others; it is not a file of this project
        Path nested = Files.createDirectories(repo.resolve("nested"));
        git(nested, "init", "-q");
        write(nested, "inner.txt", "inner\n");
        assertThat(ProjectFileList.list(repo, env()).paths()).containsExactly("a.txt");
    }

    @Test
    void aPlainDirectoryIsWalkedSkippingBuildOutputDependenciesVirtualenvsAndSymlinkedDirectories() throws IOException {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        write(plain, "app.py", "print('hi')\n");
        write(plain, "pkg/__init__.py", "\n");
        write(plain, "node_modules/left-pad/index.js", "module.exports = 1;\n");
        write(plain, "target/classes/App.class", "x");
        write(plain, "web/.next/cache.json", "{}");
        write(plain, "pkg/__pycache__/x.pyc", "x");
        write(plain, "shop.egg-info/PKG-INFO", "x");
        write(plain, "myenv/pyvenv.cfg", "home = /usr/bin\n"); // a virtualenv under a name of its own
        write(plain, "myenv/lib/site.py", "x\n");
        write(plain, ".github/workflows/ci.yml", "on: push\n");
        write(dir, "elsewhere/far.py", "x\n");
        Files.createSymbolicLink(plain.resolve("linked"), dir.resolve("elsewhere"));
        Files.createSymbolicLink(plain.resolve("alias.py"), plain.resolve("app.py"));
        Files.createSymbolicLink(plain.resolve("pkg/loop"), plain);

        ProjectFileList.Listing listing = ProjectFileList.list(plain, env());
        assertThat(listing.git()).isFalse();
        assertThat(listing.fallbackReason()).isEqualTo("not a git repository");
        assertThat(listing.paths()).containsExactly(".github/workflows/ci.yml", "app.py", "pkg/__init__.py");
    }

    @Test
    void withoutGitOnThePathARepositoryIsWalkedAndSaysWhy() throws IOException {
        Path repo = populatedRepo();
        Path emptyBin = Files.createDirectories(dir.resolve("empty-bin"));
        ProjectFileList.Listing listing = ProjectFileList.list(repo, Map.of("PATH", emptyBin.toString()));
        assertThat(listing.git()).isFalse();
        assertThat(listing.fallbackReason()).isEqualTo("git is not on PATH");
        // no .gitignore without git: the ignored files are there, .git is not, the deleted file is gone
        assertThat(listing.paths()).containsExactly(".gitignore", "README.md", "debug.log", "ignored/x.txt",
                "space name.txt", "src/Main.java", "src/New.java");
    }

    @Test
    void aGitThatFailsFallsBackToTheWalkWithItsMessage() throws IOException {
        Path repo = populatedRepo();
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path fake = write(bin, "git", "#!/bin/sh\necho 'fatal: detected dubious ownership in repository' >&2\nexit 128\n");
        assertThat(fake.toFile().setExecutable(true)).isTrue();
        ProjectFileList.Listing listing = ProjectFileList.list(repo, Map.of("PATH", bin.toString()));
        assertThat(listing.git()).isFalse();
        assertThat(listing.fallbackReason()).isEqualTo("git ls-files failed: detected dubious ownership in repository");
        assertThat(listing.paths()).contains("debug.log", "src/Main.java");
    }

    @Test
    void aMissingRootOrAFileIsAnError() throws IOException {
        assertThatThrownBy(() -> ProjectFileList.list(dir.resolve("nope"), env())).isInstanceOf(NoSuchFileException.class);
        Path file = write(dir, "f.txt", "x");
        assertThatThrownBy(() -> ProjectFileList.list(file, env())).isInstanceOf(NotDirectoryException.class);
    }

    @Test
    void generatedAndVendoredPathsAreRecognised() {
        assertThat(List.of("vendor/github.com/x/y.go", "third_party/zlib/inflate.c", "web/node_modules/react/index.js",
                "dist/app.js", "android/app/build/intermediates/R.java", "api/generated/Client.java",
                "static/app.min.js", "static/site.min.css", "static/app.js.map", "package-lock.json", "web/yarn.lock",
                "Cargo.lock", "go.sum", "proto/user_pb2.py", "proto/user.pb.go", "lib/model.g.dart",
                "Forms/Main.Designer.cs", "pkg/apis/zz_generated.deepcopy.go", "src/__snapshots__/a.test.ts.snap",
                "lib/shop.egg-info/PKG-INFO", "src/api.generated.ts"))
                .allMatch(ProjectFileList::generatedOrVendored);
        assertThat(List.of("src/main/java/App.java", "build.gradle", "cmd/server/main.go", "distribution.md",
                "src/builder/Build.java", "lib/mapper.js", "docs/roadmap.md", "package.json", "Makefile",
                "scripts/vendor.sh", "targets.txt"))
                .noneMatch(ProjectFileList::generatedOrVendored);
    }

    @Test
    void binaryIsANulByteOrMostlyControlCharactersInTheFirst8KiB() {
        assertThat(ProjectFileList.looksBinary("plain text\n\twith tabs\r\n".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(ProjectFileList.looksBinary("Grüße, 日本語, \u001b[31mred\u001b[0m\n".getBytes(StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(ProjectFileList.looksBinary(new byte[0])).isFalse();
        assertThat(ProjectFileList.looksBinary(new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0 }))
                .isTrue();
        assertThat(ProjectFileList.looksBinary("UTF-16".getBytes(StandardCharsets.UTF_16LE))).isTrue();
        byte[] controls = "ab\u0001\u0002\u0003cd\u0004\u0005\u0006".getBytes(StandardCharsets.US_ASCII);
        assertThat(ProjectFileList.looksBinary(controls)).isTrue();
        // only the first 8 KiB count: a NUL after them does not make a text file binary
        byte[] late = new byte[ProjectFileList.SNIFF_BYTES + 10];
        java.util.Arrays.fill(late, (byte) 'a');
        late[ProjectFileList.SNIFF_BYTES + 5] = 0;
        assertThat(ProjectFileList.looksBinary(late)).isFalse();
        late[ProjectFileList.SNIFF_BYTES - 1] = 0;
        assertThat(ProjectFileList.looksBinary(late)).isTrue();
    }
}
