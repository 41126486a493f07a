package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.capture.Spool;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.intake.EventIntake;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.task.TaskMirroring;
import dev.eaglemem.task.TaskService;

/**
 * The whole hook stack on a real database, its services from {@link TestServices}: the environment the captured payloads
 * came from (HOME /home/dev, repo /home/dev/work/shop-api → project work/shop-api) and a fixed clock.
 */
final class HookRig {

    static final String PROJECT = "work/shop-api";
    static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");

    final MutableClock clock = new MutableClock(NOW);
    final Db db;
    final LogFile log;
    final Map<String, String> vars = new HashMap<>();
    final MemoryService memories;
    final SessionService sessions;
    final JobQueue jobs;
    final Spool spool;
    final EventIntake intake;
    final TaskService tasks;
    private final HookHandlers handlers;

    HookRig(Db db, Path logFile) {
        this(db, logFile, Map.of(), EventIntake.TOOL_BUDGET, EventIntake.TURN_BUDGET);
    }

    HookRig(Db db, Path logFile, Map<String, Object> config) {
        this(db, logFile, config, EventIntake.TOOL_BUDGET, EventIntake.TURN_BUDGET);
    }

    /** With the hooks' database budgets shortened: a test that holds a lock through a session waits less. */
    HookRig(Db db, Path logFile, Duration toolBudget, Duration turnBudget) {
        this(db, logFile, Map.of(), toolBudget, turnBudget);
    }

    /**
     * @param config config.toml values over the rig's: display.timezone is UTC, so the goldens' dates do not depend
     *        on the zone of the machine that runs them
     */
    HookRig(Db db, Path logFile, Map<String, Object> config, Duration toolBudget, Duration turnBudget) {
        this.db = db;
        this.log = new LogFile(logFile, clock);
        Map<String, Object> values = new HashMap<>(Map.of(ConfigKeys.DISPLAY_TIMEZONE.name(), "UTC"));
        values.putAll(config);
        Settings settings = new Settings(new EagleConfig(logFile.resolveSibling("config.toml"), values, List.of()));
        TestServices services = TestServices.on(db, clock).withSettings(settings);
        memories = services.memories();
        sessions = services.sessions();
        jobs = services.jobs();
        spool = new Spool(logFile.resolveSibling("spool"));
        intake = services.intake(spool, log, toolBudget, turnBudget);
        tasks = services.tasks();
        handlers = new HookHandlers(services.capture(), intake, services.recall(), services.guards(logFile.getParent()),
                new ProjectSwitch(logFile.getParent()), new TaskMirroring(tasks, log));
        vars.put("HOME", "/home/dev");
        vars.put("GIT_CEILING_DIRECTORIES", "/home");
    }

    HookRunner runner() {
        Path home = Path.of(vars.getOrDefault("HOME", "/home/dev"));
        EagleEnv env = new EagleEnv(vars, home, home.resolve("work/shop-api"));
        return new HookRunner(env, () -> log, () -> handlers);
    }

    /** Runs a hook as a process would: bytes on stdin, captured stdout, the exit code. */
    Output run(String event, byte[] stdin) {
        return run(event, null, stdin);
    }

    /** As {@link #run(String, byte[])} for a hook registered with {@code --agent agent} (null: none). */
    Output run(String event, String agent, byte[] stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit = runner().run(event, agent, new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        return new Output(exit, out.toString(StandardCharsets.UTF_8));
    }

    record Output(int exit, String stdout) {
    }

    /** The captured Claude Code payloads, used as whole sessions by the tests. */
    static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");

    /**
     * Runs captured Claude Code payloads ten seconds apart, as a session sends them: each exits 0 with at most one line
     * on stdout; their answers in order.
     */
    List<String> runClaude(String... fixtures) throws IOException {
        List<String> out = new ArrayList<>();
        for (String f : fixtures) {
            clock.advance(Duration.ofSeconds(10));
            Output o = run(f.replaceFirst("-\\d+$", ""), Files.readAllBytes(CLAUDE.resolve(f + ".json")));
            assertThat(o.exit()).isZero();
            assertThat(o.stdout().lines().count()).isLessThanOrEqualTo(1);
            out.add(o.stdout());
        }
        return out;
    }

    /** Two earlier sessions, four memories and an overview, at fixed times before {@link #NOW}. */
    void seed() {
        clock.set(Instant.parse("2026-11-20T10:00:00Z"));
        sessions.save(new SessionSave("prior-codex-1", PROJECT, null, "/home/dev/work/shop-api", "codex", "codex",
                new SummaryFields("Add the release guardrail", null, "git -C dir push main is still a push to main",
                        "git push is denied while features are unverified", "Parse commands with a shell tokenizer",
                        "git -C dir push is a push", "Cover gh pr merge", null, List.of("src/gate.py"), List.of(),
                        List.of("src/gate.py"))));
        clock.set(Instant.parse("2026-11-21T16:30:00Z"));
        sessions.save(new SessionSave("prior-claude-2", PROJECT, null, "/home/dev/work/shop-api", "claude-code",
                "claude-code", new SummaryFields("Fix rounding in cart totals", null, null, "Totals add up to the cent",
                        "Money is integer cents", null, "Add property tests for totals", null, List.of("src/cart.py"),
                        List.of(), List.of("src/cart.py"))));
        clock.set(Instant.parse("2026-11-21T17:00:00Z"));
        memory(MemoryKind.DECISION, MemoryScope.PROJECT, "Money is integer cents",
                "Totals are computed in integer cents; never floats.");
        memory(MemoryKind.GOTCHA, MemoryScope.PROJECT, "CartTest needs TZ=UTC", "CartTest fails on CI unless TZ=UTC.");
        memory(MemoryKind.PATTERN, MemoryScope.PROJECT, "Errors end with a fix", "Every CLI error ends with a runnable fix.");
        memory(MemoryKind.PREFERENCE, MemoryScope.PERSONAL, "Small commits", "I prefer small, focused commits.");
        db.write(tx -> {
            new OverviewStore().set(tx, PROJECT,
                    "shop-api: the shop's Python web API (Flask, PostgreSQL); release gate in src/gate.py.",
                    "manual", clock.instant());
            return null;
        });
        clock.set(NOW);
    }

    private void memory(MemoryKind kind, MemoryScope scope, String title, String content) {
        memories.add(new MemoryDraft(kind, scope, title, content, null, null, List.of(), PROJECT, "claude-code", null,
                null, false));
    }
}
