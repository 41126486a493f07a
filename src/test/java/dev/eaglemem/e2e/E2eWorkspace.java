package dev.eaglemem.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A scratch world for one end-to-end test under {@code target/e2e-work/<id>/}: a fake HOME with its own git
 * identity, and a git repository at {@code ~/code/shop-api} with one commit. It is not in {@code /tmp}
 * (eagle-mem treats that as ephemeral scratch space) and it is kept after the test, so a failure can be
 * inspected; {@code mvn clean} removes it. Nothing outside {@link #root()} is written.
 */
public final class E2eWorkspace {

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);

    private final Path root;
    private final Path home;
    private final Path repo;

    private E2eWorkspace(Path root) throws IOException {
        this.root = root;
        this.home = Files.createDirectories(root.resolve("home"));
        this.repo = Files.createDirectories(home.resolve("code/shop-api"));
    }

    /** A fresh workspace below the module's {@code target/e2e-work}, with the repository initialised. */
    public static E2eWorkspace create() {
        // A short id: Codex and git put sockets and lock files below HOME, and socket paths are length-limited.
        String id = UUID.randomUUID().toString().substring(0, 8);
        Path root = Path.of(System.getProperty("user.dir"), "target", "e2e-work", id).toAbsolutePath();
        try {
            E2eWorkspace workspace = new E2eWorkspace(Files.createDirectories(root));
            workspace.initRepository();
            return workspace;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the e2e workspace " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    /** The fake HOME the agents and eagle-mem run with. */
    public Path home() {
        return home;
    }

    /** The git repository the agents work in. */
    public Path repo() {
        return repo;
    }

    /** A directory below the workspace root (created), for logs, data dirs and the like. */
    public Path dir(String relative) {
        try {
            return Files.createDirectories(root.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The environment every process in this workspace starts from: the fake HOME, the caller's PATH, a UTF-8
     * locale, and git kept inside the workspace ({@code GIT_CEILING_DIRECTORIES}: the workspace itself sits
     * inside the project's own checkout, which must never be mistaken for the agent's repository).
     */
    public Map<String, String> baseEnv() {
        Map<String, String> env = new HashMap<>();
        for (String inherited : List.of("PATH", "JAVA_HOME", "TZ", "TMPDIR")) {
            String value = System.getenv(inherited);
            if (value != null) {
                env.put(inherited, value);
            }
        }
        env.put("HOME", home.toString());
        env.put("LANG", "C.UTF-8");
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CEILING_DIRECTORIES", root.toString());
        return env;
    }

    /** Runs git in the repository; fails the test with git's output when it exits non-zero. */
    public String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        AgentProcess.Outcome outcome = AgentProcess.run(command, repo, baseEnv(), GIT_TIMEOUT, () -> "");
        if (outcome.exitCode() != 0) {
            throw new AssertionError("git " + String.join(" ", args) + " failed: " + outcome.describe());
        }
        return outcome.stdout();
    }

    private void initRepository() throws IOException {
        // The global config lives in the fake HOME, so commits made by agents or hooks have an author too.
        Files.writeString(home.resolve(".gitconfig"), """
                [user]
                \tname = E2E Test
                \temail = e2e@example.com
                [init]
                \tdefaultBranch = main
                """, StandardCharsets.UTF_8);
        git("init", "-q");
        Files.writeString(repo.resolve("README.md"), "# shop-api\n", StandardCharsets.UTF_8);
        git("add", "README.md");
        git("commit", "-q", "-m", "initial");
    }
}
