package dev.eaglemem.gate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real git repository in a temporary directory, driven by the git command line. */
public final class TestRepo {

    final Path dir;

    TestRepo(Path dir) throws IOException {
        this.dir = Files.createDirectories(dir).toRealPath();
        git("init", "-q", "-b", "main");
    }

    String git(String... args) {
        return gitIn(dir, args);
    }

    /** git in {@code dir} with a fixed identity, no signing, and file:// clones allowed (shallow-clone tests use them). */
    public static String gitIn(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                "-c", "commit.gpgsign=false", "-c", "protocol.file.allow=always", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed: " + out);
            }
            return out.strip();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    String commit(String file, String content) throws IOException {
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, content);
        git("add", file);
        git("commit", "-q", "-m", "change " + file);
        return git("rev-parse", "HEAD");
    }
}
