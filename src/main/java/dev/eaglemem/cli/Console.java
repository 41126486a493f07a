package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.eaglemem.format.JsonOutput;
import picocli.CommandLine.Model.CommandSpec;

/** Output for commands: JSON (snake_case, compact, one line) or human text, always through picocli's writers. */
final class Console {

    private Console() {
    }

    static String toJson(Object value) {
        return JsonOutput.write(value);
    }

    static void json(CommandSpec spec, Object value) {
        PrintWriter out = spec.commandLine().getOut();
        out.println(toJson(value));
        out.flush();
    }

    /** An ordered JSON object from key/value pairs; unlike Map.of, values may be null. */
    static Map<String, Object> fields(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    static PrintWriter out(CommandSpec spec) {
        return spec.commandLine().getOut();
    }

    /** "1 open check", "2 open checks": {@code n} and the noun, plural unless n is 1. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    static String orDash(Object value) {
        return value == null || value.toString().isBlank() ? "-" : value.toString();
    }
}
