package dev.eaglemem.serve.control;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import dev.eaglemem.config.EagleEnv;
import io.vertx.core.http.HttpServerRequest;

/**
 * The environment a hook request is answered in. serve's own variables are those of whoever started it
 * (often an agent's SessionStart hook), so the variables that change a hook's answer are taken from the
 * hook process instead: the shim forwards each as {@code X-Eagle-Env-<NAME>} and its working directory as
 * {@code X-Eagle-Cwd}. A forwarded variable that is absent is unset, never inherited from serve.
 */
public final class HookRequestEnv {

    static final String CWD_HEADER = "X-Eagle-Cwd";
    static final String ENV_HEADER_PREFIX = "X-Eagle-Env-";

    /**
     * Project override and ceilings, the agent override, the markers agents export to their hooks, and the shim's
     * delivery token (EAGLE_MEM_DELIVERY: what makes an event without an agent id get the same id from serve and from
     * the binary the shim falls back to; see dev.eaglemem.hook.EventIds).
     * hooks/eagle-mem-hook forwards exactly this list; HookRequestEnvTest keeps the two equal.
     */
    public static final List<String> FORWARDED = List.of("EAGLE_MEM_PROJECT", "GIT_CEILING_DIRECTORIES", "EAGLE_AGENT_SOURCE",
            "EAGLE_AGENT", "CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CODEX_THREAD_ID", "CODEX_CI", "CODEX_MANAGED_BY_NPM",
            "OPENCODE", "GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "COPILOT_CLI", "GROK_HOOK_EVENT", "GROK_SESSION_ID",
            "GROK_HOOK_NAME",
            "CURSOR_VERSION", "CURSOR_PROJECT_DIR", "EAGLE_MEM_DELIVERY");

    private HookRequestEnv() {
    }

    public static EagleEnv of(HttpServerRequest request, EagleEnv serve) {
        return of(request::getHeader, serve);
    }

    public static EagleEnv of(UnaryOperator<String> header, EagleEnv serve) {
        Map<String, String> vars = new HashMap<>(serve.vars());
        for (String name : FORWARDED) {
            String value = utf8(header.apply(ENV_HEADER_PREFIX + name));
            if (value == null) {
                vars.remove(name);
            } else {
                vars.put(name, value);
            }
        }
        String cwd = utf8(header.apply(CWD_HEADER));
        return new EagleEnv(vars, serve.home(), cwd == null || cwd.isBlank() ? serve.cwd() : Path.of(cwd));
    }

    /** curl sends the shell's bytes as they are (UTF-8); the HTTP decoder read them as ISO-8859-1. */
    private static String utf8(String header) {
        return header == null ? null : new String(header.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
