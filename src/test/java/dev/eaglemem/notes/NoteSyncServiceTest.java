package dev.eaglemem.notes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.SearchHit;
import dev.eaglemem.search.SearchRequest;
import dev.eaglemem.store.AgentNoteStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memories sync over real folders standing in for ~/.claude and ~/.codex (HOME points into the temp dir), laid out as
 * Claude Code 2.1.330 and Codex 0.169.0 lay them out (docs/agent-notes.md).
 */
class NoteSyncServiceTest {

    private static final String PROJECT = "code/shop";

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T02:00:00Z"));
    private Path root;
    private Path home;
    private Path memoryDir;
    private NoteSyncService sync;
    private TestServices services;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(dir);
        home = Files.createDirectories(dir.resolve("home"));
        root = Files.createDirectories(dir.resolve("work/code/shop")).toRealPath();
        Files.createDirectories(root.resolve(".git"));
        memoryDir = Files.createDirectories(home.resolve(".claude/projects").resolve(NotePlaces.slug(root.toString()))
                .resolve("memory"));
        EagleEnv env = new EagleEnv(Map.of(), home, root);
        sync = new NoteSyncService(t.db, new MemoryStore(), new AgentNoteStore(), new ProjectStore(), Redactor.defaults(),
                env, clock);
        services = TestServices.on(t.db, clock);
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void theSlugIsClaudeCodesFolderNameForTheDirectory() {
        // seen on a real run: cwd "/tmp/ns/proj/My Repo.v2_x/sub" wrote its transcript to -tmp-ns-proj-My-Repo-v2-x-sub
        assertThat(NotePlaces.slug("/tmp/ns/proj/My Repo.v2_x/sub")).isEqualTo("-tmp-ns-proj-My-Repo-v2-x-sub");
        String deep = "/" + "a".repeat(250);
        assertThat(NotePlaces.slug(deep)).hasSize(200 + 1 + Long.toString(Math.abs((long) deep.hashCode()), 36).length())
                .startsWith("-aaa").contains("-" + Long.toString(Math.abs((long) deep.hashCode()), 36));
    }

    @Test
    void anAutoMemoryFileIsSearchableWithItsOriginUpdatedWhenEditedAndGoneWhenDeleted() throws IOException {
        Path file = Files.writeString(memoryDir.resolve("deploy-window.md"), """
                ---
                name: deploy-window
                description: deploys only on weekdays
                metadata:
                  type: project
                ---

                Deploys of the shop run on weekdays only: the payment provider freezes weekend releases.
                The token is ghp_0123456789abcdefghijklmnopqrstuvwxyz <private>and this stays private</private>
                """);
        Map<Path, String> before = snapshot(home);

        SyncReport first = sync.sync(PROJECT, root);

        assertThat(first.added()).isEqualTo(1);
        assertThat(first.files()).singleElement().satisfies(i -> {
            assertThat(i.path()).isEqualTo(file.toString());
            assertThat(i.origin()).isEqualTo("claude-code:auto-memory");
            assertThat(i.change()).isEqualTo("added");
        });
        MemoryRow note = services.memories().show(first.files().getFirst().memoryId());
        assertThat(note.kind()).isEqualTo("note");
        assertThat(note.title()).isEqualTo("deploy-window");
        assertThat(note.sourceAgent()).isEqualTo("claude-code");
        assertThat(note.content()).startsWith("From claude-code:auto-memory: " + file)
                .contains("payment provider freezes weekend releases").doesNotContain("stays private")
                .doesNotContain("ghp_0123456789abcdefghijklmnopqrstuvwxyz");
        assertThat(search("payment provider weekend")).as("found, marked as the agent's note")
                .anySatisfy(h -> assertThat(h.id() + " " + h.memoryKind()).isEqualTo("mem-" + note.id() + " note"));

        Files.writeString(file, Files.readString(file).replace("weekdays only", "Tuesdays and Thursdays only"));
        SyncReport edited = sync.sync(PROJECT, root);
        assertThat(edited.updated()).isEqualTo(1);
        assertThat(edited.added()).isZero();
        MemoryRow revised = services.memories().show(note.id());
        assertThat(revised.content()).contains("Tuesdays and Thursdays only");
        assertThat(revised.revisionCount()).isEqualTo(2);

        Files.delete(file);
        SyncReport deleted = sync.sync(PROJECT, root);
        assertThat(deleted.gone()).isEqualTo(1);
        MemoryRow gone = services.memories().show(note.id());
        assertThat(gone.isDeleted()).as("hidden from recall and search").isTrue();
        assertThat(gone.deleteReason()).isEqualTo(NoteSyncService.GONE);
        assertThat(search("Tuesdays Thursdays")).extracting(SearchHit::id).doesNotContain("mem-" + note.id());
        assertThat(sync.sync(PROJECT, root).quiet()).as("gone stays gone, once").isTrue();

        before.remove(file);
        assertThat(snapshot(home)).as("nothing written into the agents' folders").isEqualTo(before);
    }

