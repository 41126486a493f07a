package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import dev.eaglemem.autostart.ServeView;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureStatus;
import dev.eaglemem.feature.Resolution;
import dev.eaglemem.feature.VerifyResult;
import dev.eaglemem.gate.PrePushHook;
import dev.eaglemem.install.ActionStatus;
import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.jobs.JobChangeStatus;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.recall.RecallStatus;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import org.junit.jupiter.api.Test;

/**
 * The --json (and HTTP) shape of every record whose state is a closed set: the expected strings were
 * produced by the code before those states became types, and must not change.
 */
class StateJsonTest {

    private static final Path HOOK = Path.of("/repo/.git/hooks/pre-push");

    @Test
    void featureStatus() {
        assertThat(JsonOutput.write(feature(FeatureStatus.ACTIVE)))
                .isEqualTo("{\"id\":7,\"project\":\"code/shop\",\"name\":\"checkout\","
                        + "\"description\":\"cart\",\"status\":\"active\",\"files\":[\"src/cart.ts\"],\"depends_on\":[],"
                        + "\"smoke_tests\":[\"npm test\"],\"last_verified_at\":null,\"last_verified_notes\":null,\"pending\":1,"
                        + "\"created_at\":\"2026-01-02T03:04:05Z\",\"updated_at\":\"2026-01-02T03:04:05Z\"}");
        assertThat(JsonOutput.write(feature(FeatureStatus.ARCHIVED))).contains("\"status\":\"archived\"");
    }

    @Test
    void verifyResultStatus() {
        assertThat(JsonOutput.write(new VerifyResult("checkout", Resolution.VERIFIED, "tests pass", List.of())))
                .isEqualTo("{\"feature\":\"checkout\",\"status\":\"verified\",\"notes\":\"tests pass\",\"resolved\":[]}");
        assertThat(JsonOutput.write(new VerifyResult(null, Resolution.WAIVED, "docs only", List.of())))
                .isEqualTo("{\"feature\":null,\"status\":\"waived\",\"notes\":\"docs only\",\"resolved\":[]}");
    }

    @Test
    void installActionStatus() {
        Path p = Path.of("/home/u/.eagle-mem/runtime");
        InstallReport report = new InstallReport(true, "/bin/eagle-mem", "/bin/eagle-mem-hook", "/bin/bash", "eagle-mem",
                "/bin/bash /bin/eagle-mem-hook statusline",
                List.of("Bash(eagle-mem search:*)"), List.of(
                        new InstallReport.Action("runtime", p, Outcome.CREATED),
                        new InstallReport.Action("runtime", p, Outcome.UPDATED),
                        new InstallReport.Action("runtime", p, Outcome.UNCHANGED),
                        new InstallReport.Action("runtime", p, Outcome.REMOVED),
                        new InstallReport.Action("instructions", p, Outcome.RESTORED),
                        new InstallReport.Action("database", p, Outcome.READY),
                        new InstallReport.Action("database", p, new ActionStatus.Planned(Outcome.MIGRATE_IF_BEHIND)),
                        new InstallReport.Action("skill x", p, new ActionStatus.Planned(Outcome.CREATED)),
                        new InstallReport.Action("hook trust", p, new ActionStatus.Skipped("codex not on PATH")),
                        new InstallReport.Action("serve", p, new ActionStatus.Stopped(42)),
                        new InstallReport.Action("service", p, new ActionStatus.ServiceStep("systemd could not be asked", true)),
                        new InstallReport.Action("service", p,
                                new ActionStatus.ServiceStep("not installed; nothing to remove", false))),
                List.of("w"));
        assertThat(JsonOutput.write(report)).isEqualTo("{\"dry_run\":true,\"binary\":\"/bin/eagle-mem\","
                + "\"hook_program\":\"/bin/eagle-mem-hook\",\"hook_shell\":\"/bin/bash\",\"command\":\"eagle-mem\","
                + "\"status_line\":\"/bin/bash /bin/eagle-mem-hook statusline\",\"allow_rules\":[\"Bash(eagle-mem search:*)\"],"
                + "\"actions\":["
                + "{\"what\":\"runtime\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"created\"},"
                + "{\"what\":\"runtime\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"updated\"},"
                + "{\"what\":\"runtime\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"unchanged\"},"
                + "{\"what\":\"runtime\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"removed\"},"
                + "{\"what\":\"instructions\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"restored\"},"
                + "{\"what\":\"database\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"ready\"},"
                + "{\"what\":\"database\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"planned: migrate if behind\"},"
                + "{\"what\":\"skill x\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"planned: created\"},"
                + "{\"what\":\"hook trust\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"skipped (codex not on PATH)\"},"
                + "{\"what\":\"serve\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"stopped (pid 42)\"},"
                + "{\"what\":\"service\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"failed: systemd could not be asked\"},"
                + "{\"what\":\"service\",\"path\":\"/home/u/.eagle-mem/runtime\",\"status\":\"not installed; nothing to remove\"}],"
                + "\"warnings\":[\"w\"]}");
    }

