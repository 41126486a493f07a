package dev.eaglemem.cli;

import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.eaglemem.hook.HookRunner;

/**
 * The hook half of the AOT training run: one session of each agent through every event eagle-mem registers, in the
 * payload shapes the real agents send (see src/test/resources/agent-payloads). A hook that runs without serve starts
 * a JVM per event, so the classes those events load — payload parsing, capture, recall, the release gate — belong in
 * the cache as much as the CLI's.
 */
final class AotHookWorkload {

    private record Call(String event, String agent, String payload) {
    }

    private AotHookWorkload() {
    }

    /** Runs the session in {@code cwd}; answers are discarded (the training data dir is thrown away). */
    static void run(HookRunner hooks, String cwd) {
        for (Call call : calls(cwd)) {
            hooks.respond(call.event(), call.agent(), call.payload().getBytes(StandardCharsets.UTF_8));
        }
    }

    private static List<Call> calls(String cwd) {
        String dir = json(cwd);
        String claude = "{\"session_id\":\"aot-claude-1\",\"transcript_path\":\"/tmp/aot.jsonl\",\"cwd\":" + dir
                + ",\"permission_mode\":\"default\",\"hook_event_name\":\"";
        String codex = "{\"session_id\":\"aot-codex-1\",\"turn_id\":\"t1\",\"transcript_path\":null,\"cwd\":" + dir
                + ",\"model\":\"gpt-5.5\",\"hook_event_name\":\"";
        return List.of(
                new Call("SessionStart", "claude-code", claude + "SessionStart\",\"source\":\"startup\"}"),
                new Call("UserPromptSubmit", "claude-code", claude + "UserPromptSubmit\",\"prompt\":\"why does the WAL "
                        + "mode matter for concurrent hooks? fix the release guardrail and push\"}"),
                new Call("PreToolUse", "claude-code", claude + "PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
                        + "{\"command\":\"git push origin main\",\"description\":\"push\"},\"tool_use_id\":\"toolu_aot1\"}"),
                new Call("PreToolUse", "claude-code", claude + "PreToolUse\",\"tool_name\":\"Edit\",\"tool_input\":"
                        + "{\"file_path\":" + json(cwd + "/db/V1.sql") + ",\"old_string\":\"a\",\"new_string\":\"b\"},"
                        + "\"tool_use_id\":\"toolu_aot2\"}"),
                new Call("PostToolUse", "claude-code", claude + "PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":"
                        + "{\"command\":\"mvn -q test\",\"description\":\"run tests\"},\"tool_response\":{\"stdout\":"
                        + "\"Tests run: 12, Failures: 0\",\"stderr\":\"\",\"interrupted\":false,\"isImage\":false},"
                        + "\"tool_use_id\":\"toolu_aot3\"}"),
                new Call("PostToolUse", "claude-code", claude + "PostToolUse\",\"tool_name\":\"Read\",\"tool_input\":"
                        + "{\"file_path\":" + json(cwd + "/pom.xml") + "},\"tool_response\":{\"type\":\"text\",\"file\":"
                        + "{\"filePath\":" + json(cwd + "/pom.xml") + ",\"content\":\"<project/>\",\"numLines\":1}},"
                        + "\"tool_use_id\":\"toolu_aot4\"}"),
                new Call("Stop", "claude-code", claude + "Stop\",\"stop_hook_active\":false,\"last_assistant_message\":"
                        + "\"Done. Decision: keep WAL mode. Gotcha: the gate needs a verified feature.\"}"),
                new Call("PreCompact", "claude-code", claude + "PreCompact\",\"trigger\":\"auto\",\"custom_instructions\":\"\"}"),
                new Call("SessionEnd", "claude-code", claude + "SessionEnd\",\"reason\":\"other\"}"),
                new Call("SessionStart", "codex", codex + "SessionStart\",\"source\":\"startup\"}"),
                new Call("UserPromptSubmit", "codex", codex + "UserPromptSubmit\",\"prompt\":\"add a NOTES.md and push\"}"),
                new Call("PreToolUse", "codex", codex + "PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":"
                        + "\"git status --short\"},\"tool_use_id\":\"call_aot1\"}"),
                new Call("PostToolUse", "codex", codex + "PostToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":"
                        + "\"git status --short\"},\"tool_response\":\"Exit code: 0\\nOutput:\\n M pom.xml\\n\","
                        + "\"tool_use_id\":\"call_aot1\"}"),
                new Call("Stop", "codex", codex + "Stop\",\"stop_hook_active\":false,\"last_assistant_message\":\"Added it.\"}"));
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
