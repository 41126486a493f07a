/**
 * The file-editing core of {@code eagle-mem install}: pure text-in, text-out edits of the agents' own config
 * (Claude Code settings.json, Codex hooks.json and config.toml, CLAUDE.md/AGENTS.md blocks) that add and remove
 * only eagle-mem's entries, plus the {@code codex app-server} client that reads hook trust. Nothing here writes files.
 */
package dev.eaglemem.install;
