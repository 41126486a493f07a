package dev.eaglemem.llm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * The user's own {@code claude -p} or {@code codex exec}, as a model: the prompt on stdin (never argv), no tools,
 * a read-only sandbox in an empty scratch directory, no session kept, eagle-mem's hooks off
 * ({@code EAGLE_MEM_DISABLE_HOOKS=1}, and each agent's own switch), and a timeout after which the CLI and
 * what it started are killed. Token counts come from the CLI's JSON output when it reports them.
 */
final class AgentCliCaller implements ChatCaller {

    private static final ObjectMapper JSON = PlainJson.MAPPER;
    static final String CONTRACT = """

            Output contract:
            - Return only the requested text.
            - Do not edit files, run commands or inspect any repository; everything you need is in this prompt.
            """;

    @Override
    public ProviderAnswer call(ProviderSetup p, String system, String prompt, int maxTokens, AnswerShape shape,
            Duration timeout) {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("eagle-mem-llm-");
            String input = (system.isBlank() ? "" : "System instruction:\n" + system + "\n\n") + "Task:\n" + prompt
                    + CONTRACT + "- Keep the answer within about " + maxTokens + " tokens.\n"
                    + (shape.json() ? "- Answer with one JSON object and nothing else.\n" : "");
            boolean codex = isCodex(p);
            Path out = scratch.resolve("answer.txt");
            List<String> argv = codex ? codexArgv(p, scratch, out) : claudeArgv(p, scratch);
            ProcessResult r = ProcessRunner.run(ProcessRequest.of(argv).withDir(scratch).withStdin(input)
                    .withTimeout(timeout).withEnv("EAGLE_MEM_DISABLE_HOOKS", "1")
                    .withEnv("CLAUDE_CODE_DISABLE_BACKGROUND_TASKS", "1"));
            if (r.timedOut()) {
                throw new ProviderError(name(codex) + " did not answer within " + timeout.toSeconds() + " s (killed)", null,
                        null);
            }
            if (!r.ok()) {
                throw new ProviderError(name(codex) + " exited " + r.exit() + ": "
                        + Snippets.oneLine(r.err().isBlank() ? r.out() : r.err(), 200), null, null);
            }
            return codex ? codexAnswer(p, r.out(), out) : claudeAnswer(p, r.out());
        } catch (IOException e) {
            throw new ProviderError("cannot run the agent CLI: " + e.getMessage(), null, e);
        } finally {
            deleteQuietly(scratch);
        }
    }

    /** The agent_cli setup's "URL" is the CLI's path; its file name tells which agent it is. */
    static boolean isCodex(ProviderSetup p) {
        Path name = Path.of(p.baseUrl()).getFileName();
        return name != null && name.toString().startsWith("codex");
    }

    private static String name(boolean codex) {
        return codex ? "codex exec" : "claude -p";
    }

    private static List<String> claudeArgv(ProviderSetup p, Path scratch) {
        List<String> argv = new ArrayList<>(List.of(p.baseUrl(), "-p", "--output-format", "json",
                "--no-session-persistence", "--disable-slash-commands", "--permission-mode", "dontAsk", "--tools", "",
                "--strict-mcp-config", "--settings", "{\"disableAllHooks\":true}"));
        if (!p.model().equals("claude")) {
            argv.addAll(List.of("--model", p.model()));
        }
        return argv;
    }

    private static List<String> codexArgv(ProviderSetup p, Path scratch, Path out) {
        List<String> argv = new ArrayList<>(List.of(p.baseUrl(), "exec", "--ephemeral", "--skip-git-repo-check",
                "--disable", "hooks", "--sandbox", "read-only", "--cd", scratch.toString(), "--json",
                "--output-last-message", out.toString()));
        if (!p.model().equals("codex")) {
            argv.addAll(List.of("--model", p.model()));
        }
        argv.add("-");
        return argv;
    }

    /** {@code --output-format json}: one object with {@code result}, {@code is_error} and {@code usage}. */
    private static ProviderAnswer claudeAnswer(ProviderSetup p, String stdout) {
        JsonNode root;
        try {
            root = JSON.readTree(stdout.strip());
        } catch (IOException e) {
            throw new ProviderError("claude -p printed no JSON result: " + Snippets.oneLine(stdout, 200), null, e);
        }
        if (root == null || root.path("is_error").asBoolean(false)) {
            throw new ProviderError("claude -p reported an error: " + Snippets.oneLine(root == null ? ""
                    : root.path("result").asText(""), 200), null, null);
        }
        JsonNode usage = root.path("usage");
        Long in = usage.has("input_tokens") ? usage.path("input_tokens").asLong() + usage.path("cache_read_input_tokens")
                .asLong(0) + usage.path("cache_creation_input_tokens").asLong(0) : null;
        Long outTokens = usage.has("output_tokens") ? usage.path("output_tokens").asLong() : null;
        return new ProviderAnswer(root.path("result").asText(""), p.model(), in, outTokens);
    }

    /** The last message from {@code --output-last-message}; usage from the {@code turn.completed} JSON line. */
    private static ProviderAnswer codexAnswer(ProviderSetup p, String stdout, Path out) throws IOException {
        String text = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
        Long in = null;
        Long outTokens = null;
        for (String line : stdout.split("\\R")) {
            if (!line.contains("\"usage\"")) {
                continue;
            }
            try {
                JsonNode usage = JSON.readTree(line).path("usage");
                if (usage.has("input_tokens")) {
                    in = usage.path("input_tokens").asLong();
                    outTokens = usage.path("output_tokens").asLong();
                }
            } catch (IOException e) {
                // a line that only mentions usage in its text
            }
        }
        return new ProviderAnswer(text, p.model(), in, outTokens);
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
