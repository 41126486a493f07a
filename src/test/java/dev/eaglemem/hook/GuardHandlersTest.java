package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.TestServices;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.ToolUse;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.curate.FileHints;
import dev.eaglemem.dialect.HookResponse;
import dev.eaglemem.feature.FeatureRoot;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.feature.Recorded;
import dev.eaglemem.feature.TempRepo;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guardrails around tool calls, on a real database and a real git repository with a real remote. */
class GuardHandlersTest {

    private static final String P = "code/shop";
    private static final String SID = "sess-guard-1";

    @TempDir
    Path dir;

    private TestDb t;
    private TestServices services;
    private TempRepo repo;
    private GuardHandlers guard;
    private CaptureService capture;
    private MemoryService memories;
    private FeatureService features;
    private VerificationService verifications;

    @BeforeEach
    void setUp() {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
        services = TestServices.on(t.db, clock);
        memories = services.memories();
        capture = services.capture();
        guard = services.guards(dir);
        features = services.features();
        verifications = services.verifications();
        repo = new TempRepo(dir.resolve("shop")).write("src/cart.py", "total = 1\n").write("README.md", "shop\n")
                .commitAll("init");
        repo.git("init", "-q", "--bare", dir.resolve("origin.git").toString());
        repo.git("remote", "add", "origin", dir.resolve("origin.git").toString());
        repo.git("push", "-q", "-u", "origin", "main");
        features.add(P, repo.root, new FeatureSpec("cart-totals", "Totals in cents", List.of("src/cart.py"), List.of(),
                List.of("python3 -m pytest tests/cart")));
    }

    @AfterEach
    void close() {
        t.close();
    }

    private HookContext context(AgentSource agent) {
        return new HookContext("PreToolUse", agent, SID, repo.root, P, repo.root, null, null, false, "e-1");
    }

    private HookResponse before(String tool, ToolCall.Kind kind, String command, List<String> modified) {
        return guard.before(new HookEvent.PreToolUse(context(AgentSource.CLAUDE_CODE),
                new ToolCall(tool, kind, command, List.of(), modified, null),
                JsonNodeFactory.instance.objectNode().put("command", command == null ? "" : command)));
    }

    private HookResponse push(String command) {
        return before("Bash", ToolCall.Kind.SHELL, command, List.of());
    }

    private List<String> afterEdit(String file) {
        HookEvent.PostToolUse edit = new HookEvent.PostToolUse(context(AgentSource.CLAUDE_CODE),
                new ToolCall("Edit", ToolCall.Kind.WRITE, "Edit " + file, List.of(), List.of(file), null), ToolResult.NONE);
        return guard.after(edit, verifications.recordEdits(FeatureRoot.of(P, repo.root, repo.root), List.of(file), SID));
    }

    @Test
    void aPushIsDeniedWhileTheEditedFeatureIsUnverifiedAndGoesThroughAfterVerify() {
        assertThat(push("git push origin main")).as("nothing changed yet").isEqualTo(HookResponse.SILENT);

        repo.write("src/cart.py", "total = 2\n");
        assertThat(afterEdit("src/cart.py"))
                .anySatisfy(l -> assertThat(l).contains("feature 'cart-totals' now needs verification"));
        repo.commitAll("cart in cents");

        for (String command : List.of("git push origin main", "git -C . push", "cd src && git push", "bash -c 'git push -f'",
                "env GIT_TRACE=0 git push origin HEAD")) {
            assertThat(push(command)).as(command).isInstanceOfSatisfying(HookResponse.Deny.class, d -> assertThat(d.reason())
                    .contains("Eagle Mem blocked this release boundary (git push)", "cart-totals (src/cart.py)",
                            "eagle-mem feature verify cart-totals --notes", "eagle-mem feature waive ",
                            "smoke: python3 -m pytest tests/cart"));
        }
        for (String lookAlike : List.of("echo \"git push\"", "git push --dry-run", "git stash push", "git status",
                "eagle-mem feature verify cart-totals --notes ok")) {
            assertThat(push(lookAlike)).as(lookAlike).isEqualTo(HookResponse.SILENT);
        }

        verifications.verify(P, repo.root, "cart-totals", "pytest passed");
        assertThat(push("git push origin main")).isEqualTo(HookResponse.SILENT);
    }

