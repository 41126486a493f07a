package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.cli.FakeServe.Fault;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real packaged shim, run by bash and by sh, against a serve that fails every way a request can fail (a
 * {@link FakeServe} in this JVM): reset after part or all of the request, closed before the body, never reading
 * (payloads from 1 KB to 9 MB, across the loopback buffers' size), answering after the shim's limit, answering a
 * short body. Each time: exit 0, nothing on stdout or stderr, the event stored exactly once (by the binary the
 * shim falls back to; the fake stores nothing), within the event's budget plus generous slack for a JVM start on a
 * loaded machine.
 */
class ShimFaultIT {

    /** The shim's limit for a tool event (hooks/eagle-mem-hook). */
    private static final long BUDGET_MS = 2000;
    /** A cold JVM fallback on 2 shared cores, parsing up to 9 MB: seconds, never the minutes of a blocked write. */
    private static final long SLACK_MS = 20_000;
    /** Largest first: a write that blocks forever (a request larger than the socket buffers) shows at once. */
    private static final int[] SIZES = { 9 * 1024 * 1024, 4 * 1024 * 1024, 1024 * 1024, 64 * 1024, 1024 };
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = Path.of("src/test/resources/agent-payloads/claude-code-2.1.330/PostToolUse-1.json");

    private final Cli cli = new Cli();
    private final ServeDataDir dir;
    private final FakeServe fake;
    private final List<String> report = new ArrayList<>();

    ShimFaultIT() throws IOException {
        dir = new ServeDataDir(cli, "emfault");
        cli.run("status").ok(); // the database exists, as it does wherever serve ran
        fake = new FakeServe(dir.path());
    }

    @AfterEach
    void clean() throws IOException {
        fake.close(); // first: serve --stop in dir.close() must not find the test JVM's pid
        dir.close();
        report.forEach(System.out::println);
    }

    /** The captured Claude Code PostToolUse, in this workspace, with its own tool_use_id, padded to about {@code size} bytes. */
    private String toolCall(String id, int size) throws IOException {
        ObjectNode p = (ObjectNode) JSON
                .readTree(Files.readString(FIXTURE).replace("/home/dev/work/shop-api", cli.repo.toString()));
        p.put("tool_use_id", id);
        ((ObjectNode) p.get("tool_input")).put("command", "echo " + id);
        int pad = Math.max(1, size - p.toString().length());
        ((ObjectNode) p.get("tool_response")).put("stdout", "o".repeat(pad));
        return p.toString();
    }

    private int stored(String id) {
        return Integer
                .parseInt(SpoolRig.rows(dir.db(), "SELECT count(*) FROM observations WHERE tool_use_id = '" + id + "'").get(0));
    }

    /** Runs the shim by {@code shell} with the fake set to {@code fault}; asserts the contract and returns the route it took. */
    private void deliver(String shell, Fault fault, int size) throws IOException {
        fake.fault(fault, BUDGET_MS + 1500);
        String id = "toolu_" + fault.name().toLowerCase() + "_" + shell + "_" + size;
        String payload = toolCall(id, size);
        int tcpBefore = fake.tcpConnections.get();
        int unixBefore = fake.unixConnections.get();
        long start = System.nanoTime();
        Cli.Result r = cli.runProgram(Path.of("/bin/" + shell), payload, Cli.SHIM.toString(), "PostToolUse", "--agent",
                "claude-code");
        long ms = (System.nanoTime() - start) / 1_000_000;
        String what = shell + " " + fault + " " + size + " B";
        assertThat(r.exit()).as("%s: exit; stderr %s", what, r.err()).isZero();
        assertThat(r.out()).as("%s: stdout", what).isEmpty();
        assertThat(r.err()).as("%s: stderr", what).isEmpty();
        assertThat(stored(id)).as("%s: stored exactly once; log: %s", what, dir.log()).isEqualTo(1);
        assertThat(ms).as("%s: within the budget + slack", what).isLessThan(BUDGET_MS + SLACK_MS);
        // the fault was met, not skipped: bash takes /dev/tcp up to 64 KiB, curl and the unix socket otherwise; and
        // only once: a serve that failed is not asked again by the next route (that would spend the limit twice)
        boolean viaTcp = shell.equals("bash") && payload.length() < 60 * 1024;
        assertThat(fake.tcpConnections.get() - tcpBefore).as("%s: requests over tcp", what).isEqualTo(viaTcp ? 1 : 0);
        assertThat(fake.unixConnections.get() - unixBefore).as("%s: requests over the unix socket", what)
                .isEqualTo(viaTcp ? 0 : 1);
        report.add("ShimFaultIT: " + what + " via " + (viaTcp ? "tcp" : "curl") + " -> exit 0, stored once, " + ms + " ms");
    }

    @Test
    void aResetAfterPartOrAllOfTheRequestFallsBackToTheBinary() throws IOException {
        for (String shell : List.of("bash", "sh")) {
            for (int size : new int[] { 1024, 1024 * 1024 }) {
                deliver(shell, Fault.RESET_AFTER_PART, size);
                deliver(shell, Fault.RESET_AFTER_ALL, size);
            }
        }
    }

    @Test
    void aServeThatClosesBeforeTheBodyCostsNoEvent() throws IOException {
        for (String shell : List.of("bash", "sh")) {
            for (int size : new int[] { 1024, 1024 * 1024 }) {
                deliver(shell, Fault.CLOSE_BEFORE_BODY, size);
            }
        }
    }

    @Test
    void aServeThatNeverReadsCostsTheLimitWhateverThePayloadSize() throws IOException {
        for (String shell : List.of("bash", "sh")) {
            for (int size : SIZES) {
                deliver(shell, Fault.HANG, size);
            }
        }
    }

    @Test
    void anAnswerAfterTheLimitOrAShortAnswerIsNotTaken() throws IOException {
        for (String shell : List.of("bash", "sh")) {
            deliver(shell, Fault.SLOW, 1024);
            deliver(shell, Fault.SHORT_BODY, 1024);
        }
    }

    /** F11: an event name is never an option (help on the hook's stdout), and NUL bytes never make bash talk. */
    @Test
    void helpAsAnEventNameAndNulBytesInThePayloadStaySilent() throws IOException {
        fake.close(); // no serve: these take the fallback
        for (String shell : List.of("bash", "sh")) {
            for (String event : List.of("-h", "--help")) {
                Cli.Result r = cli.runProgram(Path.of("/bin/" + shell), "{}", Cli.SHIM.toString(), event, "--agent",
                        "claude-code");
                assertThat(r.exit()).isZero();
                assertThat(r.out()).as("%s %s: stdout", shell, event).isEmpty();
                assertThat(r.err()).as("%s %s: stderr", shell, event).isEmpty();
            }
        }
        assertThat(dir.log()).contains("hook -h: skipped: -h: not an event eagle-mem handles")
                .contains("hook --help: skipped: --help: not an event eagle-mem handles");
        String withNuls = toolCall("toolu_nul", 1024).replace(",\"cwd\"", ",\u0000\"cwd\"").replace("}}", "}\u0000}");
        Cli.Result r = cli.runProgram(Path.of("/bin/bash"), withNuls, Cli.SHIM.toString(), "PostToolUse", "--agent",
                "claude-code");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).as("no 'ignored null byte' warning").isEmpty();
        assertThat(stored("toolu_nul")).isEqualTo(1);
    }
}
