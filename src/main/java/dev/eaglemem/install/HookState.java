package dev.eaglemem.install;

/**
 * One handler as {@code codex app-server} reports it in {@code hooks/list}.
 *
 * @param key           the trust key, {@code <sourcePath>:<snake_case_event>:<group index>:<handler index>}
 * @param eventName     camelCase, e.g. {@code preToolUse}
 * @param source        {@code user}, {@code project}, {@code plugin}, {@code system}, …
 * @param sourcePath    the file the handler came from (hooks.json or config.toml)
 * @param trustStatus   {@code untrusted}, {@code trusted}, {@code modified} (trusted once, changed since) or {@code managed}
 * @param currentHash   {@code sha256:…} of the handler's content (not its position); what {@code trusted_hash} must hold
 * @param command       the shell command, or null for non-command handlers
 * @param matcher       the group's matcher, or null
 * @param timeoutSec    the effective timeout (Codex fills in its default of 600)
 * @param statusMessage the status message, or null
 * @param enabled       false when the user disabled this handler
 * @param managed       true for hooks from managed (admin) configuration, which need no trust
 */
public record HookState(String key, String eventName, String source, String sourcePath, String trustStatus,
        String currentHash, String command, String matcher, long timeoutSec, String statusMessage, boolean enabled,
        boolean managed) {

    /** Codex skips the handler, silently, until config.toml holds its current hash. */
    public boolean needsTrust() {
        return "untrusted".equals(trustStatus) || "modified".equals(trustStatus);
    }
}
