package dev.eaglemem.install;

import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;

/**
 * One agent's share of install, uninstall and doctor, for every agent after Claude Code and Codex (those two are
 * wired in {@link Installer} itself). The same guarantees hold for each: every file is merged, never overwritten,
 * and backed up first ({@link AgentFiles#editConfig}); uninstall restores it byte for byte when nothing else changed
 * it and otherwise takes out exactly what install added; doctor reports drift with the command that repairs it.
 */
interface AgentSetup {

    Installer.Agent agent();

    /**
     * True when the agent is on this machine (its configuration folder exists, or its program is on PATH): a plain
     * {@code eagle-mem install} (every agent) sets it up; {@code --agent NAME} sets it up either way.
     */
    boolean present(EagleEnv env);

    /**
     * Reads and parses every file {@link #install} will edit, changing nothing: a malformed one stops install before
     * any file of any agent changed (an {@code EagleException} naming the file and its fix).
     */
    void preflight(SetupContext c);

    /** Hooks (or the plugin), MCP server, instruction block and skills, each reported as an action. */
    void install(SetupContext c);

    /** Takes out what {@link #install} added; a no-op for an agent that was never set up. */
    void uninstall(SetupContext c);

    /** doctor's lines for this agent: its hooks and its MCP entry still there and still eagle-mem's. */
    List<InstallFinding> findings(SetupContext c);

    /**
     * Said once by install and doctor and given in {@code install --json} ({@code caveats}): what is not known to work,
     * e.g. "untested against the real CLI" for an agent whose CLI cannot run here.
     */
    default Optional<String> caveat() {
        return Optional.empty();
    }

    /**
     * What a setup works with.
     *
     * @param files the backed-up, merge-only file edits (null for {@link #findings}, which writes nothing)
     * @param report actions and warnings (null for {@link #findings})
     * @param shell the shell the hook program is run by, or null
     * @param program the hook program: the shim {@code eagle-mem-hook} or the binary (see {@link Registrations#command})
     * @param command how instructions and skills call eagle-mem: {@code eagle-mem} or a quoted full path
     * @param binary the runtime's full path (what an MCP entry starts)
     */
    record SetupContext(EagleEnv env, AgentFiles files, InstallReport.Builder report, String shell, String program,
            String command, String binary) {

        /** This agent's hook registrations from {@code hooks/<agent>.json}, each calling {@link #program}. */
        List<HookRegistration> hooks(Installer.Agent agent) {
            return Registrations.template(agent.id(), shell, program).hooks();
        }

        boolean dryRun() {
            return report != null && report.dryRun;
        }
    }
}
