package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fingerprints against a real git repository, and the fallback outside one. */
class DiffFingerprintTest {

    @TempDir
    Path dir;

    @Test
    void baseIsTheHeadBlobAndFinalTheWorkingTreeBlob() throws Exception {
        TempRepo repo = new TempRepo(dir).write("src/cart.ts", "v1\n").write("src/pay.ts", "p\n").commitAll("init");
        String headBlob = repo.git("rev-parse", "HEAD:src/cart.ts");
        repo.write("src/cart.ts", "v2\n").write("src/new.ts", "n\n");
        Files.delete(repo.root.resolve("src/pay.ts"));

        List<Fingerprint> fps = DiffFingerprint.of(repo.root, List.of("src/cart.ts", "src/new.ts", "src/pay.ts", "src/cart.ts"));
        assertThat(fps).extracting(Fingerprint::file).containsExactly("src/cart.ts", "src/new.ts", "src/pay.ts");
        Fingerprint cart = fps.get(0);
        assertThat(cart.baseBlob()).isEqualTo(headBlob);
        assertThat(cart.finalBlob()).isEqualTo(repo.git("hash-object", "src/cart.ts"));
        assertThat(cart.hash()).hasSize(64)
                .isEqualTo(DiffFingerprint.fingerprint("src/cart.ts", headBlob, cart.finalBlob()).hash());
        assertThat(cart.shortHash()).hasSize(12);
        assertThat(cart.changed()).isTrue();
        assertThat(fps.get(1).baseBlob()).isEqualTo(Fingerprint.NEW_FILE);
        assertThat(fps.get(2).finalBlob()).isEqualTo(Fingerprint.DELETED);

        repo.write("src/cart.ts", "v1\n");
        assertThat(DiffFingerprint.of(repo.root, List.of("src/cart.ts")).getFirst().changed()).isFalse();
    }

    @Test
    void aRepositoryWithoutCommitsHasOnlyNewFiles() {
        TempRepo repo = new TempRepo(dir).write("a.txt", "a\n");
        Fingerprint fp = DiffFingerprint.of(repo.root, List.of("a.txt")).getFirst();
        assertThat(fp.baseBlob()).isEqualTo(Fingerprint.NEW_FILE);
        assertThat(fp.finalBlob()).hasSize(40);
    }

    @Test
    void outsideGitTheFinalStateIsAContentHash() throws Exception {
        Path plain = Files.createDirectories(dir.resolve("plain"));
        Files.writeString(plain.resolve("a.txt"), "one");
        Fingerprint first = DiffFingerprint.of(plain, List.of("a.txt", "gone.txt")).getFirst();
        assertThat(first.baseBlob()).isEqualTo(Fingerprint.NO_GIT);
        assertThat(first.finalBlob()).startsWith("sha256:");
        Files.writeString(plain.resolve("a.txt"), "two");
        assertThat(DiffFingerprint.of(plain, List.of("a.txt")).getFirst().hash()).isNotEqualTo(first.hash());
        assertThat(DiffFingerprint.of(plain, List.of("gone.txt")).getFirst().finalBlob()).isEqualTo(Fingerprint.DELETED);
    }

    @Test
    void committingOnABranchWithAnUpstreamKeepsTheForkPointAsBase() {
        Path remote = dir.resolve("remote.git");
        TempRepo origin = new TempRepo(dir.resolve("work"));
        origin.write("src/cart.ts", "v1\n").commitAll("init");
        origin.git("init", "-q", "--bare", remote.toString());
        origin.git("remote", "add", "origin", remote.toString());
        origin.git("push", "-q", "-u", "origin", "main");
        String forkBlob = origin.git("rev-parse", "HEAD:src/cart.ts");
        origin.write("src/cart.ts", "v2\n").commitAll("change");
        Fingerprint fp = DiffFingerprint.of(origin.root, List.of("src/cart.ts")).getFirst();
        assertThat(fp.baseBlob()).isEqualTo(forkBlob);
        assertThat(fp.changed()).isTrue();
    }

    @Test
    void parsesLsTreeEntriesAndSkipsTreesAndSubmodules() {
        Map<String, String> out = new HashMap<>();
        DiffFingerprint.parseLsTree("100644 blob aaa\tsrc/a b.ts\0" + "040000 tree bbb\tsrc\0"
                + "160000 commit ccc\tvendor/lib\0" + "120000 blob ddd\tlink\0", out);
        assertThat(out).containsOnlyKeys("src/a b.ts", "link").containsEntry("src/a b.ts", "aaa");
    }

