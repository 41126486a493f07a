package dev.eaglemem.tokenguard;

import java.util.List;
import java.util.Optional;

import dev.eaglemem.project.AgentSource;
import dev.eaglemem.shell.ReleaseBoundaries;
import dev.eaglemem.shell.ShellScript;
import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.shell.SimpleCommand;
import dev.eaglemem.store.CommandRuleRow;

/**
 * The token guard's decision for one shell command, a pure function (the caller looks up rtk on PATH,
 * the unlock file and the config). Noisy commands ({@link NoisyCommands}) go through rtk, the
 * token-reducing proxy, as {@code rtk <command>} ({@code cat F} becomes {@code rtk read F}).
 *
 * <p>Rules: release boundaries, eagle-mem's own commands and commands already using rtk are never touched;
 * an active unlock allows everything; without rtk, {@code auto} never blocks; only a line that is exactly
 * one simple command is rewritten, because putting {@code rtk} in front of {@code cd x && mvn test} would
 * change what runs. Output is never truncated ({@code | head} would hide a failing exit status).
 */
public final class TokenGuard {

    static final String UNLOCK = "eagle-mem unlock --minutes 15";

    /**
     * @param rtkOnPath whether an {@code rtk} executable is on PATH
     * @param unlocked whether {@code eagle-mem unlock} is in effect
     * @param agent the agent that wants to run the command (empty when unknown: treated like Claude)
     * @param learned the project's live command rules ({@code command_rules}), most specific first
     */
    public record Request(TokenGuardSettings settings, boolean rtkOnPath, boolean unlocked, Optional<AgentSource> agent,
            String command, List<CommandRuleRow> learned) {

        public Request {
            learned = learned == null ? List.of() : List.copyOf(learned);
        }

        public Request(TokenGuardSettings settings, boolean rtkOnPath, boolean unlocked, Optional<AgentSource> agent,
                String command) {
            this(settings, rtkOnPath, unlocked, agent, command, List.of());
        }
    }

    private TokenGuard() {
    }

    public static TokenDecision decide(Request request) {
        if (request.settings().rtk() == TokenGuardSettings.Rtk.OFF || request.unlocked() || request.command() == null
                || request.command().isBlank()) {
            return new TokenDecision.Allow();
        }
        ShellScript script = ShellWords.parse(request.command());
        if (untouchable(script)) {
            return new TokenDecision.Allow();
        }
        Optional<SimpleCommand> noisy = script.commands().stream().filter(c -> NoisyCommands.reason(c).isPresent())
                .findFirst();
        Optional<Learned> learned = noisy.isPresent() ? Optional.empty() : learned(script, request.learned());
        if (learned.isPresent() && learned.get().rule().strategy().equals("advise")) {
            return new TokenDecision.Advise(advice(learned.get()));
        }
        if (learned.isPresent()) {
            noisy = Optional.of(learned.get().command());
        }
        if (noisy.isEmpty()) {
            return new TokenDecision.Allow();
        }
        String why = learned.isPresent() ? "learned command rule #" + learned.get().rule().id() + ": "
                + learned.get().rule().reason() : NoisyCommands.reason(noisy.get()).orElseThrow();
        boolean enforce = request.settings().rtk() == TokenGuardSettings.Rtk.ENFORCE;
        if (!request.rtkOnPath()) {
            if (enforce) {
                return new TokenDecision.Deny(missingRtk(request.command(), why), null);
            }
            // auto without rtk never blocks; a learned rule still tells the agent what it learned
            return learned.isPresent() ? new TokenDecision.Advise(advice(learned.get())) : new TokenDecision.Allow();
        }
        if (!script.plain()) {
            String part = "rtk " + quoted(noisy.get());
            return enforce ? new TokenDecision.Deny(compound(request.command(), why, part), part) : new TokenDecision.Allow();
        }
        String compact = compact(noisy.get(), request.command().strip());
        if (request.agent().orElse(AgentSource.CLAUDE_CODE) == AgentSource.CODEX) {
            return request.settings().rawBash() == TokenGuardSettings.RawBash.BLOCK
                    ? new TokenDecision.Deny(codex(compact, why), compact)
                    : new TokenDecision.Allow();
        }
        return new TokenDecision.Rewrite(compact, "Eagle Mem token guard: ran `" + compact + "` instead of `"
                + request.command().strip() + "` (" + why + ") so that rtk's compact output, not the raw one, reaches "
                + "the context; the exit status is the command's.");
    }

    /** A learned rule and the simple command of the line it matched. */
    private record Learned(CommandRuleRow rule, SimpleCommand command) {
    }

    private static Optional<Learned> learned(ShellScript script, List<CommandRuleRow> rules) {
        for (CommandRuleRow rule : rules) {
            Optional<List<String>> words = CommandPattern.words(rule.pattern());
            if (words.isEmpty()) {
                continue;
            }
            for (SimpleCommand c : script.commands()) {
                if (!c.outputCaptured() && CommandPattern.matches(c, words.get())) {
                    return Optional.of(new Learned(rule, c));
                }
            }
        }
        return Optional.empty();
    }

    private static String advice(Learned l) {
        CommandRuleRow r = l.rule();
        return "Eagle Mem command rule #" + r.id() + " (" + (r.source().equals("curator") ? "learned from past sessions"
                : "set by the user") + "): `" + r.pattern() + "` output is typically long (" + r.reason() + ")"
                + (r.maxLines() == null ? "" : ", about " + r.maxLines() + " lines")
                + ". Prefer a quieter form of the command or check only its exit status.";
    }

    private static boolean untouchable(ShellScript script) {
        return ReleaseBoundaries.detect(script).isPresent() || script.commands().stream()
                .anyMatch(c -> ReleaseBoundaries.isEagleMem(c) || c.name().equals("rtk"));
    }

    /** The rtk form of a plain command line: rtk's reader for cat, else the line behind {@code rtk}. */
    static String compact(SimpleCommand command, String line) {
        if (command.words().getFirst().equals("cat") && line.startsWith("cat ")) {
            return "rtk read " + line.substring(4).strip();
        }
        return "rtk " + line;
    }

    private static String quoted(SimpleCommand command) {
        return ShellWords.join(command.words());
    }

    private static String codex(String compact, String why) {
        return "Eagle Mem blocked raw shell output to keep Codex context clean (" + why + ").\n\n"
                + "Run the compact command instead:\n  " + compact + "\n\n"
                + "One-off developer bypass:\n  " + UNLOCK;
    }

    private static String missingRtk(String command, String why) {
        return "Eagle Mem blocked this command because token_guard.rtk = enforce and rtk is not on PATH.\n\n"
                + "This command can dump raw output into the agent's context (" + why + "):\n  " + command.strip() + "\n\n"
                + "Install rtk (https://github.com/rtk-ai/rtk, e.g. brew install rtk), or switch enforcement to auto:\n"
                + "  eagle-mem config set token_guard.rtk auto\n\n"
                + "One-off developer bypass:\n  " + UNLOCK;
    }

    private static String compound(String command, String why, String part) {
        return "Eagle Mem blocked this command line because token_guard.rtk = enforce and its noisy part (" + why
                + ") cannot be rewritten in place:\n  " + command.strip() + "\n\n"
                + "Run the noisy part on its own through rtk:\n  " + part + "\n\n"
                + "One-off developer bypass:\n  " + UNLOCK;
    }
}
