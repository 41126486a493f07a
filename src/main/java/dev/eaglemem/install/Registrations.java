package dev.eaglemem.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

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
    private static final Pattern OURS = Pattern.compile("^\\s*(?:(?:'[^']*eagle-mem'|\"[^\"]*eagle-mem\"|[^\\s'\"]*eagle-mem)\\s+hook"
            + "|'[^']*eagle-mem-hook'|\"[^\"]*eagle-mem-hook\"|[^\\s'\"]*eagle-mem-hook)\\s+[A-Za-z]+(?:\\s|$)");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One agent's registrations and permission rules. */
    record Template(List<HookRegistration> hooks, List<String> allow) {
    }

    private Registrations() {
    }

    public static boolean isOurs(String command) {
        return command != null && OURS.matcher(command).find();
    }

    /** The command line for one event; {@code program} is the binary or the shim (which takes no "hook" word). */
    static String command(String program, String event, String agent) {
        String verb = program.endsWith(HookProgram.SHIM) ? " " : " hook ";
        return ShellWords.quote(program) + verb + event + " --agent " + agent;
    }

    public static List<HookRegistration> claude(String binary) {
        return template("claude-code", binary).hooks();
    }

    public static List<HookRegistration> codex(String binary) {
        return template("codex", binary).hooks();
    }

    static List<String> claudeAllowRules() {
        return template("claude-code", "eagle-mem").allow();
    }

    static Template template(String agent, String binary) {
        JsonNode root = read("hooks/" + agent + ".json");
        List<HookRegistration> hooks = new ArrayList<>();
        for (JsonNode h : root.path("hooks")) {
            String event = h.path("event").asText();
            hooks.add(new HookRegistration(event, h.hasNonNull("matcher") ? h.get("matcher").asText() : null,
                    command(binary, event, agent), h.path("timeout").asInt(30), h.path("async").asBoolean(false),
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
