package dev.eaglemem.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.shell.ShellWords;

/**
 * The hooks eagle-mem registers, read from the packaged {@code hooks/<agent>.json} (the repository's
 * {@code hooks/} folder): data, so what install writes is reviewable without reading code.
 */
public final class Registrations {

    /**
     * An eagle-mem hook command, whatever path it had: {@code '…/eagle-mem' hook <Event> …} or the shim's
     * {@code '…/eagle-mem-hook' <Event> …}. Anchored at the start: a user's command that merely mentions
     * "eagle-mem hook" in its arguments is not ours.
     */
    private static final Pattern OURS = Pattern
            .compile("^\\s*(?:(?:'[^']*eagle-mem'|\"[^\"]*eagle-mem\"|[^\\s'\"]*eagle-mem)\\s+hook"
                    + "|(?:(?:'[^']*/bash'|[^\\s'\"]*/bash)\\s+)?(?:'[^']*eagle-mem-hook'|\"[^\"]*eagle-mem-hook\"|[^\\s'\"]*eagle-mem-hook))"
                    + "\\s+[A-Za-z]+(?:\\s|$)");
    /** The command part of one of our permission rules, bare or as any path: {@code Bash(<command> }. */
    private static final Pattern ALLOW_COMMAND = Pattern
            .compile("^Bash\\((?:'[^']*/eagle-mem'|[^\\s'\"()]*/eagle-mem|eagle-mem) ");
    private static final String BARE_PREFIX = "Bash(" + LocalBin.NAME + " ";
    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /** One agent's registrations and permission rules. */
    record Template(List<HookRegistration> hooks, List<String> allow) {
    }

    private Registrations() {
    }

    public static boolean isOurs(String command) {
        return command != null && OURS.matcher(command).find();
    }

    /**
     * The command line for one event; {@code program} is the binary or the shim (which takes no "hook" word), run by
     * {@code shell} when that is not null.
     */
    static String command(String shell, String program, String event, String agent) {
        String verb = program.endsWith(HookProgram.SHIM) ? " " : " hook ";
        return (shell == null ? "" : ShellWords.quote(shell) + " ") + ShellWords.quote(program) + verb + event + " --agent "
                + agent;
    }

    /** The shim run with {@code arguments} (e.g. {@code statusline}), by {@code shell} when not null. */
    static String shimCommand(String shell, String shim, String arguments) {
        return (shell == null ? "" : ShellWords.quote(shell) + " ") + ShellWords.quote(shim) + " " + arguments;
    }

    public static List<HookRegistration> claude(String binary) {
        return claude(null, binary);
    }

    public static List<HookRegistration> claude(String shell, String program) {
        return template("claude-code", shell, program).hooks();
    }

    public static List<HookRegistration> codex(String binary) {
        return codex(null, binary);
    }

    public static List<HookRegistration> codex(String shell, String program) {
        return template("codex", shell, program).hooks();
    }

    /** The permission rules as the template has them, calling eagle-mem by name. */
    static List<String> claudeAllowRules() {
        return BareAllow.RULES;
    }

    /** The permission rules for agents that call eagle-mem as {@code command} (a name or a shell-quoted path). */
    static List<String> claudeAllowRules(String command) {
        return BareAllow.RULES.stream().map(rule -> rule.startsWith(BARE_PREFIX)
                ? "Bash(" + command + " " + rule.substring(BARE_PREFIX.length()) : rule).toList();
    }

    /**
     * One of our permission rules in any form install may have written it: {@code Bash(eagle-mem search:*)} or
     * {@code Bash(/home/u/.local/bin/eagle-mem search:*)}, whatever the path.
     */
    static boolean isOurAllowRule(String rule) {
        if (rule == null) {
            return false;
        }
        Matcher m = ALLOW_COMMAND.matcher(rule);
        return BareAllow.RULES.contains(rule) || m.find() && BareAllow.RULES.contains(BARE_PREFIX + rule.substring(m.end()));
    }

    private static final class BareAllow {
        static final List<String> RULES = template("claude-code", null, LocalBin.NAME).allow();
    }

    static Template template(String agent, String shell, String binary) {
        JsonNode root = read("hooks/" + agent + ".json");
        List<HookRegistration> hooks = new ArrayList<>();
        for (JsonNode h : root.path("hooks")) {
            String event = h.path("event").asText();
            hooks.add(new HookRegistration(event, h.hasNonNull("matcher") ? h.get("matcher").asText() : null,
                    command(shell, binary, event, agent), h.path("timeout").asInt(30), h.path("async").asBoolean(false),
                    h.hasNonNull("statusMessage") ? h.get("statusMessage").asText() : null));
        }
        List<String> allow = new ArrayList<>();
        root.path("allow").forEach(rule -> allow.add(rule.asText()));
        return new Template(List.copyOf(hooks), List.copyOf(allow));
    }

    private static JsonNode read(String resource) {
        try (InputStream in = Registrations.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing from the build: " + resource);
            }
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
