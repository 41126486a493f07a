package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.FileHintStore.HotFile;
import org.junit.jupiter.api.Test;

/** Co-edit pairs and hot files in SQL on a real migrated file: the thresholds, the exclusion, the stored hints. */
class FileHintStoreTest extends TempDbTest {

    private static final String P = "code/shop";

    private final FileHintStore hints = new FileHintStore();
    private final Instant now = Instant.parse("2026-11-25T10:00:00Z");
    private int n;

    private void session(String id, List<String> edited, List<String> read) {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, P, null, now);
            new SessionStore().upsert(tx, id, P, "claude-code", null, null, null, now);
            for (String f : edited) {
                new ObservationStore().insert(tx, new NewObservation(id, P, "claude-code", "Edit", null, "edit", List.of(),
                        List.of(f), null, 10L, 1, "o" + n++), now);
            }
            for (String f : read) {
                new ObservationStore().insert(tx, new NewObservation(id, P, "claude-code", "Read", null, "read", List.of(f),
                        List.of(), null, 10L, 1, "o" + n++), now);
            }
            return null;
        });
    }

    @Test
    void pairsNeedThreeSessionsWithEditsAndTwoTogetherAndAFileInNearlyEverySessionPairsWithNothing() {
        session("s1", List.of("a.py", "b.py", "CHANGELOG.md"), List.of());
        session("s2", List.of("a.py", "b.py", "CHANGELOG.md"), List.of());
        assertThat(t.db.read((Tx tx) -> hints.coEditPairs(tx, P))).as("two sessions are too few").isEmpty();
        session("s3", List.of("c.py", "CHANGELOG.md"), List.of());
        List<CoEditPair> pairs = t.db.read((Tx tx) -> hints.coEditPairs(tx, P));
        assertThat(pairs).containsExactly(new CoEditPair("a.py", "b.py", 2));

        t.db.write((Tx tx) -> {
            hints.replace(tx, P, "co_edit", List.of(new FileHintRow(P, "co_edit", "a.py", List.of("b.py"), 2, null)), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> hints.forPath(tx, P, "a.py"))).singleElement()
                .extracting(FileHintRow::partners, FileHintRow::computedAt)
                .containsExactly(List.of("b.py"), "2026-11-25T10:00:00.000Z");
        t.db.write((Tx tx) -> {
            hints.replace(tx, P, "co_edit", List.of(), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> hints.list(tx, P, "co_edit"))).as("replaced by nothing: cleared").isEmpty();
    }

    @Test
    void hotFilesAreReadOftenInMostSessionsOrVeryOftenInSome() {
        session("s1", List.of(), List.of("README.md", "README.md", "x.py"));
        session("s2", List.of(), List.of("README.md", "README.md"));
        session("s3", List.of(), List.of("README.md", "y.py", "y.py", "y.py", "y.py", "y.py", "y.py", "y.py", "y.py", "y.py",
                "y.py"));
        session("s4", List.of(), List.of("z.py"));
        List<HotFile> hot = t.db.read((Tx tx) -> hints.hotFiles(tx, P));
        assertThat(hot).extracting(HotFile::path).containsExactly("y.py", "README.md");
        assertThat(hot.get(1)).isEqualTo(new HotFile("README.md", 5, 3, 4, 5.0 / 3));
    }

    @Test
    void aFilesHintsAreReadTogetherWithTheirCounts() {
        t.db.write((Tx tx) -> {
            hints.replace(tx, P, "co_edit", List.of(new FileHintRow(P, "co_edit", "a.py", List.of("b.py"), 2, null)), now);
            hints.replace(tx, P, "hot_file", List.of(new FileHintRow(P, "hot_file", "a.py", List.of(), 4.5, 9, 2, 7, null),
                    new FileHintRow(P, "hot_file", "c.py", List.of(), 3, 6, 2, 7, null)), now);
            return null;
        });
        List<FileHintRow> rows = t.db.read((Tx tx) -> hints.forPath(tx, P, "a.py"));
        assertThat(rows).extracting(FileHintRow::kind).containsExactlyInAnyOrder("co_edit", "hot_file");
        assertThat(rows).filteredOn(r -> r.kind().equals("hot_file")).singleElement()
                .extracting(FileHintRow::hits, FileHintRow::sessions, FileHintRow::ofSessions).containsExactly(9, 2, 7);
        assertThat(t.db.read((Tx tx) -> hints.forPath(tx, P, "z.py"))).isEmpty();
    }

    @Test
    void replacingOneKindLeavesTheOtherKindAndOtherProjectsAlone() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/other", null, now);
            hints.replace(tx, P, "co_edit", List.of(new FileHintRow(P, "co_edit", "a.py", List.of("b.py"), 2, null)), now);
            hints.replace(tx, P, "hot_file", List.of(new FileHintRow(P, "hot_file", "a.py", List.of(), 4, 8, 2, 3, null)), now);
            hints.replace(tx, "code/other", "co_edit", List.of(new FileHintRow("code/other", "co_edit", "x.py",
                    List.of("y.py"), 3, null)), now);
            hints.replace(tx, P, "co_edit", List.of(new FileHintRow(P, "co_edit", "c.py", List.of("d.py", "e.py"), 5, null)),
                    now.plusSeconds(60));
            return null;
        });
        assertThat(t.db.read((Tx tx) -> hints.list(tx, P, "co_edit"))).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("c.py");
            assertThat(r.partners()).containsExactly("d.py", "e.py");
            assertThat(r.computedAt()).isEqualTo("2026-11-25T10:01:00.000Z");
        });
        assertThat(t.db.read((Tx tx) -> hints.list(tx, P, "hot_file"))).extracting(FileHintRow::path).containsExactly("a.py");
        assertThat(t.db.read((Tx tx) -> hints.list(tx, "code/other", "co_edit"))).extracting(FileHintRow::path)
                .containsExactly("x.py");
        assertThat(t.db.read((Tx tx) -> hints.forPath(tx, "code/other", "c.py"))).isEmpty();
    }

    @Test
    void listIsStrongestFirstThenByPath() {
        t.db.write((Tx tx) -> {
            hints.replace(tx, P, "hot_file", List.of(new FileHintRow(P, "hot_file", "b.py", List.of(), 2, null),
                    new FileHintRow(P, "hot_file", "a.py", List.of(), 2, null),
                    new FileHintRow(P, "hot_file", "z.py", List.of(), 7.5, null)), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> hints.list(tx, P, "hot_file"))).extracting(FileHintRow::path)
                .containsExactly("z.py", "a.py", "b.py");
    }

    @Test
    void pairsAreStrongestFirstCappedAndCountASessionOnceHoweverOftenItEditedAFile() {
        List<String> nine = List.of("f1.py", "f2.py", "f3.py", "f4.py", "f5.py", "f6.py", "f7.py", "f8.py", "f9.py");
        session("s1", nine, List.of());
        session("s2", nine, List.of());
        session("s3", List.of("f1.py", "f1.py", "f2.py", "lone.py"), List.of());
        session("s4", List.of("lone.py"), List.of());
        List<CoEditPair> pairs = t.db.read((Tx tx) -> hints.coEditPairs(tx, P));
        assertThat(pairs).hasSize(FileHintStore.MAX_PAIRS);
        assertThat(pairs.getFirst()).isEqualTo(new CoEditPair("f1.py", "f2.py", 3));
        assertThat(pairs.get(1)).isEqualTo(new CoEditPair("f1.py", "f3.py", 2));
        assertThat(pairs).as("lone.py was edited with f1 and f2 in one session only")
                .noneMatch(p -> p.a().equals("lone.py") || p.b().equals("lone.py"));
    }

    @Test
    void anotherProjectsSessionsNeitherCountNorPair() {
        session("s1", List.of("a.py", "b.py"), List.of());
        session("s2", List.of("a.py", "b.py"), List.of());
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/other", null, now);
            new SessionStore().upsert(tx, "o1", "code/other", "claude-code", null, null, null, now);
            new ObservationStore().insert(tx, new NewObservation("o1", "code/other", "claude-code", "Edit", null, "edit",
                    List.of(), List.of("c.py"), null, 10L, 1, "x1"), now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> hints.coEditPairs(tx, P))).as("two sessions of its own are too few").isEmpty();
        assertThat(t.db.read((Tx tx) -> hints.coEditPairs(tx, "code/other"))).isEmpty();
    }
}
