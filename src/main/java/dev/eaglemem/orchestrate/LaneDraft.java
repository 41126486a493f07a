package dev.eaglemem.orchestrate;

/**
 * A lane to add: key (checked by {@link LaneKeys}), title (default: the key), scope (what the worker is to do, given
 * to it as the prompt's body), agent (an agent id; null: codex), validation command (null: none).
 */
public record LaneDraft(String key, String title, String scope, String agent, String validation) {
}
