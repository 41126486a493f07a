package dev.eaglemem.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.serve.control.HookRequestEnv;
import org.junit.jupiter.api.Test;

class HookRequestEnvTest {

    @Test
    void theShimForwardsExactlyTheVariablesServeReads() throws IOException {
        String shim = Files.readString(Path.of("hooks/eagle-mem-hook"));
        Matcher loop = Pattern.compile("(?m)^forwarded=\"([^\"]+)\"").matcher(shim.replace("\\\n", " "));
        assertThat(loop.find()).as("the shim's list of forwarded variables").isTrue();
        assertThat(shim).as("both routes forward that list").contains("for name in $forwarded; do").containsPattern(
                "(?s)tcp_route\\(\\).*for name in \\$forwarded; do.*curl");
        List<String> forwarded = Arrays.stream(loop.group(1).trim().split("\\s+")).toList();
        assertThat(forwarded).containsExactlyElementsOf(HookRequestEnv.FORWARDED);
    }

    @Test
    void theHookProcessVariablesReplaceServesOwn() {
        EagleEnv serve = new EagleEnv(Map.of("HOME", "/home/dev", "CLAUDECODE", "1", "EAGLE_MEM_PROJECT", "serve-project",
                "PATH", "/usr/bin"), Path.of("/home/dev"), Path.of("/"));
        // curl sends UTF-8 bytes; the HTTP decoder hands them over as ISO-8859-1 characters
        String cwd = new String("/home/dev/código".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        Map<String, String> headers = Map.of("X-Eagle-Cwd", cwd, "X-Eagle-Env-CODEX_THREAD_ID", "th-1");
        EagleEnv env = HookRequestEnv.of(headers::get, serve);
        assertThat(env.cwd()).isEqualTo(Path.of("/home/dev/código"));
        assertThat(env.vars()).containsEntry("CODEX_THREAD_ID", "th-1").containsEntry("PATH", "/usr/bin")
                .doesNotContainKeys("CLAUDECODE", "EAGLE_MEM_PROJECT");
        assertThat(HookRequestEnv.of(name -> null, serve).cwd()).as("no cwd header: serve's").isEqualTo(Path.of("/"));
    }

    @Test
    void idleExitWaitsForTheLimitAndForBackgroundWork() {
        Duration hour = Duration.ofHours(1);
        assertThat(IdlePolicy.shouldExit(hour, Duration.ofMinutes(59), false)).isFalse();
        assertThat(IdlePolicy.shouldExit(hour, Duration.ofMinutes(60), false)).isTrue();
        assertThat(IdlePolicy.shouldExit(hour, Duration.ofHours(5), true)).as("jobs still pending").isFalse();
        assertThat(IdlePolicy.shouldExit(Duration.ZERO, Duration.ofDays(9), false)).as("0 = never").isFalse();
    }
}
