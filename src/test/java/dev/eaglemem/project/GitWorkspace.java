package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.eaglemem.config.EagleEnv;

/**
 * A scratch area for tests that need real repositories. It lives under {@code target/test-work}, not in
 * {@code @TempDir}: {@code /tmp} is ephemeral by rule and would never yield a project. It holds a fake home
 * ({@code <base>/home}) so keys are deterministic ({@code code/shop-api}), an ephemeral root
 * ({@code <base>/scratch}) and runs the real {@code git} CLI isolated from the user's git config.
 */
final class GitWorkspace implements AutoCloseable {

    final Path base;
    final Path home;
    final Path scratch;

    private GitWorkspace(Path base) throws IOException {
        this.base = base;
        this.home = Files.createDirectories(base.resolve("home"));
        this.scratch = Files.createDirectories(base.resolve("scratch"));
    }

    static GitWorkspace create() throws IOException {
        Path root = Files.createDirectories(Path.of(System.getProperty("user.dir"), "target", "test-work"));
        return new GitWorkspace(Files.createTempDirectory(root, "ws-").toRealPath());
    }

    /** Creates {@code relative} (below home) and returns it. */
    Path dir(String relative) throws IOException {
        return Files.createDirectories(home.resolve(relative));
    }

    /** A repository with one commit at {@code relative} below home. */
    Path repo(String relative) throws IOException {
        Path repo = dir(relative);
        git(repo, "init", "-q");
        git(repo, "commit", "-q", "--allow-empty", "-m", "initial");
        return repo;
    }

    void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    /** Runs git in {@code dir}; fails the test with git's output when it exits non-zero. */
    void git(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "init.defaultBranch=main",
                "-c", "protocol.file.allow=always", "-C", dir.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("GIT_"));
        env.putAll(Map.of("HOME", home.toString(), "GIT_CONFIG_GLOBAL", "/dev/null", "GIT_CONFIG_NOSYSTEM", "1",
                "GIT_AUTHOR_NAME", "Test", "GIT_AUTHOR_EMAIL", "test@example.com",
                "GIT_COMMITTER_NAME", "Test", "GIT_COMMITTER_EMAIL", "test@example.com"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("git %s finished", command).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command, e);
        }
        assertThat(process.exitValue()).as("%s failed:%n%s", command, output).isZero();
    }

    /**
     * An environment with the fake home, {@code cwd} and the workspace as git ceiling, so the repository
     * the build itself runs in is never found.
     */
    EagleEnv env(Path cwd, Map<String, String> extra) {
        Map<String, String> vars = new HashMap<>(extra);
        vars.putIfAbsent("GIT_CEILING_DIRECTORIES", base.toString());
        return new EagleEnv(vars, home, cwd);
    }

    EagleEnv env(Path cwd) {
        return env(cwd, Map.of());
    }

    /** Ephemeral roots: the workspace's scratch folder and the fake home's Downloads. */
    ProjectResolver resolver() {
        return new ProjectResolver(realHome -> List.of(scratch, realHome.resolve("Downloads")));
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                path.toFile().setWritable(true);
                path.toFile().setReadable(true);
                Files.deleteIfExists(path);
            }
        }
    }
}
