package dev.eaglemem.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What install tells the agents: the managed block for CLAUDE.md / AGENTS.md and the skills under
 * {@code skills/} (packaged into the binary; listed here because a native image cannot list resources).
 */
final class AgentGuidance {

    /** Folder names under skills/; each is installed as {@code eagle-mem-<name>/SKILL.md}. AgentGuidanceTest checks the list. */
    static final List<String> SKILLS = List.of("memories", "save-summary", "search");

    /** {@code eagle-mem} where it starts a command the agent runs (not where prose names the tool). */
    private static final Pattern COMMAND = Pattern
            .compile("(?<![\\w./-])eagle-mem(?= (?:memories|session|search|show|install|uninstall)\\b)");

    private AgentGuidance() {
    }

    /** The skill with its commands calling eagle-mem as {@code command} (the name, or a path when that does not resolve). */
    static String skill(String name, String command) {
        return commands(skill(name), command);
    }

    static String skill(String name) {
        try (InputStream in = AgentGuidance.class.getClassLoader().getResourceAsStream("skills/" + name + "/SKILL.md")) {
            if (in == null) {
                throw new IllegalStateException("skill missing from the build: skills/" + name + "/SKILL.md");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String instructions(String command) {
        return commands(instructions(), command);
    }

    private static String commands(String text, String command) {
        return command.equals(LocalBin.NAME) ? text : COMMAND.matcher(text).replaceAll(Matcher.quoteReplacement(command));
    }

    static String instructions() {
        return """
                ## Eagle Mem (managed by `eagle-mem install`; `eagle-mem uninstall` removes this block)

                eagle-mem keeps a local memory of this machine's coding sessions, per project.
                - At session start you receive "Eagle Mem recall ready": past decisions, gotchas and sessions. Use them
                  before making design or implementation claims; if one shapes your answer, say so in one short
                  "Eagle Mem recalls:" line.
                - When you finish substantive work, save the session once, quietly (the command is pre-approved):
                  `eagle-mem session save --session-id <id from the banner> --request "…" --completed "…" --decisions "…" --gotchas "…" --next-steps "…"`
                - A lasting decision or trap deserves a memory:
                  `eagle-mem memories add --kind decision --title "…" --content "…"` (or `--kind gotcha`).
                - Look things up with `eagle-mem search <words>` and `eagle-mem show <id>`.
                - Never paste secrets into these commands (they are redacted, but do not rely on it).""";
    }
}
