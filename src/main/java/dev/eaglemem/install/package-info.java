/**
 * {@code eagle-mem install|uninstall}: copies the runtime to {@code ~/.eagle-mem/runtime} and links the binary,
 * then merges eagle-mem's entries into the agents' own configuration (Claude Code settings.json, Codex hooks.json
 * and config.toml, the CLAUDE.md/AGENTS.md managed blocks, skills), writes the tab-completion files of the shells
 * on PATH ({@code ShellCompletion}) and reads Codex hook trust through {@code codex app-server}. The edits are pure text-in, text-out functions; only {@code Installer},
 * {@code AgentFiles} (every agent file, backed up first), {@code RuntimeInstall}, {@code LocalBin},
 * {@code InstallManifest} and {@code TextFiles} write files.
 */
package dev.eaglemem.install;
