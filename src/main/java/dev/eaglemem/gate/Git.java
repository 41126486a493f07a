package dev.eaglemem.gate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs {@code git} in a directory; a missing git, a failure or a time-out is an exit code, never an exception. */
final class Git {

    record Run(int exit, String out, String err) {

        boolean ok() {
            return exit == 0;
        }

        List<String> lines() {
            return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        }
    }

    private static final long TIMEOUT_SECONDS = 30;

    private final Path dir;

    Git(Path dir) {
        this.dir = dir;
    }

    Run run(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Run(124, "", "git " + String.join(" ", args) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Run(p.exitValue(), out.join(), err.join().strip());
        } catch (IOException e) {
            return new Run(127, "", "cannot run git: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Run(130, "", "interrupted");
        }
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