    @Test
    void aSecondSyncWithNothingChangedChangesNothing() throws IOException {
        Files.writeString(memoryDir.resolve("MEMORY.md"), "- [Deploy window](deploy-window.md) — weekdays only\n");
        Files.writeString(memoryDir.resolve("deploy-window.md"), "# Deploy window\n\nWeekdays only.\n");
        sync.sync(PROJECT, root);
        String updatedAt = services.memories().list(new dev.eaglemem.store.MemoryQuery(PROJECT, "note", false, 10))
                .getFirst().updatedAt();
        Map<Path, String> before = snapshot(home);
        clock.advance(java.time.Duration.ofMinutes(5));

        SyncReport again = sync.sync(PROJECT, root);

        assertThat(again.quiet()).isTrue();
        assertThat(again.unchanged()).isEqualTo(2);
        assertThat(services.memories().list(new dev.eaglemem.store.MemoryQuery(PROJECT, "note", false, 10)))
                .hasSize(2).allSatisfy(m -> assertThat(m.revisionCount()).isEqualTo(1))
                .anySatisfy(m -> assertThat(m.updatedAt()).isEqualTo(updatedAt));
        assertThat(snapshot(home)).isEqualTo(before);
    }

    @Test
    void onlyThisProjectsPlansAndCodexMemoriesAreMirrored() throws IOException {
        Path plans = Files.createDirectories(home.resolve(".claude/plans"));
        Path ours = Files.writeString(plans.resolve("hello-swift-kite.md"), "# Plan: split the checkout\n\n1. Extract.\n");
        Files.writeString(plans.resolve("other-calm-river.md"), "# Plan for another project\n");
        // the session's transcript names the plan by its slug, as Claude Code 2.1.330 writes it
        Path sessions = Files.createDirectories(home.resolve(".claude/projects").resolve(NotePlaces.slug(root + "/web")));
        Files.writeString(sessions.resolve("6463eb24.jsonl"), "{\"cwd\":\"" + root + "/web\",\"slug\":\"hello-swift-kite\"}\n");
        Path sibling = Files.createDirectories(home.resolve(".claude/projects").resolve(NotePlaces.slug(root + "-old")));
        Files.writeString(sibling.resolve("1.jsonl"), "{\"cwd\":\"" + root + "-old\",\"slug\":\"other-calm-river\"}\n");
        Path codex = Files.createDirectories(home.resolve(".codex/memories/rollout_summaries"));
        Path rollout = Files.writeString(codex.resolve("2026-12-06-refunds.md"),
                "thread_id: 019c6e27\ncwd: " + root + "\n\n# Refunds\n\nRefund twice bug: idempotency key.\n");
        Files.writeString(codex.resolve("2026-12-05-blog.md"), "cwd: /srv/blog\n\n# Blog\n");
        Path registry = Files.writeString(home.resolve(".codex/memories/MEMORY.md"), """
                # Task Group: shop refunds
                scope: refunds
                applies_to: cwd=%s; reuse_rule=this checkout

                - refunds need an idempotency key

                # Task Group: blog
                scope: the blog
                applies_to: cwd=/srv/blog; reuse_rule=always

                - the blog builds with hugo
                """.formatted(root));

        SyncReport r = sync.sync(PROJECT, root);

        assertThat(r.files()).extracting(SyncReport.Item::path, SyncReport.Item::origin).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(ours.toString(), "claude-code:plan"),
                org.assertj.core.groups.Tuple.tuple(rollout.toString(), "codex:memory"),
                org.assertj.core.groups.Tuple.tuple(registry.toString(), "codex:memory"));
        MemoryRow shared = services.memories().show(r.files().stream().filter(i -> i.path().equals(registry.toString()))
                .findFirst().orElseThrow().memoryId());
        assertThat(shared.content()).contains("idempotency key").doesNotContain("hugo");
        assertThat(services.memories().show(r.files().stream().filter(i -> i.path().equals(ours.toString())).findFirst()
                .orElseThrow().memoryId()).title()).isEqualTo("Plan: split the checkout");
    }

    private List<SearchHit> search(String q) {
        return services.search().search(new SearchRequest(q, null, PROJECT, 10)).hits();
    }

    /** Every file under the folder with its size and modification time: what a write would change. */
    private static Map<Path, String> snapshot(Path folder) throws IOException {
        Map<Path, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(folder)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                FileTime mtime = Files.getLastModifiedTime(p);
                out.put(p, Files.size(p) + "@" + mtime.toMillis() + ":" + Files.readString(p).hashCode());
            }
        }
        return out;
    }
}
