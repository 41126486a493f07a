package dev.eaglemem.feature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real git repository in a temp directory, driven through the git CLI with a fixed identity. */
public final class TempRepo {

    public final Path root;

    public TempRepo(Path dir) {
        try {
            this.root = Files.createDirectories(dir).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        git("init", "-q", "-b", "main");
    }

    public TempRepo write(String file, String content) {
        try {
            Path p = root.resolve(file);
            Files.createDirectories(p.getParent());
            Files.writeString(p, content, StandardCharsets.UTF_8);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public TempRepo commitAll(String message) {
        git("add", "-A");
        git("commit", "-q", "-m", message);
        return this;
    }

    public String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString(), "-c", "user.name=test",
                "-c", "user.email=test@local", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed: " + out);
            }
            return out.strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
