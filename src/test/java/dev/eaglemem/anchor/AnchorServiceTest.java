package dev.eaglemem.anchor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryPatch;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Anchors on real temporary git repositories: each state, re-anchoring, and the repositories git can be in. */
class AnchorServiceTest {

    private static final String PROJECT = "code/shop";
    static final String PRICING = """
            export function applyDiscount(cents, code) {
              const rate = code === 'VIP' ? 0.2 : 0.1;
              return Math.floor(cents * rate);
            }

            export function total(items) {
              return items.reduce((sum, i) => sum + i.cents, 0);
            }
            """;

    @TempDir
    Path dir;

    private TestDb t;
    private AnchorService anchors;
    private MemoryService memories;
    private Repo repo;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        Clock clock = Clock.fixed(Instant.parse("2026-12-06T10:00:00Z"), ZoneOffset.UTC);
        TestServices services = TestServices.on(t.db, clock);
        anchors = services.anchors();
        memories = services.memories();
        repo = new Repo(dir.resolve("shop"));
        repo.commit("src/pricing.js", PRICING, "pricing");
        repo.commit("README.md", "# Shop\n", "readme");
    }

    @AfterEach
    void close() {
        anchors.close();
        t.close();
    }

    private long gotcha(String content, String... files) {
        return gotchaIn(repo.dir, content, files);
    }

    private long gotchaIn(Path tree, String content, String... files) {
        return memories.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, null, content, null, null, List.of(files),
                PROJECT, "claude-code", null, null, false), tree).memory().id();
    }

    private Freshness state(long id) {
        return stateIn(repo.dir, id);
    }

    private Freshness stateIn(Path tree, long id) {
        return anchors.of(AnchorService.MEMORY, id, PROJECT, tree).orElseThrow();
    }

    private List<AnchorStore.Target> targets(long id) {
        return anchors.find(AnchorService.MEMORY, id).orElseThrow().targets();
    }

    @Test
    void aMemoryIsAnchoredAtHeadToItsFileAndTheDeclarationItNames() {
        long id = gotcha("applyDiscount() floors the discount: a 0.5 cent discount is lost", "src/pricing.js");
        var anchor = anchors.find(AnchorService.MEMORY, id).orElseThrow();
        assertThat(anchor.commit()).isEqualTo(repo.head());
        assertThat(anchor.targets()).singleElement().satisfies(x -> {
            assertThat(x.path()).isEqualTo("src/pricing.js");
            assertThat(x.decl()).isEqualTo("applyDiscount");
            assertThat(x.blob()).isEqualTo(repo.git("rev-parse", "HEAD:src/pricing.js"));
        });
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
        assertThat(state(id).label()).isEmpty();
    }

    @Test
    void aPathInTheTextAndADeclarationTheIndexKnowsAreFoundWithoutAFilesList() {
        long id = gotcha("Careful in src/pricing.js: totals are cents");
        assertThat(targets(id)).extracting(AnchorStore.Target::path).containsExactly("src/pricing.js");
    }

    @Test
    void aCommitThatChangesTheFileMakesItChangedWithTheCommitCountAndTheNewest() throws IOException {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        String at = repo.shortHead();
        repo.commit("README.md", "# Shop\n\nSetup: make\n", "document setup");
        repo.commit("README.md", "# Shop\n\nSetup: make all\n", "setup with make all");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.CHANGED);
        assertThat(f.label()).isEqualTo("written at " + at + "; README.md changed since in 2 commits, newest "
                + repo.shortHead() + " 'setup with make all'");
        assertThat(f.tag()).startsWith(" [changed: written at " + at);
    }

    @Test
    void aChangedDeclarationIsChangedWhileAChangeElsewhereInItsFileLeavesItFresh() throws IOException {
        long discount = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        long total = gotcha("total() sums cents, never floats", "src/pricing.js");
        repo.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.round"), "round the discount");
        assertThat(state(discount).state()).isEqualTo(AnchorState.CHANGED);
        assertThat(state(discount).label()).contains("applyDiscount in src/pricing.js changed since in 1 commit, newest "
                + repo.shortHead() + " 'round the discount'");
        assertThat(state(total).state()).isEqualTo(AnchorState.FRESH);
    }

    @Test
    void aDeclarationRemovedWhileTheFileStaysIsGone() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        repo.commit("src/pricing.js", PRICING.substring(PRICING.indexOf("export function total")), "drop discounts");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.GONE);
        assertThat(f.label()).endsWith("applyDiscount is gone from src/pricing.js");
    }

    @Test
    void aDeletedFileIsGoneWithTheCommitThatDeletedIt() {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.git("rm", "-q", "README.md");
        repo.commitAll("drop the readme");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.GONE);
        assertThat(f.label()).endsWith("README.md is gone (deleted in " + repo.shortHead() + " 'drop the readme')");
    }

    @Test
    void aRenamedFileIsMovedAndTheAnchorFollowsIt() {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.git("mv", "README.md", "docs.md");
        repo.commitAll("rename the readme");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.MOVED);
        assertThat(f.label()).endsWith("README.md moved to docs.md");
        assertThat(targets(id)).singleElement().satisfies(x -> {
            assertThat(x.path()).isEqualTo("docs.md");
            assertThat(x.movedFrom()).isEqualTo("README.md");
        });
        // followed: the next check finds it where it is now, without asking git where it went
        assertThat(state(id).state()).isEqualTo(AnchorState.MOVED);
    }

    @Test
    void gitMvWithAnEditIsAChangeUnderTheNewName() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        repo.git("mv", "src/pricing.js", "src/discounts.js");
        repo.write("src/discounts.js", PRICING.replace("0.2 : 0.1", "0.25 : 0.1"));
        repo.commitAll("discounts move to their own file");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.CHANGED);
        assertThat(f.label()).endsWith("applyDiscount in src/pricing.js (now src/discounts.js) changed since in 1 commit, newest "
                + repo.shortHead() + " 'discounts move to their own file'");
    }

    /**
     * The record still names README.md after the rename: a confirm or an update anchors it again to docs.md, where the
     * anchor had followed it, so a later change of docs.md is still seen. Once the record stops naming README.md the
     * rename is not followed any more.
     */
    @Test
    void confirmAndUpdateAfterARenameKeepTheFileTheAnchorFollowed() throws IOException {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.git("mv", "README.md", "docs.md");
        repo.commitAll("rename the readme");
        assertThat(state(id).state()).isEqualTo(AnchorState.MOVED);

        anchors.confirm(AnchorService.MEMORY, id, repo.dir);
        assertThat(targets(id)).extracting(AnchorStore.Target::path).containsExactly("docs.md");
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
        repo.commit("docs.md", "# Shop\n\nRun make setup.\n", "setup steps");
        assertThat(state(id).state()).as("the renamed file is still watched").isEqualTo(AnchorState.CHANGED);

        memories.update(id, new MemoryPatch(null, null, "The readme holds the shop's setup steps", null, null, null, null,
                null, null, null, null, null, null, null, null), repo.dir);
        assertThat(targets(id)).extracting(AnchorStore.Target::path).containsExactly("docs.md");
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);

        memories.update(id, new MemoryPatch(null, null, null, null, null, null, null, null, null, null, null, List.of(), null,
                null, null), repo.dir);
        assertThat(anchors.find(AnchorService.MEMORY, id).map(a -> a.targets().size()).orElse(0))
                .as("it names no file any more: nothing followed").isZero();
    }

    @Test
    void anUncommittedRenameIsSeenToo() {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.git("mv", "README.md", "SETUP.md");
        assertThat(state(id).state()).isEqualTo(AnchorState.MOVED);
    }

    @Test
    void aFileDirtyAtWriteTimeIsAnchoredByItsWorkingContent() throws IOException {
        repo.write("src/pricing.js", PRICING.replace("Math.floor", "Math.round"));
        long id = gotcha("applyDiscount() rounds half up now", "src/pricing.js");
        assertThat(targets(id).getFirst().blob()).isEqualTo(WorkingFiles.blobId(
                Files.readAllBytes(repo.dir.resolve("src/pricing.js"))));
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
        repo.commitAll("round the discount");
        assertThat(state(id).state()).as("committing what it was written against changes nothing").isEqualTo(AnchorState.FRESH);
        repo.write("src/pricing.js", PRICING);
        assertThat(state(id).label()).contains("changed since (not committed yet)");
    }

    @Test
    void confirmAndUpdateReanchorAtHead() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        repo.commit("src/pricing.js", PRICING.replace("0.2 : 0.1", "0.3 : 0.1"), "bigger VIP discount");
        AnchorService.Confirmed c = anchors.confirm(AnchorService.MEMORY, id, repo.dir);
        assertThat(c.before().state()).isEqualTo(AnchorState.CHANGED);
        assertThat(c.after().state()).isEqualTo(AnchorState.FRESH);
        assertThat(anchors.find(AnchorService.MEMORY, id).orElseThrow().how()).isEqualTo("confirmed");
        assertThat(anchors.find(AnchorService.MEMORY, id).orElseThrow().commit()).isEqualTo(repo.head());

        repo.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.ceil"), "ceil");
        assertThat(state(id).state()).isEqualTo(AnchorState.CHANGED);
        memories.update(id, new MemoryPatch(null, null, "applyDiscount() rounds the discount up now", null, null, null, null,
                null, null, null, null, null, null, null, null), repo.dir);
        var anchor = anchors.find(AnchorService.MEMORY, id).orElseThrow();
        assertThat(anchor.how()).isEqualTo("updated");
        assertThat(anchor.commit()).isEqualTo(repo.head());
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
    }

    @Test
    void aRecordWrittenOutsideGitHasNoAnchorAndIsNeverStale() throws IOException {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        Files.writeString(plain.resolve("notes.txt"), "x");
        long id = gotchaIn(plain, "notes.txt holds the shop's notes", "notes.txt");
        assertThat(anchors.find(AnchorService.MEMORY, id)).isEmpty();
        assertThat(anchors.memories(PROJECT, plain, List.of(id))).isEmpty();
        assertThatThrownBy(() -> anchors.confirm(AnchorService.MEMORY, id, plain)).isInstanceOf(EagleException.class)
                .hasMessageContaining("not a git checkout");
    }

    @Test
    void aDetachedHeadIsAnchoredAtItsCommit() throws IOException {
        String first = repo.git("rev-list", "--max-parents=0", "HEAD");
        repo.git("checkout", "-q", "--detach", first);
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        assertThat(anchors.find(AnchorService.MEMORY, id).orElseThrow().commit()).isEqualTo(first);
        repo.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.round"), "round on a detached head");
        assertThat(state(id).label()).contains("in 1 commit, newest " + repo.shortHead());
    }

    @Test
    void aShallowCloneCountsTheCommitsItHasAndNoneItLacks() throws IOException {
        repo.commit("src/pricing.js", PRICING.replace("0.1;", "0.15;"), "regular discount 15%");
        long old = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        String oldAnchor = anchors.find(AnchorService.MEMORY, old).orElseThrow().commit();
        repo.commit("src/pricing.js", PRICING.replace("0.1;", "0.12;"), "regular discount 12%");
        Repo shallow = Repo.cloneOf(repo, dir.resolve("shallow"), "--depth", "1");
        assertThat(shallow.git("rev-parse", "--is-shallow-repository")).isEqualTo("true");

        long here = gotchaIn(shallow.dir, "applyDiscount() floors the discount, as the shallow clone shows", "src/pricing.js");
        shallow.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.round"), "round");
        assertThat(stateIn(shallow.dir, here).label()).contains("changed since in 1 commit, newest " + shallow.shortHead());
        // the older memory's anchor commit is not in the shallow history: changed, without a count it cannot know
        assertThat(shallow.git("cat-file", "-t", shallow.head())).isEqualTo("commit");
        assertThat(oldAnchor).isNotEqualTo(shallow.git("rev-parse", "HEAD~1"));
        Freshness f = stateIn(shallow.dir, old);
        assertThat(f.state()).isEqualTo(AnchorState.CHANGED);
        assertThat(f.label()).contains("applyDiscount in src/pricing.js changed since").doesNotContain("commits");
    }

    @Test
    void aHookWithoutServeReadsWhatGitSaidAtThisHeadAndNeverRunsGit() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        repo.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.round"), "round the discount");
        // no git: the state is known from the files, the commit count is not (yet)
        Map<Long, Freshness> before = anchors.memories(PROJECT, repo.dir, List.of(id));
        assertThat(before.get(id).state()).isEqualTo(AnchorState.CHANGED);
        assertThat(before.get(id).label()).doesNotContain("commit,");
        anchors.useGit(true);
        assertThat(anchors.memories(PROJECT, repo.dir, List.of(id)).get(id).label()).contains("in 1 commit, newest");
        anchors.useGit(false);
        assertThat(anchors.memories(PROJECT, repo.dir, List.of(id)).get(id).label()).as("kept for this HEAD")
                .contains("in 1 commit, newest " + repo.shortHead());
    }

    @Test
    void aWorktreeOnAnotherBranchIsCheckedAsTheAgentThereSeesIt() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        Path wt = dir.resolve("shop-feature");
        repo.git("worktree", "add", "-q", "-b", "feature", wt.toString());
        Repo feature = Repo.at(wt);
        feature.commit("src/pricing.js", PRICING.replace("Math.floor", "Math.round"), "round on the branch");
        assertThat(HeadCommit.of(feature.dir)).contains(feature.head());
        assertThat(stateIn(feature.dir, id).state()).isEqualTo(AnchorState.CHANGED);
        assertThat(stateIn(feature.dir, id).label()).contains("newest " + feature.shortHead() + " 'round on the branch'");
        assertThat(state(id).state()).as("the main checkout is untouched").isEqualTo(AnchorState.FRESH);
    }

    @Test
    void headIsReadFromPackedRefsAsGitReadsIt() {
        repo.git("pack-refs", "--all");
        assertThat(repo.dir.resolve(".git/refs/heads/main")).doesNotExist();
        assertThat(HeadCommit.of(repo.dir)).contains(repo.head());
    }

    @Test
    void theStaleListingNamesEveryRecordThatIsNotFresh() throws IOException {
        long fresh = gotcha("total() sums cents, never floats", "src/pricing.js");
        long changed = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        long gone = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.write("src/pricing.js", PRICING.replace("Math.floor", "Math.round"));
        repo.git("rm", "-q", "README.md");
        repo.commitAll("round, and no readme");
        List<AnchorService.Checked> stale = anchors.stale(PROJECT, repo.dir);
        assertThat(stale).extracting(AnchorService.Checked::recordId).containsExactlyInAnyOrder(changed, gone)
                .doesNotContain(fresh);
        memories.forget(gone, "readme is gone");
        assertThat(anchors.stale(PROJECT, repo.dir)).extracting(AnchorService.Checked::recordId).containsExactly(changed);
    }
}
