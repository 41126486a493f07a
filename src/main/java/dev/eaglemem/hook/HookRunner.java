package dev.eaglemem.hook;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.SequenceInputStream;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.dialect.HookDialect;
import dev.eaglemem.dialect.HookDialects;
import dev.eaglemem.dialect.HookResponse;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * The only place that reads a hook's stdin, writes its stdout and chooses its exit code. The payload is read and
 * answered in the calling agent's wire ({@link HookDialects}). The contract with every agent: stdout is empty or exactly one compact JSON line; the exit code is 0
 * whatever happens; every failure is logged to {@code eagle-mem.log} and the agent proceeds as if
 * there were no hook (fail-open). {@code EAGLE_MEM_DISABLE_HOOKS=1} turns every hook off.
 */
@ApplicationScoped
public class HookRunner {

    public static final String DISABLE_VARIABLE = "EAGLE_MEM_DISABLE_HOOKS";
    /**
     * Payloads are small JSON objects, parsed as sent up to this size (and serve takes no larger body: it answers 413
     * and the shim runs the binary). A larger one — a tool result holding a whole log — is still an event: it is parsed
     * as it streams in, each string over {@link #CUT_STRING_CHARS} characters cut by {@link dev.eaglemem.format.Clip}.
     */
    public static final int MAX_INPUT_BYTES = 8 * 1024 * 1024;
    /** In a payload over {@link #MAX_INPUT_BYTES}, every string longer than this keeps this many characters and a marker. */
    static final int CUT_STRING_CHARS = 1024 * 1024;
    /**
     * The hard ceiling: at most this much JSON is parsed, after the cut. Only a payload with that much in short fields
     * reaches it (no agent sends one); it is logged and ignored. stdin is still read to its end, so the agent never
     * sees a broken pipe, but nothing beyond the ceiling is kept: memory stays bounded whatever arrives.
     */
    static final int PARSE_CEILING_BYTES = 32 * 1024 * 1024;
    private static final ObjectMapper JSON = PlainJson.MAPPER;

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
            respond(event, agentOption, () -> read(event, stdin), env).ifPresent(line -> {
                stdout.print(line);
                stdout.print('\n');
            });
        } catch (Throwable t) {
            warn(event, "failed: " + describe(t));
        } finally {
            drain(stdin);
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
        return respond(event, agentOption, () -> parse(event, input), env);
    }

    private Optional<String> respond(String event, String agentOption, PayloadSource input, EagleEnv env) {
        try {
            if (disabled(env)) {
                return Optional.empty();
            }
            if (event == null || event.isBlank()) {
                warn("?", "no event name given (eagle-mem hook <Event>)");
                return Optional.empty();
            }
            Optional<HookPayload> payload = input.read();
            if (payload.isEmpty()) {
                return Optional.empty();
            }
            AgentSource named = agentOption == null ? null : AgentSource.parse(agentOption).orElse(null);
            HookDialect dialect = HookDialects.choose(event, named, payload.get().root(), env);
            Optional<HookDialect.Translated> translated = dialect.translate(event, payload.get().root(), env);
            if (translated.isEmpty()) {
                return Optional.empty();
            }
            // Claude Code's wire is spoken by several agents: which one is the command line's and the detector's call
            AgentSource agent = dialect == HookDialects.CLAUDE ? named : dialect.agent();
            // a skipped event says why in the log: a hook registered for the wrong event or a payload without a
            // session would otherwise fail silently, hook after hook
            Optional<HookEvent> parsed = events.parse(translated.get().event(), new HookPayload(translated.get().payload()),
                    env, agent, reason -> warn(event, "skipped: " + reason));
            if (parsed.isEmpty()) {
                return Optional.empty();
            }
            HookResponse response = handlers.get().handle(parsed.get());
            return dialect.render(translated.get(), response);
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

    /** The payload, read when the hook gets to it (a disabled hook reads nothing but the drain). */
    @FunctionalInterface
    private interface PayloadSource {
        Optional<HookPayload> read() throws IOException;
    }

    /**
     * A whole payload already in memory (serve's request body, at most {@link #MAX_INPUT_BYTES} + 1 bytes): parsed as
     * sent, or cut as {@link #read} cuts a larger one.
     */
    private Optional<HookPayload> parse(String event, byte[] input) throws IOException {
        if (input.length == 0) {
            return Optional.empty();
        }
        if (contentLength(input, input.length) <= MAX_INPUT_BYTES) {
            return tree(event, () -> JSON.readTree(input));
        }
        return cut(event, new ByteArrayInputStream(input));
    }

    /**
     * stdin: the first {@link #MAX_INPUT_BYTES} (and a little trailing whitespace) into memory and parsed as sent when
     * that is all; otherwise the rest streams through {@link ClippingJsonStream} into the parser.
     */
    private Optional<HookPayload> read(String event, InputStream stdin) throws IOException {
        byte[] head = stdin.readNBytes(MAX_INPUT_BYTES + TRAILING_SPACE);
        if (head.length < MAX_INPUT_BYTES + TRAILING_SPACE && contentLength(head, head.length) <= MAX_INPUT_BYTES) {
            return head.length == 0 ? Optional.empty() : tree(event, () -> JSON.readTree(head));
        }
        return cut(event, new SequenceInputStream(new ByteArrayInputStream(head), stdin));
    }

    /** What the shim's transports may add after the JSON (bash sends a newline) must not change how it is parsed. */
    private static final int TRAILING_SPACE = 4096;

    private static int contentLength(byte[] input, int length) {
        int end = length;
        while (end > 0 && (input[end - 1] == ' ' || input[end - 1] == '\n' || input[end - 1] == '\r' || input[end - 1] == '\t')) {
            end--;
        }
        return end;
    }

    private Optional<HookPayload> cut(String event, InputStream input) throws IOException {
        ClippingJsonStream cutting = new ClippingJsonStream(input, CUT_STRING_CHARS, PARSE_CEILING_BYTES);
        try {
            Optional<HookPayload> payload = tree(event, () -> JSON.readTree(cutting));
            if (payload.isPresent()) {
                warn(event, "payload of " + cutting.bytesIn() + " bytes is over the " + MAX_INPUT_BYTES / (1024 * 1024)
                        + " MiB limit; kept with " + cutting.stringsCut() + " string(s) cut to their first " + CUT_STRING_CHARS
                        + " characters");
            }
            return payload;
        } catch (ClippingJsonStream.OverCeiling e) {
            warn(event, "payload is " + e.getMessage() + " (the " + PARSE_CEILING_BYTES / (1024 * 1024)
                    + " MiB ceiling); ignored");
            return Optional.empty();
        }
    }

    @FunctionalInterface
    private interface TreeReader {
        JsonNode read() throws IOException;
    }

    private Optional<HookPayload> tree(String event, TreeReader reader) throws IOException {
        try {
            JsonNode root = reader.read();
            if (root == null || !root.isObject()) {
                warn(event, "payload is not a JSON object; ignored");
                return Optional.empty();
            }
            return Optional.of(new HookPayload(root));
        } catch (JsonProcessingException e) {
            warn(event, "payload is not valid JSON (" + e.getOriginalMessage() + "); ignored");
            return Optional.empty();
        }
    }

    /** Reads stdin to its end, keeping nothing: the agent must never see a broken pipe. */
    private static void drain(InputStream stdin) {
        try {
            stdin.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
            // the agent closed its end: nothing left to protect
        }
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
