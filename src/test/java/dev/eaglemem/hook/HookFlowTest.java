package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.TestServices;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.jobs.EnrichSummaryJob;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobKinds;
import dev.eaglemem.llm.FakeLlm;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.TaskStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole captured sessions replayed in order: what gets stored, and what the next session is told. */
class HookFlowTest {

    private static final Path CLAUDE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330");
    private static final Path CODEX = Path.of("src/test/resources/agent-payloads/codex-0.169.0");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private String replay(HookRig rig, Path folder, String... fixtures) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String f : fixtures) {
            rig.clock.advance(Duration.ofSeconds(10));
            HookRig.Output o = rig.run(f.replaceFirst("-\\d+$", ""), Files.readAllBytes(folder.resolve(f + ".json")));
            assertThat(o.exit()).isZero();
            out.append(o.stdout());
        }
        return out.toString();
    }

    @Test
    void aClaudeSessionsDecisionIsRecalledAtTheNextStartAndItsSecretIsNeverStored() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String first = replay(rig, CLAUDE, "SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4",
                    "PostToolUse-5", "PostToolUse-6", "Stop-2", "SessionEnd-2");
            assertThat(first).contains("no memory yet for work/shop-api");

            String next = replay(rig, CLAUDE, "SessionStart-1");
            assertThat(next).contains("=== Eagle Mem: Decisions & Gotchas ===").contains("[decision] keep API key in env.")
                    .contains("Request: refactor the app printing");
            assertThat(t.rows("SELECT files_modified FROM observations WHERE tool_name IN ('Write', 'Edit')"))
                    .containsOnly("[\"src/app.py\"]");
            assertThat(t.rows("SELECT capture_source || ' ' || decisions FROM summaries"))
                    .containsExactly("hook keep API key in env.");
        }
        assertThat(databaseText()).doesNotContain("sk-ant-api03-AAAA");
    }

    @Test
    void aProjectThatIsOffRecordsAndRecallsNothingAndSaysSoOnceAtTheStart() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            new ProjectSwitch(dir).set(HookRig.PROJECT, true);

            String off = replay(rig, CLAUDE, "SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4", "Stop-2",
                    "SessionEnd-2");

            assertThat(off.lines().toList()).singleElement().asString().contains("eagle-mem is off for this project")
                    .contains("eagle-mem project off").doesNotContain("Money is integer cents");
            assertThat(t.rows("SELECT count(*) FROM observations")).containsExactly("0");
            assertThat(t.rows("SELECT count(*) FROM user_prompts")).containsExactly("0");

            new ProjectSwitch(dir).set(HookRig.PROJECT, false);
            String on = replay(rig, CLAUDE, "SessionStart-2", "PostToolUse-3");
            assertThat(on).contains("Money is integer cents").doesNotContain("is off");
            assertThat(t.rows("SELECT count(*) FROM observations")).containsExactly("1");
        }
    }

    @Test
    void aCodexSessionRecordsShellCommandsAndPatchTargetsAndTheTurn() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            replay(rig, CODEX, "SessionStart-1", "UserPromptSubmit-1", "PostToolUse-1", "PostToolUse-2", "PostToolUse-3",
                    "PostToolUse-4", "Stop-1", "SessionEnd-1");
            assertThat(t.rows("SELECT tool_name || ' ' || COALESCE(command, '') || ' ' || files_modified || ' ' "
                    + "|| COALESCE(category, '-') FROM observations ORDER BY id")).containsExactly(
                            "Bash printf 'status: draft\\nowner: api-team\\n' > NOTES.md [] files",
                            "Bash cat NOTES.md [] files",
                            "apply_patch  [\"NOTES.md\"] -",
                            "Bash git push origin main [] git");
            assertThat(t.rows("SELECT request || ' | ' || completed FROM summaries"))
                    .containsExactly("Add a NOTES.md, review it, and push main. | Wrote NOTES.md, reviewed it, and pushed main.");
            assertThat(t.rows("SELECT status FROM sessions")).containsExactly("completed");
        }
    }

    @Test
    void afterACompactionTheWorkingSetComesBackAndRecallIsInjectedAgain() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            replay(rig, CODEX, "UserPromptSubmit-3", "PostToolUse-6");
            String patch = "{\"session_id\":\"01a20394-526e-7490-8e5c-7477e7789222\",\"cwd\":\"/home/dev/work/shop-api\","
                    + "\"tool_name\":\"apply_patch\",\"tool_input\":{\"command\":\"*** Begin Patch\\n*** Update File: NOTES.md\\n"
                    + "@@\\n-a\\n+b\\n*** End Patch\\n\"},\"tool_response\":\"Exit code: 0\\n\",\"tool_use_id\":\"call_x\"}";
            rig.run("PostToolUse", patch.getBytes(StandardCharsets.UTF_8));
            String compacted = replay(rig, CODEX, "PreCompact-1", "SessionStart-3");
            assertThat(compacted).contains("Working Set:").contains("NOTES.md (1 edit)")
                    .contains("[decision] Money is integer cents");
            String resumed = replay(rig, CODEX, "SessionStart-3");
            assertThat(resumed).as("a second compact start is a new reset, so it is injected again").isNotEmpty();
        }
    }

    @Test
    void theTurnQueuesItsEnrichmentAndSessionEndQueuesRetentionInsteadOfPruning() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            Instant longAgo = HookRig.NOW.minus(Duration.ofDays(100));
            t.db.write(tx -> {
                new ProjectStore().touch(tx, HookRig.PROJECT, null, longAgo);
                new SessionStore().upsert(tx, "old-session", HookRig.PROJECT, "codex", "/home/dev/work/shop-api", null,
                        "startup", longAgo);
                return new ObservationStore().insert(tx, new NewObservation("old-session", HookRig.PROJECT, "codex", "Bash",
                        "ls", "files", List.of(), List.of(), 0, null, null, null), longAgo);
            });
            replay(rig, CLAUDE, "SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4", "PostToolUse-5",
                    "PostToolUse-6", "Stop-2", "SessionEnd-2");

            assertThat(t.rows("SELECT kind || ' ' || dedupe_key || ' ' || status FROM jobs ORDER BY id")).containsExactly(
                    "note-sync note-sync:work/shop-api pending",
                    "enrich-summary enrich-summary:07aba3bf-ce7d-4033-9fd6-5ee109d2528c pending",
                    "prune prune:work/shop-api pending");
            assertThat(t.rows("SELECT count(*) FROM observations WHERE session_id = 'old-session'")).containsExactly("1");

            JobStore store = new JobStore();
            Settings settings = new Settings(EagleConfig.defaults(dir.resolve("config.toml")));
            JobKinds kinds = new JobKinds(List.of(TestServices.on(t.db, rig.clock).withSettings(settings).pruneJob(),
                    new EnrichSummaryJob(t.db, new SessionStore(), new ObservationStore(), new PromptStore(),
                            new SummaryStore(), new EnrichmentStore(), FakeLlm.none(), rig.clock)));
            try (JobEngine engine = new JobEngine(t.db, store, kinds, JobEngine.Options.from(settings), rig.clock,
                    "pid:" + ProcessHandle.current().pid())) {
                assertThat(engine.drain(10).succeeded()).isEqualTo(2);
            }
            assertThat(t.rows("SELECT count(*) FROM observations WHERE session_id = 'old-session'")).containsExactly("0");
            assertThat(t.rows("SELECT capture_source || ' | ' || decisions || ' | ' || notes FROM summaries"))
                    .singleElement().asString().startsWith("enrich | keep API key in env. | Activity: 4 tool calls");
            assertThat(dir.resolve("eagle-mem.log")).doesNotExist();
        }
    }

    @Test
    void sessionStartTellsTheAgentTheCommandInstallRecordedAndDatesInTheUsersZone() throws Exception {
        String link = "/home/dev/.local/bin/eagle-mem";
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"),
                    Map.of(ConfigKeys.AGENTS_COMMAND.name(), link, ConfigKeys.DISPLAY_TIMEZONE.name(), "Asia/Tokyo"));
            rig.seed();
            String context = JSON.readTree(replay(rig, CLAUDE, "SessionStart-1")).at("/hookSpecificOutput/additionalContext")
                    .asText();
            assertThat(context).endsWith("\n=== Eagle Mem: Keep This Session ===\n"
                    + "When you finish substantive work (or before the context fills up), save it once — quiet and pre-approved:\n"
                    + link + " session save --session-id 7a29cce1-c97d-40c7-9d54-66c886e2aa2a --request \"…\" --completed \"…\""
                    + " --decisions \"choice — why; …\" --gotchas \"…\" --next-steps \"…\" --key-files \"a.ts,b.ts\"\n"
                    + "Older memory: " + link + " search <words>, then " + link + " show <id>. A lasting decision or gotcha: "
                    + link + " memories add --kind decision --title \"…\" --content \"…\"");
            // the last session was saved at 16:30 UTC on the 21st: 01:30 on the 22nd in Tokyo
            assertThat(context).contains("last work 2026-11-22)", "- 2026-11-22 (claude-code, sum-2)");
        }
    }

    @Test
    void aResumeWithNothingNewIsNotInjectedTwice() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            assertThat(replay(rig, CLAUDE, "SessionStart-1")).contains("Eagle Mem recall ready");
            assertThat(replay(rig, CLAUDE, "SessionStart-1")).isEmpty();
            assertThat(t.rows("SELECT status FROM recall_events WHERE hook_event = 'SessionStart' ORDER BY id"))
                    .containsExactly("injected", "unchanged");
        }
    }

    @Test
    void promptRecallSkipsShortPromptsAndDoesNotRepeatWhatTheSessionWasShown() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            String session = "\"session_id\":\"7a29cce1-c97d-40c7-9d54-66c886e2aa2a\",\"cwd\":\"/home/dev/work/shop-api\"";
            String prompt = "{" + session + ",\"prompt\":\"why are cart totals computed in integer cents?\"}";
            String first = rig.run("UserPromptSubmit", prompt.getBytes(StandardCharsets.UTF_8)).stdout();
            assertThat(first).contains("Eagle Mem recalls").contains("Money is integer cents");
            String again = rig.run("UserPromptSubmit", prompt.getBytes(StandardCharsets.UTF_8)).stdout();
            assertThat(again).doesNotContain("Money is integer cents");
            String hi = rig.run("UserPromptSubmit", ("{" + session + ",\"prompt\":\"thanks!\"}").getBytes(StandardCharsets.UTF_8))
                    .stdout();
            assertThat(hi).isEmpty();
            assertThat(t.rows("SELECT status FROM recall_events WHERE hook_event = 'UserPromptSubmit' ORDER BY id"))
                    .containsExactly("injected", "no_match", "skipped_short_prompt");
        }
    }

    @Test
    void aSecretInAPromptReachesNeitherThePromptsNorTheRecallLog() throws Exception {
        String key = "sk-proj-" + "Hq4Lm8Np2Rt6Vx0Zb3Dc7Fg1Jk5Ms9Pw2Ya6Ue4";
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            rig.seed();
            String prompt = "{\"session_id\":\"s-1\",\"cwd\":\"/home/dev/work/shop-api\",\"prompt\":\"wire the cart client with "
                    + "OPENAI_API_KEY=" + key + " and integer cents\"}";
            rig.run("UserPromptSubmit", prompt.getBytes(StandardCharsets.UTF_8));
            assertThat(t.rows("SELECT prompt FROM user_prompts")).singleElement().asString().doesNotContain(key);
            assertThat(t.rows("SELECT query FROM recall_events")).singleElement().asString()
                    .doesNotContainIgnoringCase(key.substring(8)).contains("cents");
        }
        assertThat(databaseText().toLowerCase(Locale.ROOT)).doesNotContain(key.substring(8).toLowerCase(Locale.ROOT));
    }

    private String databaseText() throws Exception {
        StringBuilder all = new StringBuilder();
        for (String name : List.of("memory.db", "memory.db-wal")) {
            Path f = dir.resolve(name);
            if (Files.exists(f)) {
                all.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }

    @Test
    void aResumedSessionIsActiveAgainSoItsTaskInProgressIsNotStale() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            String session = "\"session_id\":\"s-resumed\",\"cwd\":\"/home/dev/work/shop-api\",";
            rig.run("SessionStart", ("{" + session + "\"hook_event_name\":\"SessionStart\",\"source\":\"startup\"}")
                    .getBytes(StandardCharsets.UTF_8));
            long task = TestServices.on(t.db, rig.clock).tasks().upsertMirrored("work/shop-api", "agent:claude-code",
                    "s-resumed/1", "claude-code", "s-resumed", "Add rate limiter", null, TaskStatus.IN_PROGRESS).id();
            rig.clock.advance(Duration.ofSeconds(10));
            rig.run("SessionEnd", ("{" + session + "\"hook_event_name\":\"SessionEnd\",\"reason\":\"other\"}")
                    .getBytes(StandardCharsets.UTF_8));
            assertThat(TestServices.on(t.db, rig.clock).tasks().require("work/shop-api", task).stale())
                    .as("its session ended").isTrue();

            // each headless `claude -p --resume` run ends with SessionEnd; the next one starts the same session again
            rig.clock.advance(Duration.ofSeconds(10));
            rig.run("SessionStart", ("{" + session + "\"hook_event_name\":\"SessionStart\",\"source\":\"resume\"}")
                    .getBytes(StandardCharsets.UTF_8));
            assertThat(t.db.read(tx -> new SessionStore().find(tx, "s-resumed")).orElseThrow().status()).isEqualTo("active");
            assertThat(TestServices.on(t.db, rig.clock).tasks().require("work/shop-api", task).stale()).isFalse();
        }
    }
}
