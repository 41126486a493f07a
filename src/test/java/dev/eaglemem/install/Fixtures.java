package dev.eaglemem.install;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** What the installer would register, and the realistic files under src/test/resources/install. */
final class Fixtures {

    static final String BIN = "/home/dev/.eagle-mem/bin/eagle-mem";
    static final String OLD_BIN = "/opt/old/eagle-mem/bin/eagle-mem";

    /** Ours is "<any path>/eagle-mem hook <event>", as the installer's predicate will be. */
    static final Predicate<String> OURS = Pattern.compile("(\\S*/)?eagle-mem hook [a-z-]+").asMatchPredicate();

    static final List<String> ALLOW = List.of("mcp__eagle-mem__search", "Bash(eagle-mem search:*)");

    private Fixtures() {
    }

    static List<HookRegistration> claudeHooks(String bin) {
        return List.of(
                new HookRegistration("SessionStart", null, bin + " hook session-start", 20, false, null),
                new HookRegistration("UserPromptSubmit", null, bin + " hook user-prompt-submit", 10, false, null),
                new HookRegistration("PreToolUse", "Bash|Read|Edit|Write", bin + " hook pre-tool-use", 10, false, null),
                new HookRegistration("PostToolUse", null, bin + " hook post-tool-use", 30, true, null),
                new HookRegistration("Stop", null, bin + " hook stop", 30, true, null));
    }

    static List<HookRegistration> codexHooks(String bin) {
        return List.of(
                new HookRegistration("SessionStart", "startup|resume", bin + " hook session-start", 20, false,
                        "eagle-mem: recalling"),
                new HookRegistration("PreToolUse", "Bash", bin + " hook pre-tool-use", 10, false, null),
                new HookRegistration("Stop", null, bin + " hook stop", 30, false, null));
    }

    static String read(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/install/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource install/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
