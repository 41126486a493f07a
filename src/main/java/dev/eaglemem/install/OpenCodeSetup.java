package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;

/**
 * OpenCode: no command hooks, an in-process plugin instead. Install writes eagle-mem's plugin into
 * {@code ~/.config/opencode/plugins/} (OpenCode loads every file there at startup), registers {@code eagle-mem mcp}
 * under {@code mcp} in {@code opencode.json}, and adds the instruction block to the global {@code AGENTS.md} and the
 * skills to {@code skills/}. Uninstall takes each of them out again.
 */
final class OpenCodeSetup implements AgentSetup {

    private static final String PLUGIN_SNAPSHOT = "opencode-plugin.js";
    private static final String JSON_SNAPSHOT = "opencode.json";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.OPENCODE;
    }

    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(OpenCodeConfig.dir(env)) || onPath(env, "opencode");
    }

    @Override
    public void preflight(SetupContext c) {
        Path json = OpenCodeConfig.json(c.env());
        OpenCodeConfig.mcpAdd(json, TextFiles.read(json), c.binary());
        String plugin = TextFiles.read(OpenCodeConfig.plugin(c.env()));
        if (plugin != null && !OpenCodeConfig.isOurPlugin(plugin)) {
            throw EagleException.invalidInput(OpenCodeConfig.plugin(c.env()) + " exists and is not eagle-mem's plugin",
                    "move it away, then run `eagle-mem install --agent opencode` again");
        }
    }

    @Override
    public void install(SetupContext c) {
        Path dir = OpenCodeConfig.dir(c.env());
        String plugin = OpenCodeConfig.plugin(c.shell(), c.program());
        c.files().noteNewFolder(dir);
        c.files().noteNewFolder(OpenCodeConfig.plugin(c.env()).getParent());
        c.files().editConfig("plugin", OpenCodeConfig.plugin(c.env()), PLUGIN_SNAPSHOT, before -> plugin);
        Path json = OpenCodeConfig.json(c.env());
        c.files().editConfig("mcp server", json, JSON_SNAPSHOT, before -> OpenCodeConfig.mcpAdd(json, before, c.binary()));
        c.files().addBlock(dir.resolve("AGENTS.md"), c.command());
        c.files().addSkills(dir.resolve("skills"), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        Path dir = OpenCodeConfig.dir(c.env());
        Path plugin = OpenCodeConfig.plugin(c.env());
        // the plugin is ours: whatever was there before install comes back, else the file goes
        c.files().restoreConfig("plugin", plugin, PLUGIN_SNAPSHOT, (current, before) -> before != null ? before
                : OpenCodeConfig.isOurPlugin(current) ? "" : current);
        Path json = OpenCodeConfig.json(c.env());
        c.files().restoreConfig("mcp server", json, JSON_SNAPSHOT,
                (current, before) -> OpenCodeConfig.mcpRemove(json, current, before, c.binary()));
        c.files().removeBlock(dir.resolve("AGENTS.md"));
        c.files().removeSkills(dir.resolve("skills"));
        c.files().removeIfEmptyAndOurs(dir.resolve("skills"));
        c.files().removeIfEmptyAndOurs(plugin.getParent());
        c.files().removeIfEmptyAndOurs(dir);
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        List<InstallFinding> out = new ArrayList<>();
        String fix = "eagle-mem install --agent opencode";
        Path plugin = OpenCodeConfig.plugin(c.env());
        String current = TextFiles.read(plugin);
        if (current == null) {
            out.add(InstallFinding.problem("opencode_plugin", "no eagle-mem plugin at " + plugin, fix));
        } else if (!current.equals(OpenCodeConfig.plugin(c.shell(), c.program()))) {
            out.add(InstallFinding.problem("opencode_plugin",
                    plugin + " differs from the plugin this eagle-mem installs (edited, or from another version)", fix));
        } else {
            out.add(InstallFinding.ok("opencode_plugin", plugin + " hands OpenCode's events to eagle-mem"));
        }
        Path json = OpenCodeConfig.json(c.env());
        try {
            List<String> drift = OpenCodeConfig.mcpDrift(json, TextFiles.read(json), c.binary());
            out.add(drift.isEmpty()
                    ? InstallFinding.ok("opencode_mcp", json + " starts `eagle-mem mcp` as server " + McpServers.NAME)
                    : InstallFinding.problem("opencode_mcp", String.join("; ", drift), fix));
        } catch (EagleException e) {
            out.add(InstallFinding.problem("opencode_mcp", e.getMessage(), e.fix() != null ? e.fix() : fix));
        }
        return out;
    }

    private static boolean onPath(EagleEnv env, String program) {
        return env.get("PATH").stream().flatMap(p -> List.of(p.split(":")).stream()).filter(d -> !d.isBlank())
                .anyMatch(d -> Files.isExecutable(Path.of(d).resolve(program)));
    }
}