    @Test
    void changedFilesListsStagedUnstagedUntrackedRenamedAndCommittedSinceTheUpstream() {
        Path remote = dir.resolve("remote.git");
        TempRepo repo = new TempRepo(dir.resolve("work")).write("a.txt", "a\n").write("b.txt", "b\n").write("c.txt", "c\n")
                .commitAll("init");
        repo.git("init", "-q", "--bare", remote.toString());
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "-u", "origin", "main");
        repo.write("committed.txt", "x\n").commitAll("local");
        repo.write("a.txt", "a2\n").write("new dir/untracked.txt", "u\n");
        repo.git("mv", "b.txt", "renamed.txt");
        assertThat(DiffFingerprint.changedFiles(repo.root))
                .containsExactly("a.txt", "committed.txt", "new dir/untracked.txt", "renamed.txt");
        assertThat(DiffFingerprint.changedFiles(dir.resolve("work/new dir").getParent().getParent())).isEmpty();
    }

    @Test
    void withoutAnUpstreamTheCommitsNoRemoteHasCount() {
        Path remote = dir.resolve("remote.git");
        TempRepo repo = new TempRepo(dir.resolve("work")).write("a.txt", "a\n").commitAll("init");
        repo.git("init", "-q", "--bare", remote.toString());
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "origin", "main"); // no -u: `git push origin main` habits leave no upstream
        repo.git("checkout", "-q", "-b", "topic");
        repo.write("topic.txt", "t\n").commitAll("on a new branch");
        assertThat(DiffFingerprint.changedFiles(repo.root)).containsExactly("topic.txt");
    }

    @Test
    void withoutAnUpstreamTheBaseIsWhereTheBranchLeavesWhatTheRemotesHave() {
        Path remote = dir.resolve("remote.git");
        TempRepo repo = new TempRepo(dir.resolve("work")).write("src/cart.ts", "v1\n").commitAll("init");
        repo.git("init", "-q", "--bare", remote.toString());
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "origin", "main"); // no upstream
        String published = repo.git("rev-parse", "HEAD");
        String publishedBlob = repo.git("rev-parse", "HEAD:src/cart.ts");
        // committed before anything recorded it, then a new branch on top: HEAD's blob is the committed one
        repo.write("src/cart.ts", "v2\n").commitAll("no hook saw this");
        repo.git("checkout", "-q", "-b", "topic");
        repo.write("src/other.ts", "o\n").commitAll("more");
        assertThat(DiffFingerprint.base(repo.root)).isEqualTo(published);
        Fingerprint fp = DiffFingerprint.of(repo.root, List.of("src/cart.ts")).getFirst();
        assertThat(fp.baseBlob()).isEqualTo(publishedBlob);
        assertThat(fp.changed()).isTrue();

        // once the branch is on the remote there is nothing unpublished: the base is HEAD again
        repo.git("push", "-q", "origin", "topic");
        assertThat(DiffFingerprint.base(repo.root)).isEqualTo("HEAD");
        assertThat(DiffFingerprint.of(repo.root, List.of("src/cart.ts")).getFirst().changed()).isFalse();
    }

    @Test
    void withoutAnyRemoteTheBaseIsHeadAndAnUnpublishedOrphanBranchIsAllNew() {
        TempRepo repo = new TempRepo(dir.resolve("work")).write("a.txt", "a\n").commitAll("init").write("a.txt", "a2\n")
                .commitAll("second");
        assertThat(DiffFingerprint.base(repo.root)).isEqualTo("HEAD");
        assertThat(DiffFingerprint.of(repo.root, List.of("a.txt")).getFirst().changed()).isFalse();

        Path remote = dir.resolve("remote.git");
        repo.git("init", "-q", "--bare", remote.toString());
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "origin", "main");
        repo.git("checkout", "-q", "--orphan", "pages");
        repo.write("a.txt", "page\n").commitAll("orphan");
        assertThat(DiffFingerprint.base(repo.root)).isNull();
        assertThat(DiffFingerprint.of(repo.root, List.of("a.txt")).getFirst().baseBlob()).isEqualTo(Fingerprint.NEW_FILE);
    }

    @Test
    void theForkPointIsTheFirstParentOfTheOldestUnpublishedCommitOnTheFirstParentLine() {
        // newest first, as rev-list prints them; a merge names its second parent too
        assertThat(DiffFingerprint.oldestParent("m c o\nc b\n")).contains("b");
        assertThat(DiffFingerprint.oldestParent("c b\nm c o\n")).contains("b");
        assertThat(DiffFingerprint.oldestParent("c b\nb\n")).isEmpty();
        assertThat(DiffFingerprint.oldestParent("")).isEmpty();
    }
}
