package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real git repository for lane tests: {@code <tmp>/work/shop} on main with one commit, driven by git itself. */
final class LaneRepo {

    final Path dir;

    LaneRepo(Path parent, String name) throws IOException {
        dir = Files.createDirectories(parent.resolve(name)).toRealPath();
        git(dir, "init", "-q", "-b", "main");
        commit(dir, "README.md", "shop\n");
    }

    /** git in {@code dir} with a fixed identity and no signing; fails the test when git fails. */
    static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                "-c", "commit.gpgsign=false", "-C", dir.toString()));
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

    static void commit(Path dir, String file, String content) throws IOException {
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, content);
        git(dir, "add", file);
        git(dir, "commit", "-q", "-m", "change " + file);
    }
}
