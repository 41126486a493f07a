package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProjectResolverTest {

    private GitWorkspace ws;
    private ProjectResolver resolver;
    private Path repo;

    @BeforeEach
    void setUp() throws IOException {
        ws = GitWorkspace.create();
        resolver = ws.resolver();
        repo = ws.repo("code/shop-api");
    }

    @AfterEach
    void tearDown() throws IOException {
        ws.close();
    }

    private Optional<String> keyOf(Path dir) {
        return resolver.resolve(ws.env(ws.home), dir).map(Project::key);
    }

    @Test
    void repositoryAndNestedFolderShareOneKey() throws IOException {
        Path nested = Files.createDirectories(repo.resolve("src/main/java"));

        assertThat(resolver.resolve(ws.env(nested), nested)).contains(new Project("code/shop-api", repo));
        assertThat(keyOf(repo)).contains("code/shop-api");
    }

    @Test
    void linkedWorktreeHasTheMainRepositoryKey() throws IOException {
        ws.git(repo, "worktree", "add", "-q", "-b", "feature", "../shop-api-feature");
        Path nested = Files.createDirectories(ws.home.resolve("code/shop-api-feature/src"));

        assertThat(resolver.resolve(ws.env(nested), nested)).contains(new Project("code/shop-api", repo));
    }

    @Test
    void submoduleHasItsOwnKey() throws IOException {
        Path lib = ws.repo("code/payments-lib");
        ws.git(repo, "submodule", "add", "-q", lib.toString(), "libs/payments");
        Path nested = Files.createDirectories(repo.resolve("libs/payments/src"));

        assertThat(keyOf(nested)).contains("code/shop-api/libs/payments");
        assertThat(keyOf(repo.resolve("libs"))).contains("code/shop-api");
    }

    @Test
    void symlinkedCheckoutHasTheRealKey() throws IOException {
        Files.createDirectories(repo.resolve("src"));
        Path link = Files.createSymbolicLink(ws.dir("links").resolve("shop"), repo);

        assertThat(resolver.resolve(ws.env(link), link.resolve("src"))).contains(new Project("code/shop-api", repo));
    }

    @Test
    void symlinkedHomeStillGivesHomeRelativeKeys() throws IOException {
        Path homeLink = Files.createSymbolicLink(ws.base.resolve("home-link"), ws.home);
        EagleEnv env = new EagleEnv(Map.of("GIT_CEILING_DIRECTORIES", ws.base.toString()), homeLink, homeLink);

        assertThat(resolver.resolve(env, homeLink.resolve("code/shop-api")).map(Project::key))
                .contains("code/shop-api");
        assertThat(resolver.resolveCwd(env)).isEmpty();
    }

    @Test
    void garbledGitFileFallsBackToTheDirectoryItself() throws IOException {
        Path garbled = ws.dir("code/garbled");
        ws.write(garbled.resolve(".git"), "not a gitfile");
        Path nested = Files.createDirectories(garbled.resolve("src"));

        assertThat(keyOf(garbled)).contains("code/garbled");
        assertThat(keyOf(nested)).contains("code/garbled/src");
    }

    @Test
    void folderWithoutRepositoryIsKeyedByItself() throws IOException {
        Path drafts = ws.dir("notes/drafts");

        assertThat(resolver.resolve(ws.env(drafts), drafts)).contains(new Project("notes/drafts", drafts));
    }

    @Test
    void folderOutsideHomeIsKeyedByItsAbsolutePath() throws IOException {
        Path app = Files.createDirectories(ws.base.resolve("srv/app"));

        assertThat(keyOf(app)).contains(app.toString().substring(1));
    }

    @Test
    void ephemeralDirectoriesAreNoProject() throws IOException {
        Path scratchRepo = Files.createDirectories(ws.scratch.resolve("build/app"));
        ws.git(scratchRepo, "init", "-q");
        Path download = ws.dir("Downloads/tool-src");
        Path linkToScratch = Files.createSymbolicLink(ws.dir("code").resolve("via-link"), scratchRepo);

        assertThat(keyOf(scratchRepo)).isEmpty();
        assertThat(keyOf(ws.scratch)).isEmpty();
        assertThat(keyOf(download)).isEmpty();
        assertThat(keyOf(linkToScratch)).as("a link into scratch space is scratch space").isEmpty();
    }

    @Test
    void homeDirectoryAndRootAreNoProject() {
        assertThat(resolver.resolveCwd(ws.env(ws.home))).isEmpty();
        assertThat(keyOf(Path.of("/"))).isEmpty();
    }

    @Test
    void repositoryAtHomeDoesNotSwallowProjectsBelowIt() throws IOException {
        ws.git(ws.home, "init", "-q");
        Path drafts = ws.dir("notes/drafts");

        assertThat(keyOf(drafts)).as("a dotfiles repository is not a project").contains("notes/drafts");
        assertThat(keyOf(repo)).contains("code/shop-api");
        assertThat(keyOf(ws.home)).isEmpty();
    }

    @Test
    void relativeDirectoryIsTakenFromTheCwd() throws IOException {
        Files.createDirectories(repo.resolve("src"));

        assertThat(resolver.resolve(ws.env(repo), Path.of("src")).map(Project::key)).contains("code/shop-api");
        assertThat(resolver.resolveCwd(ws.env(repo.resolve("src"))).map(Project::key)).contains("code/shop-api");
    }

    @Test
    void projectVariableWinsAndIsTrimmed() {
        EagleEnv env = ws.env(ws.scratch, Map.of(ProjectResolver.PROJECT_VAR, "  team/shop-api \n"));

        assertThat(resolver.resolveCwd(env)).contains(new Project("team/shop-api", null));
        assertThat(resolver.resolve(env, repo)).contains(new Project("team/shop-api", null));
    }

    @Test
    void blankProjectVariableCountsAsUnset() {
        EagleEnv env = ws.env(repo, Map.of(ProjectResolver.PROJECT_VAR, "   "));

        assertThat(resolver.resolveCwd(env).map(Project::key)).contains("code/shop-api");
    }

    @ParameterizedTest
    @ValueSource(strings = { "/home/dev/code/shop-api", "code/../secrets", "..", "code/..", "shop\u0007api",
            "shop\napi" })
    void invalidProjectVariableIsRejectedNamingVariableAndValue(String value) {
        EagleEnv env = ws.env(repo, Map.of(ProjectResolver.PROJECT_VAR, value));
        String shown = value.replace("\u0007", "\\u0007").replace("\n", "\\u000a");

        assertThatThrownBy(() -> resolver.resolveCwd(env))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("EAGLE_MEM_PROJECT=\"" + shown + "\" is invalid");
    }

    @Test
    void overlongProjectVariableIsRejected() {
        String value = "p".repeat(ProjectResolver.MAX_OVERRIDE_LENGTH + 1);

        assertThatThrownBy(() -> ProjectResolver.validateOverride(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("EAGLE_MEM_PROJECT=\"" + "p".repeat(80) + "...\"")
                .hasMessageContaining("longer than 200");
        assertThat(ProjectResolver.validateOverride("p".repeat(ProjectResolver.MAX_OVERRIDE_LENGTH)))
                .hasSize(ProjectResolver.MAX_OVERRIDE_LENGTH);
        assertThatThrownBy(() -> ProjectResolver.validateOverride(" \t "))
                .hasMessageContaining("blank");
    }

    @Test
    void validOverridesKeepDotsInsideNames() {
        assertThat(ProjectResolver.validateOverride("acme/shop..api/v1.2")).isEqualTo("acme/shop..api/v1.2");
    }

    @Test
    void defaultResolverTreatsTempAndDownloadsAsEphemeral() {
        ProjectResolver defaults = new ProjectResolver();
        EagleEnv env = new EagleEnv(Map.of(), Path.of("/home/eagle-mem-test-user"), Path.of("/"));

        assertThat(defaults.resolve(env, Path.of("/tmp/eagle-mem-missing/app"))).isEmpty();
        assertThat(defaults.resolve(env, Path.of("/private/tmp/eagle-mem-missing/app"))).isEmpty();
        assertThat(defaults.resolve(env, Path.of("/var/folders/zz/T/eagle-mem-missing"))).isEmpty();
        assertThat(defaults.resolve(env, Path.of("/home/eagle-mem-test-user/Downloads/app"))).isEmpty();
        assertThat(defaults.resolve(env, Path.of("/home/eagle-mem-test-user/code/app")))
                .contains(new Project("code/app", Path.of("/home/eagle-mem-test-user/code/app")));
    }
}
