package dev.eaglemem.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent_cli provider's hardening, against fake {@code claude} and {@code codex} executables that write down what
 * they were given (argv, stdin, environment, working directory): no tools, a read-only sandbox, hooks off, the prompt
 * on stdin and never in argv, no key or secret in argv, and a timeout that kills the CLI and what it started. The
 * real CLIs are run by AgentCliProviderIT.
 */
class AgentCliCallerTest {

    private static final String PROMPT_MARK = "PROMPT-MARK-5521";
    private static final String SYSTEM_MARK = "SYSTEM-MARK-0917";

    @TempDir
    Path dir;
    private Path bin;
    private Path seen;

    @BeforeEach
    void fakeAgents() throws IOException {
        bin = Files.createDirectories(dir.resolve("bin"));
        seen = Files.createDirectories(dir.resolve("seen"));
        String record = """
                #!/bin/sh
                d='%s'
                printf '%%s\\0' "$@" > "$d/argv"
                printf '%%s' "$$" > "$d/pid"
                env > "$d/env"
                pwd > "$d/cwd"
                cat > "$d/stdin"
                if [ -f "$d/hang" ]; then sleep 300 & printf '%%s' "$!" > "$d/child"; wait; fi
                """.formatted(seen);
        script("claude", record + """
                printf '{"type":"result","is_error":false,"result":"ok","usage":{"input_tokens":12,"output_tokens":3}}\\n'
                """);
        script("codex", record + """
                prev=''
                for a in "$@"; do
                  if [ "$prev" = "--output-last-message" ]; then printf 'ok' > "$a"; fi
                  prev="$a"
                done
                printf '{"type":"turn.completed","usage":{"input_tokens":20,"output_tokens":4}}\\n'
                """);
    }

    private void script(String name, String text) throws IOException {
        Path file = Files.writeString(bin.resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    }

    private ProviderSetup agent(String name) {
        return new ProviderSetup(ProviderKind.AGENT_CLI, name, bin.resolve(name).toString(), null, null, null);
    }

    private List<String> argv() throws IOException {
        String raw = Files.readString(seen.resolve("argv"), StandardCharsets.UTF_8);
        return Arrays.asList(raw.substring(0, raw.length() - 1).split("\0", -1));
    }

    private ProviderAnswer call(String name, Duration timeout) {
        return new AgentCliCaller().call(agent(name), "System: " + SYSTEM_MARK, "Summarize " + PROMPT_MARK, 200,
                new AnswerShape(true, null, null), timeout);
    }

    @Test
    void claudeRunsWithNoToolsNoHooksNoMcpAndNoSessionKept() throws IOException {
        ProviderAnswer a = call("claude", Duration.ofSeconds(60));

        assertThat(a.text()).isEqualTo("ok");
        assertThat(a.inputTokens()).isEqualTo(12);
        assertThat(argv()).containsExactly("-p", "--output-format", "json", "--no-session-persistence",
                "--disable-slash-commands", "--permission-mode", "dontAsk", "--tools", "", "--strict-mcp-config",
                "--settings", "{\"disableAllHooks\":true}");
        assertThat(Files.readString(seen.resolve("env"))).contains("EAGLE_MEM_DISABLE_HOOKS=1");
    }

    @Test
    void codexRunsEphemeralInAReadOnlySandboxWithHooksDisabledAndReadsThePromptFromStdin() throws IOException {
        ProviderAnswer a = call("codex", Duration.ofSeconds(60));

        assertThat(a.text()).isEqualTo("ok");
        assertThat(a.outputTokens()).isEqualTo(4);
        List<String> argv = argv();
        assertThat(argv.subList(0, 7)).containsExactly("exec", "--ephemeral", "--skip-git-repo-check", "--disable", "hooks",
                "--sandbox", "read-only");
        assertThat(argv).containsSubsequence("--cd", Files.readString(seen.resolve("cwd")).strip());
        assertThat(argv.getLast()).as("'-': the prompt comes on stdin").isEqualTo("-");
        assertThat(Files.readString(seen.resolve("env"))).contains("EAGLE_MEM_DISABLE_HOOKS=1");
    }

    @Test
    void thePromptGoesOnStdinNeverInArgvAndTheCliRunsInAnEmptyScratchDirectory() throws IOException {
        for (String name : List.of("claude", "codex")) {
            call(name, Duration.ofSeconds(60));
            String stdin = Files.readString(seen.resolve("stdin"));
            assertThat(stdin).as(name).contains(PROMPT_MARK, SYSTEM_MARK, "Do not edit files, run commands",
                    "Answer with one JSON object");
            assertThat(String.join(" ", argv())).as(name).doesNotContain(PROMPT_MARK).doesNotContain(SYSTEM_MARK)
                    .doesNotContain("Summarize");
            Path cwd = Path.of(Files.readString(seen.resolve("cwd")).strip());
            assertThat(cwd.getFileName().toString()).startsWith("eagle-mem-llm-");
            assertThat(cwd).as("the scratch directory is removed afterwards").doesNotExist();
        }
    }

    @Test
    void theTimeoutKillsTheCliAndWhatItStarted() throws Exception {
        Files.createFile(seen.resolve("hang"));

        assertThatThrownBy(() -> call("claude", Duration.ofSeconds(2))).isInstanceOfSatisfying(ProviderError.class, e -> {
            assertThat(e.getMessage()).isEqualTo("claude -p did not answer within 2 s (killed)");
            assertThat(e.retryable()).isTrue();
        });

        for (String file : List.of("pid", "child")) {
            long pid = Long.parseLong(Files.readString(seen.resolve(file)).strip());
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            // a killed process may take a moment to be reaped; this waits for that, it does not time the kill
            p.ifPresent(h -> h.onExit().orTimeout(30, TimeUnit.SECONDS).join());
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as(file + " " + pid).isEmpty();
        }
    }

    /** Through the provider chain: what reaches the CLI is redacted, and no key or secret is ever an argument. */
    @Test
    void noKeyOrSecretIsEverAnArgument() throws IOException {
        String key = "sk-ant-api03-" + "Qx7".repeat(31) + "AA";
        String token = "ghp_" + "a1B2c3D4e5".repeat(3) + "f6G7h8";
        Map<String, String> vars = new HashMap<>(Map.of("PATH", bin.toString(), "ANTHROPIC_API_KEY", key,
                "OPENAI_API_KEY", "sk-proj-" + "Zz9".repeat(16)));
        Map<String, Object> config = new HashMap<>(Map.of("llm.provider", "agent_cli", "llm.agent_cli", "claude"));
        MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
        try (TestDb t = TestDb.in(dir)) {
            LlmService llm = LlmServices.real(t, dir, config, vars, clock, dir.resolve("eagle-mem.log"));
            LlmReply reply = llm.complete(new LlmRequest("test", null, null, "Never echo " + key,
                    PROMPT_MARK + " the deploy used " + token + " and " + key, 50, false));
            assertThat(reply.provider()).isEqualTo("agent_cli");
        }
        String argv = String.join(" ", argv());
        String stdin = Files.readString(seen.resolve("stdin"));
        assertThat(stdin).contains(PROMPT_MARK);
        for (String secret : List.of(key, token, vars.get("OPENAI_API_KEY"))) {
            assertThat(argv).doesNotContain(secret);
            assertThat(stdin).doesNotContain(secret);
        }
    }
}
