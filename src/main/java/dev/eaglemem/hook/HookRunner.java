package dev.eaglemem.hook;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.project.AgentSource;

/**
 * The only place that reads a hook's stdin, writes its stdout and chooses its exit code. The
 * contract with both agents: stdout is empty or exactly one compact JSON line; the exit code is 0
 * whatever happens; every failure is logged to {@code eagle-mem.log} and the agent proceeds as if
 * there were no hook (fail-open). {@code EAGLE_MEM_DISABLE_HOOKS=1} turns every hook off.
 */
@ApplicationScoped
public class HookRunner {

    public static final String DISABLE_VARIABLE = "EAGLE_MEM_DISABLE_HOOKS";
    /** Payloads are small JSON objects; anything bigger is not a hook payload and is not parsed. */
    public static final int MAX_INPUT_BYTES = 8 * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EagleEnv env;
    // Providers: nothing is built until a payload needs it, and a broken database or config fails inside
    // respond() (logged, fail-open) rather than while the command is being constructed.
    private final Provider<LogFile> log;
    private final Provider<HookHandlers> handlers;
    private final HookEvents events = new HookEvents();

    public HookRunner(EagleEnv env, Provider<LogFile> log, Provider<HookHandlers> handlers) {
        this.env = env;
        this.log = log;
        this.handlers = handlers;
    }

    /**
     * Runs one hook process: stdin → at most one line on stdout. Always returns exit code 0, even after a
     * VirtualMachineError: this process ends right here (the rule is in dev.eaglemem.error's package-info).
     */
    public int run(String event, String agentOption, InputStream stdin, PrintStream stdout) {
        try {
            byte[] input = readBounded(stdin);
            respond(event, agentOption, input).ifPresent(line -> {
                stdout.print(line);
                stdout.print('\n');
            });
        } catch (Throwable t) {
            warn(event, "failed: " + describe(t));
        } finally {
            stdout.flush();
        }
        return 0;
    }

    /**
     * The response line for an event's payload, or empty. Never throws: this is the fail-open boundary
     * that the CLI hook and {@code serve} share, so both give byte-identical output.
     */
    public Optional<String> respond(String event, String agentOption, byte[] input) {
        return respond(event, agentOption, input, env);
    }

    /**
     * As {@link #respond(String, String, byte[])} in the environment of the process that ran the hook:
     * serve answers for hooks whose working directory and variables are not its own.
     */
    public Optional<String> respond(String event, String agentOption, byte[] input, EagleEnv env) {
        try {
            if (disabled(env)) {
                return Optional.empty();
            }
            if (event == null || event.isBlank()) {
                warn("?", "no event name given (eagle-mem hook <Event>)");
                return Optional.empty();
            }
            Optional<HookPayload> payload = parse(event, input);
            if (payload.isEmpty()) {
                return Optional.empty();
            }
            AgentSource forced = agentOption == null ? null : AgentSource.parse(agentOption).orElse(null);
            // a skipped event says why in the log: a hook registered for the wrong event or a payload without a
            // session would otherwise fail silently, hook after hook
            Optional<HookEvent> parsed = events.parse(event, payload.get(), input, env, forced, reason -> warn(event, "skipped: " + reason));
            if (parsed.isEmpty()) {
                return Optional.empty();
            }
            HookResponse response = handlers.get().handle(parsed.get());
            return HookOutput.render(event, response);
        } catch (VirtualMachineError e) {
            throw e; // serve shares this path and must not go on in an unknown state (see dev.eaglemem.error)
        } catch (Throwable t) {
            warn(event, "failed: " + describe(t));
            return Optional.empty();
        }
    }

    /** {@code EAGLE_MEM_DISABLE_HOOKS} set to anything but 0: every hook does nothing. */
    public boolean disabled() {
        return disabled(env);
    }

    private static boolean disabled(EagleEnv env) {
        return env.get(DISABLE_VARIABLE).filter(v -> !v.equals("0")).isPresent();
    }

    private Optional<HookPayload> parse(String event, byte[] input) {
        if (input.length == 0) {
            return Optional.empty();
        }
        if (input.length > MAX_INPUT_BYTES) {
            warn(event, "payload is over the " + MAX_INPUT_BYTES / (1024 * 1024) + " MiB limit; ignored");
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(input);
            if (root == null || !root.isObject()) {
                warn(event, "payload is not a JSON object; ignored");
                return Optional.empty();
            }
            return Optional.of(new HookPayload(root));
        } catch (JsonProcessingException e) {
            warn(event, "payload is not valid JSON (" + e.getOriginalMessage() + "); ignored");
            return Optional.empty();
        } catch (IOException e) {
            warn(event, "cannot read payload: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Reads stdin to the end (so the agent never sees a broken pipe), keeping at most the limit + 1 byte. */
    static byte[] readBounded(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            if (out.size() <= MAX_INPUT_BYTES) {
                out.write(buffer, 0, Math.min(n, MAX_INPUT_BYTES + 1 - out.size()));
            }
        }
        return out.toByteArray();
    }

    private void warn(String event, String message) {
        try {
            log.get().warn("hook " + event + ": " + message);
        } catch (RuntimeException e) {
            // logging is best effort; the hook must still exit 0 with no output
        }
    }

    private static String describe(Throwable t) {
        StringBuilder out = new StringBuilder(t.getClass().getSimpleName() + ": " + t.getMessage());
        for (Throwable cause = t.getCause(); cause != null && cause != t; cause = cause.getCause()) {
            out.append(" <- ").append(cause.getClass().getSimpleName()).append(": ").append(cause.getMessage());
        }
        StackTraceElement[] trace = t.getStackTrace();
        if (trace.length > 0) {
            out.append(" at ").append(trace[0]);
        }
        return out.toString();
    }
}
