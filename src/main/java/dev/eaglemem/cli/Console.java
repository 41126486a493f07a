package dev.eaglemem.cli;

import java.io.PrintWriter;

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
