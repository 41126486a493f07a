package dev.eaglemem.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Cursor's flat hooks.json: our entries merged in and taken out, the user's left exactly as they were. */
class CursorHooksFileTest {

    private final CursorHooksFile file = new CursorHooksFile(Path.of("/home/dev/.cursor/hooks.json"));

    private static List<HookRegistration> hooks(String program) {
        return Registrations.template("cursor", null, program).hooks();
    }

    @Test
    void ourStaleEntryIsUpdatedInPlaceKeepingTheUsersKeysOnItAndDuplicatesGo() {
        String before = """
                {"version":1,"hooks":{"preToolUse":[
                  {"command":"/old/eagle-mem hook preToolUse --agent cursor","matcher":"Shell","failClosed":true},
                  {"command":"./mine.sh"},
                  {"command":"/old/eagle-mem hook preToolUse --agent cursor"}],
                 "stop":[{"command":"/old/eagle-mem hook stop --agent cursor"}]}}""";
        String after = file.add(before, hooks("/new/eagle-mem"), Registrations::isOurs);
        assertThat(after).contains("\"command\": \"/new/eagle-mem hook preToolUse --agent cursor\"")
                .contains("\"failClosed\": true").contains("./mine.sh").doesNotContain("/old/eagle-mem")
                .doesNotContain("\"stop\"");
        assertThat(file.drift(after, hooks("/new/eagle-mem"), Registrations::isOurs)).isEmpty();
        assertThat(file.drift(before, hooks("/new/eagle-mem"), Registrations::isOurs)).anyMatch(
                l -> l.startsWith("preToolUse hook is")).anyMatch(l -> l.equals("2 eagle-mem preToolUse hooks (one expected)"))
                .contains("leftover eagle-mem stop hook", "no eagle-mem sessionStart hook");
    }

    @Test
    void removeGivesBackTheOriginalOrOnlyTakesOutOurs() {
        String original = "{\"hooks\":{\"stop\":[{\"command\":\"./s.sh\"}]}}";
        String installed = file.add(original, hooks("/b/eagle-mem"), Registrations::isOurs);
        assertThat(installed).contains("\"version\": 1");
        assertThat(file.remove(installed, original, Registrations::isOurs)).isEqualTo(original);
        assertThat(file.remove(file.add("", hooks("/b/eagle-mem"), Registrations::isOurs), "", Registrations::isOurs))
                .as("a file install created").isEmpty();
        String unknownBefore = file.remove(installed, null, Registrations::isOurs);
        assertThat(unknownBefore).contains("./s.sh").doesNotContain("eagle-mem");
    }
}