    @Test
    void aProjectNamedByEagleMemProjectIsGatedInItsRepository() {
        repo.write("src/cart.py", "total = 5\n").commitAll("edited");
        // EAGLE_MEM_PROJECT names the project: the context has no root, the working directory's repository is used
        HookContext named = new HookContext("PreToolUse", AgentSource.CODEX, SID, repo.root.resolve("src"), P, null, null,
                null, false, "e-2");
        assertThat(guard.before(new HookEvent.PreToolUse(named, new ToolCall("Bash", ToolCall.Kind.SHELL, "git push", List.of(),
                List.of(), null), JsonNodeFactory.instance.objectNode()))).isInstanceOf(HookResponse.Deny.class);
    }

    @Test
    void aChangeNoHookSawStillBlocksThePush() {
        repo.write("src/cart.py", "total = 3\n").commitAll("edited in a terminal");
        assertThat(push("git push")).isInstanceOf(HookResponse.Deny.class);
    }

    @Test
    void beforeAnEditTheFilesRulesDecisionsAndALoopWarningComeBack() {
        services.guardRules().add(P, "src/**", "Money code needs a second reviewer");
        memories.add(
                new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Cents", "cart.py sums integer cents, never floats.",
                        null, null, List.of(), P, "claude-code", SID, null, false));
        HookResponse first = before("Edit", ToolCall.Kind.WRITE, null, List.of(repo.root.resolve("src/cart.py").toString()));
        assertThat(first).isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text())
                .contains("Eagle Mem guardrail for src/cart.py: Money code needs a second reviewer")
                .contains("Eagle Mem decision about src/cart.py (mem-1): cart.py sums integer cents, never floats.")
                .contains("Do not revert this without asking the user.")
                .doesNotContain("edited"));

        CaptureService.Origin origin = new CaptureService.Origin(SID, "claude-code", P, repo.root, repo.root, null);
        for (int i = 0; i < 5; i++) {
            capture.record(capture.toolUse("t" + i, origin, new ToolUse("Edit", false, null, List.of(), List.of("src/cart.py"), 0,
                    10L, 1, "t" + i)), AppliedEventStore.Via.HOOK);
        }
        HookResponse looping = before("Edit", ToolCall.Kind.WRITE, null, List.of("src/cart.py"));
        assertThat(looping).isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text())
                .contains("src/cart.py has been edited 5 times this session"));
        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of("README.md"))).isEqualTo(HookResponse.SILENT);
    }

    /** With a code index: an Edit of a function other files call names them (from the graph), as one context. */
    @Test
    void beforeAnEditOfCodeOtherFilesCallTheCallersAreNamed() {
        repo.write("src/pricing.py", "def cart_total(lines):\n    return sum(l.cents for l in lines)\n")
                .write("src/checkout.py",
                        "from .pricing import cart_total\n\n\ndef pay(cart):\n    return cart_total(cart.lines)\n");
        new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), Clock.systemUTC(),
                new LogFile(dir.resolve("index.log"), Clock.systemUTC())).index(P, repo.root, false, CodeIndexer.Progress.NONE);
        ObjectNode edit = JsonNodeFactory.instance.objectNode().put("file_path", repo.root.resolve("src/pricing.py").toString())
                .put("old_string", "return sum(l.cents for l in lines)")
                .put("new_string", "return sum(l.cents for l in lines) or 0");
        HookResponse r = guard.before(new HookEvent.PreToolUse(context(AgentSource.CLAUDE_CODE), new ToolCall("Edit",
                ToolCall.Kind.WRITE, null, List.of(), List.of(repo.root.resolve("src/pricing.py").toString()), null), edit));
        assertThat(r).isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text())
                .contains("Eagle Mem code graph: cart_total (src/pricing.py:1) is also used by src/checkout.py:5."));
        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of(repo.root.resolve("src/checkout.py").toString())))
                .as("nobody calls pay, nobody imports checkout.py").isEqualTo(HookResponse.SILENT);
    }

    /**
     * After a curate run found files edited together, an Edit of one names the others, in the same one context as
     * the code graph's note; partners the same call edits are not named, and a file without partners stays silent.
     */
    @Test
    void beforeAnEditTheFilesUsuallyEditedWithItAreNamed() {
        String[][] sessions = { { "src/cart.py", "src/pricing.py", "tests/test_cart.py" }, { "src/cart.py", "src/pricing.py" },
                { "src/cart.py", "tests/test_cart.py" }, { "README.md" } };
        for (int s = 0; s < sessions.length; s++) {
            CaptureService.Origin o = new CaptureService.Origin("co-" + s, "claude-code", P, repo.root, repo.root, null);
            for (String f : sessions[s]) {
                capture.record(capture.toolUse("co-" + s + f, o, new ToolUse("Edit", false, null, List.of(), List.of(f), 0,
                        10L, 1, "co-" + s + f)), AppliedEventStore.Via.HOOK);
            }
        }
        new FileHints(t.db, new FileHintStore(),
                Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC)).compute(P, true);

        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of(repo.root.resolve("src/cart.py").toString())))
                .isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text()).isEqualTo(
                        "Eagle Mem: src/cart.py is usually edited together with src/pricing.py, tests/test_cart.py."));
        assertThat(before("apply_patch", ToolCall.Kind.PATCH, null, List.of("src/cart.py", "src/pricing.py")))
                .as("pricing's one partner is edited by the same call: no line for it")
                .isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text()).isEqualTo(
                        "Eagle Mem: src/cart.py is usually edited together with tests/test_cart.py."));
        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of("README.md"))).isEqualTo(HookResponse.SILENT);
    }

    /**
     * A hot file (read in most sessions) is said before an edit, in the same one line as its co-edit partners; a file
     * that is neither hot nor edited with others stays silent.
     */
    @Test
    void beforeAnEditOfAHotFileHowOftenSessionsReadItIsSaid() {
        String[][] edits = { { "src/cart.py", "src/pricing.py" }, { "src/cart.py", "src/pricing.py" }, { "README.md" } };
        String[][] reads = { { "src/cart.py", "src/cart.py", "src/config.py", "src/config.py" },
                { "src/cart.py", "src/cart.py", "src/config.py", "src/config.py" },
                { "src/cart.py", "src/cart.py", "src/config.py", "src/config.py", "README.md" }, { "docs/a.md" } };
        for (int s = 0; s < 4; s++) {
            CaptureService.Origin o = new CaptureService.Origin("hot-" + s, "claude-code", P, repo.root, repo.root, null);
            int n = 0;
            for (String f : s < edits.length ? edits[s] : new String[0]) {
                capture.record(capture.toolUse("hot-e" + s + f, o, new ToolUse("Edit", false, null, List.of(), List.of(f), 0,
                        10L, 1, "hot-e" + s + f)), AppliedEventStore.Via.HOOK);
            }
            for (String f : reads[s]) {
                String id = "hot-r" + s + "-" + n++;
                capture.record(capture.toolUse(id, o, new ToolUse("Read", false, null, List.of(f), List.of(), 0, 10L, 1, id)),
                        AppliedEventStore.Via.HOOK);
            }
        }
        new FileHints(t.db, new FileHintStore(),
                Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC)).compute(P, true);

        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of(repo.root.resolve("src/cart.py").toString())))
                .isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text()).isEqualTo(
                        "Eagle Mem: src/cart.py is usually edited together with src/pricing.py; it is one of this project's"
                                + " most-read files (read 6 times in 3 of 4 sessions)."));
        assertThat(before("Write", ToolCall.Kind.WRITE, null, List.of("src/config.py")))
                .isInstanceOfSatisfying(HookResponse.Context.class, c -> assertThat(c.text()).isEqualTo(
                        "Eagle Mem: src/config.py is one of this project's most-read files (read 6 times in 3 of 4 sessions)."));
        assertThat(before("Edit", ToolCall.Kind.WRITE, null, List.of("README.md"))).as("read once, edited alone")
                .isEqualTo(HookResponse.SILENT);
    }

    @Test
    void afterAReadTheFeatureIsNamedAndAfterAnEditAMemoryMayBeStale() {
        List<String> read = guard.after(new HookEvent.PostToolUse(context(AgentSource.CODEX),
                new ToolCall("Read", ToolCall.Kind.READ, "Read", List.of("src/cart.py"), List.of(), null), ToolResult.NONE),
                Recorded.NONE);
        assertThat(read).singleElement().asString().contains("src/cart.py is part of feature 'cart-totals' (Totals in cents)",
                "Smoke tests: python3 -m pytest tests/cart", "Last verified: never");

        memories.add(new MemoryDraft(MemoryKind.PATTERN, MemoryScope.PROJECT, "Totals", "src/cart.py rounds half up.", null,
                null, List.of("src/cart.py"), P, "codex", SID, null, false));
        repo.write("src/cart.py", "total = 4\n");
        assertThat(afterEdit("src/cart.py")).anySatisfy(l -> assertThat(l)
                .contains("Eagle Mem memory check: mem-1 (pattern) may reference src/cart.py", "eagle-mem memories update 1"));
    }

    @Test
    void withoutRtkTheTokenGuardLeavesNoisyCommandsAlone() {
        assertThat(push("git log")).isEqualTo(HookResponse.SILENT);
        assertThat(push("cat package-lock.json")).isEqualTo(HookResponse.SILENT);
    }

    @Test
    void withRtkOnPathClaudeGetsTheRewrittenInputAndCodexTheCompactCommand() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("rtk"), "#!/bin/sh\nexec \"$@\"\n");
        Files.setPosixFilePermissions(bin.resolve("rtk"), PosixFilePermissions.fromString("rwx------"));
        GuardHandlers withRtk = services.guards(dir, bin.toString());
        ObjectNode input = JsonNodeFactory.instance.objectNode().put("command", "git log").put("description", "history");

        HookResponse claude = withRtk.before(new HookEvent.PreToolUse(context(AgentSource.CLAUDE_CODE),
                new ToolCall("Bash", ToolCall.Kind.SHELL, "git log", List.of(), List.of(), null), input));
        assertThat(claude).isInstanceOfSatisfying(HookResponse.Rewrite.class, r -> {
            assertThat(r.updatedInput().path("command").asText()).isEqualTo("rtk git log");
            assertThat(r.updatedInput().path("description").asText()).as("the rest of the input is kept").isEqualTo("history");
        });
        assertThat(input.path("command").asText()).as("the event's input is not changed").isEqualTo("git log");

        HookResponse codex = withRtk.before(new HookEvent.PreToolUse(context(AgentSource.CODEX),
                new ToolCall("Bash", ToolCall.Kind.SHELL, "git log", List.of(), List.of(), null), input));
        assertThat(codex).isInstanceOfSatisfying(HookResponse.Deny.class, d -> assertThat(d.reason()).contains("rtk git log"));
        assertThat(withRtk.before(new HookEvent.PreToolUse(context(AgentSource.CLAUDE_CODE),
                new ToolCall("Bash", ToolCall.Kind.SHELL, "git push", List.of(), List.of(), null), input)))
                .as("a release boundary is never rewritten").isEqualTo(HookResponse.SILENT);
    }
}
