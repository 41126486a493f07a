package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.Golden;
import dev.eaglemem.TestServices;
import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recall of records the code moved on from, through the whole hook stack on a real git repository: SessionStart and a
 * prompt label a changed gotcha with the commits since (what serve learnt from git, read back by a hook that runs none),
 * and a decision about a deleted file is not injected while another record answers. The repository's commits have fixed
 * dates, so their ids, and the goldens, are the same on every run. Regenerate with {@code -Dgolden.update=true}.
 */
class StaleRecallGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/stale");
    private static final Path CLAUDE = HookRig.CLAUDE;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PRICING = """
            export function applyDiscount(cents, code) {
              const rate = code === 'VIP' ? 0.2 : 0.1;
              return Math.floor(cents * rate);
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aChangedGotchaIsLabelledAndAGoneDecisionIsLeftOut() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home")).toRealPath();
        Path repo = Files.createDirectories(home.resolve("work/shop-api"));
        git(repo, "init", "-q", "-b", "main");
        write(repo, "src/pricing.js", PRICING);
        write(repo, "README.md", "# Shop\n\nSetup: see below.\n");
        write(repo, "Makefile", "setup:\n\tnpm ci\n");
        commit(repo, "shop", "2026-11-01T10:00:00Z");

        try (TestDb t = TestDb.in(Files.createDirectories(dir.resolve("data")))) {
            HookRig rig = new HookRig(t.db, dir.resolve("data/eagle-mem.log"));
            rig.vars.put("HOME", home.toString());
            rig.vars.put("GIT_CEILING_DIRECTORIES", home.toString());
            rig.clock.set(HookRig.NOW.minusSeconds(86_400));
            add(rig, repo, MemoryKind.GOTCHA, "applyDiscount() floors the discount: half a cent is lost on odd totals",
                    "src/pricing.js");
            add(rig, repo, MemoryKind.DECISION, "Setup steps are documented in README.md, nowhere else", "README.md");
            add(rig, repo, MemoryKind.DECISION,
                    "The shop's setup steps run make setup from the Makefile, never npm install by hand",
                    "Makefile");
            rig.clock.set(HookRig.NOW);

            write(repo, "src/pricing.js", PRICING.replace("Math.floor", "Math.round"));
            commit(repo, "applyDiscount rounds half up", "2026-11-10T10:00:00Z");
            git(repo, "rm", "-q", "README.md");
            commit(repo, "drop the readme", "2026-11-11T10:00:00Z");

            // what serve learns from git once per HEAD (here asked directly); the hooks below run no git and read it back
            try (AnchorService serve = TestServices.on(t.db, Clock.systemUTC()).anchors()) {
                serve.useGit(true);
                assertThat(serve.report(HookRig.PROJECT, repo).records()).hasSize(2);
            }

            List<String> out = new ArrayList<>();
            out.add(rig.run("SessionStart", payload("SessionStart-1", repo, null, null)).stdout());
            // prompts of other sessions: what SessionStart gave is not repeated within one session
            out.add(rig.run("UserPromptSubmit", payload("UserPromptSubmit-1", repo, "s-prompt-1",
                    "why does applyDiscount lose half a cent?")).stdout());
            out.add(rig.run("UserPromptSubmit", payload("UserPromptSubmit-1", repo, "s-prompt-2",
                    "where are the setup steps for the shop documented?")).stdout());
            // nothing else answers: the gone decision is said, marked as gone
            out.add(rig.run("UserPromptSubmit", payload("UserPromptSubmit-1", repo, "s-prompt-3",
                    "is README.md still where setup steps are documented?")).stdout());
            String all = String.join("", out);
            Golden.assertMatches(GOLDEN.resolve("claude-code.out"), all);
            assertThat(out.get(0)).contains("[changed: written at ").contains("'applyDiscount rounds half up'")
                    .contains("Makefile").doesNotContain("README.md");
            assertThat(out.get(1)).contains("applyDiscount").contains("[changed: written at ");
            assertThat(out.get(2)).as("the decision about the deleted readme is not injected while another answers")
                    .contains("Makefile").doesNotContain("README.md");
            assertThat(out.get(3)).contains("README.md").contains("[gone: written at ");
        }
    }

    private static void add(HookRig rig, Path repo, MemoryKind kind, String content, String file) {
        rig.memories.add(new MemoryDraft(kind, MemoryScope.PROJECT, null, content, null, null, List.of(file),
                HookRig.PROJECT, "claude-code", null, null, false), repo);
    }

    private static byte[] payload(String fixture, Path cwd, String session, String prompt) throws IOException {
        ObjectNode p = (ObjectNode) JSON.readTree(CLAUDE.resolve(fixture + ".json").toFile());
        p.put("cwd", cwd.toString());
        if (session != null) {
            p.put("session_id", session);
        }
        if (prompt != null) {
            p.put("prompt", prompt);
        }
        return JSON.writeValueAsBytes(p);
    }

    private static void write(Path repo, String file, String text) throws IOException {
        Path path = repo.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }

    /** A commit with fixed author, committer and dates: its id is the same on every machine. */
    private static void commit(Path repo, String subject, String date) {
        git(repo, Map.of("GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date), "add", "-A");
        git(repo, Map.of("GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date), "commit", "-q", "-m", subject);
    }

    private static void git(Path repo, String... args) {
        git(repo, Map.of(), args);
    }

    private static void git(Path repo, Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                "-c", "commit.gpgsign=false", "-C", repo.toString()));
        command.addAll(List.of(args));
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed: " + out);
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
