package dev.eaglemem.feature;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import dev.eaglemem.store.SmokeResult;

/**
 * Runs one smoke-test command through {@code sh -c} in the project root, streaming its combined output
 * line by line. Smoke tests are shell commands by nature (pipes, {@code &&}, env prefixes), so this is
 * the one place a shell string is intended; the user wrote it with {@code feature add --smoke}.
 */
final class SmokeRunner {

    private SmokeRunner() {
    }

    static SmokeResult run(Path root, String command, PrintWriter out) {
        long start = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", command)).directory(root.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        // a smoke test that starts an agent must not recurse into our hooks
        pb.environment().put("EAGLE_MEM_DISABLE_HOOKS", "1");
        int exit;
        try {
            Process p = pb.start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.println("  " + line);
                    out.flush();
                }
            }
            exit = p.waitFor();
        } catch (IOException e) {
            out.println("  cannot run: " + e.getMessage());
            exit = -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exit = -1;
        }
        return new SmokeResult(command, exit, (System.nanoTime() - start) / 1_000_000);
    }
}
