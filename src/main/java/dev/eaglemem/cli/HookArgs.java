package dev.eaglemem.cli;

import java.util.Optional;

/**
 * The command lines install registers ({@code hook EVENT --agent AGENT}, with or without the event and agent) and the
 * one the hook shim runs ({@code hook [--agent AGENT] -- EVENT}: after {@code --} the event is whatever the agent
 * passed, so {@code -h} is an event name that is logged, not a request for help on the hook's stdout), read without
 * picocli. Anything else — help, version, stray arguments — returns empty and picocli handles it, so both routes
 * behave the same on every line this accepts.
 */
record HookArgs(String event, String agent) {

    static Optional<HookArgs> parse(String... args) {
        if (args.length == 0 || !"hook".equals(args[0])) {
            return Optional.empty();
        }
        String event = null;
        String agent = null;
        int i = 1;
        if (i < args.length && !args[i].startsWith("-")) {
            event = args[i++];
        }
        while (i < args.length) {
            if ("--".equals(args[i]) && event == null && i + 2 == args.length) {
                event = args[i + 1];
                i += 2;
            } else if ("--agent".equals(args[i]) && i + 1 < args.length) {
                agent = args[i + 1];
                i += 2;
            } else if (args[i].startsWith("--agent=")) {
                agent = args[i].substring("--agent=".length());
                i++;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(new HookArgs(event, agent));
    }
}