    @Test
    void serveState() {
        Path socket = Path.of("/d/serve.sock");
        assertThat(JsonOutput.write(new ServeView(socket, ServeControl.State.RUNNING, true, 12L, "answering (pid 12)")))
                .isEqualTo(
                        "{\"socket\":\"/d/serve.sock\",\"state\":\"running\",\"answering\":true,\"pid\":12,\"detail\":\"answering (pid 12)\"}");
        assertThat(JsonOutput.write(new ServeView(socket, ServeControl.State.UNRESPONSIVE, false, null, "holds its lock")))
                .isEqualTo(
                        "{\"socket\":\"/d/serve.sock\",\"state\":\"unresponsive\",\"answering\":false,\"pid\":null,\"detail\":\"holds its lock\"}");
        assertThat(JsonOutput.write(new ServeView(socket, ServeControl.State.STOPPED, false, null, "serve is not running")))
                .isEqualTo(
                        "{\"socket\":\"/d/serve.sock\",\"state\":\"stopped\",\"answering\":false,\"pid\":null,\"detail\":\"serve is not running\"}");
        assertThat(JsonOutput.write(new ServeControl.Status(ServeControl.State.STOPPED, -1, "/d/serve.sock", null)))
                .isEqualTo("{\"state\":\"stopped\",\"pid\":-1,\"socket\":\"/d/serve.sock\",\"health\":null}");
        assertThat(JsonOutput.write(new ServeControl.Status(ServeControl.State.UNRESPONSIVE, 5, "/d/serve.sock", null)))
                .isEqualTo("{\"state\":\"unresponsive\",\"pid\":5,\"socket\":\"/d/serve.sock\",\"health\":null}");
        assertThat(JsonOutput.write(new ServeControl.Status(ServeControl.State.RUNNING, 5, "/d/serve.sock", null)))
                .isEqualTo("{\"state\":\"running\",\"pid\":5,\"socket\":\"/d/serve.sock\",\"health\":null}");
    }

    @Test
    void prePushHookStatus() {
        List<String> before = List.of("installed", "updated", "unchanged", "replaced_foreign", "removed", "restored",
                "not_installed", "foreign_kept");
        assertThat(PrePushHook.Status.values()).hasSameSizeAs(before);
        for (PrePushHook.Status status : PrePushHook.Status.values()) {
            assertThat(JsonOutput.write(new PrePushHook.Result(status, HOOK, null)))
                    .isEqualTo("{\"status\":\"" + before.get(status.ordinal())
                            + "\",\"hook\":\"/repo/.git/hooks/pre-push\",\"backup\":null}");
        }
    }

    @Test
    void jobChangeStatus() {
        JobRow job = new JobRow(3, "prune", null, null, "prune", JobStatus.PENDING, 0, "2026-01-02T03:04:05Z", null, null,
                null, null, "2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z", null, null);
        String row = "{\"id\":3,\"kind\":\"prune\",\"project\":null,\"payload\":{},\"dedupe_key\":\"prune\",\"status\":\"pending\","
                + "\"attempts\":0,\"run_after\":\"2026-01-02T03:04:05Z\",\"locked_by\":null,\"locked_at\":null,\"last_error\":null,"
                + "\"result\":null,\"created_at\":\"2026-01-02T03:04:05Z\",\"updated_at\":\"2026-01-02T03:04:05Z\",\"finished_at\":null,\"deferred\":null}";
        List<String> before = List.of("retried", "cancelled", "already_pending", "already_running", "already_cancelled",
                "already_queued");
        assertThat(JobChangeStatus.values()).hasSameSizeAs(before);
        for (JobChangeStatus status : JobChangeStatus.values()) {
            assertThat(JsonOutput.write(new JobService.Change(3, status, job)))
                    .isEqualTo("{\"id\":3,\"status\":\"" + before.get(status.ordinal()) + "\",\"job\":" + row + "}");
        }
    }

    @Test
    void everyIdRoundTripsThroughItsParse() {
        roundTrips(FeatureStatus.values(), FeatureStatus::parse);
        roundTrips(Resolution.values(), Resolution::parse);
        roundTrips(Outcome.values(), Outcome::parse);
        roundTrips(ServeControl.State.values(), ServeControl.State::parse);
        roundTrips(PrePushHook.Status.values(), PrePushHook.Status::parse);
        roundTrips(JobChangeStatus.values(), JobChangeStatus::parse);
        roundTrips(RecallStatus.values(), RecallStatus::parse);
        for (JobStatus s : JobStatus.values()) {
            assertThat(JobStatus.parse(s.id())).contains(s);
        }
    }

    @Test
    void anUnknownStoredValueFailsLoudly() {
        assertThatThrownBy(() -> FeatureStatus.parse("deleted")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown FeatureStatus 'deleted'");
        assertThatThrownBy(() -> RecallStatus.parse("INJECTED")).hasMessage("unknown RecallStatus 'INJECTED'");
        assertThatThrownBy(() -> Outcome.parse(null)).hasMessage("unknown Outcome 'null'");
    }

    /** Each id parses back to its state, is distinct, and is also what JSON writes. */
    private static <E extends StateId> void roundTrips(E[] states, Function<String, E> parse) {
        for (E state : states) {
            assertThat(parse.apply(state.id())).isSameAs(state);
            assertThat(JsonOutput.write(state)).isEqualTo("\"" + state.id() + "\"");
        }
        assertThat(Arrays.stream(states).map(StateId::id).distinct()).hasSameSizeAs(states);
    }

    private static Feature feature(FeatureStatus status) {
        return new Feature(7, "code/shop", "checkout", "cart", status, List.of("src/cart.ts"), List.of(), List.of("npm test"),
                null, null, 1, "2026-01-02T03:04:05Z", "2026-01-02T03:04:05Z");
    }
}
