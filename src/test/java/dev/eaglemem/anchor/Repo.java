package dev.eaglemem.anchor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A real git repository in a temporary directory, driven by the git command line. */
final class Repo {

    final Path dir;

    Repo(Path dir) throws IOException {
        this(dir, true);
    }

    private Repo(Path dir, boolean init) throws IOException {
        this.dir = Files.createDirectories(dir).toRealPath();
        if (init) {
            git("init", "-q", "-b", "main");
        }
    }

    /** A clone of {@code origin} (git clone ARGS… origin dir), e.g. a shallow one. */
    static Repo cloneOf(Repo origin, Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("clone", "-q"));
        command.addAll(List.of(args));
        command.add("file://" + origin.dir);
        command.add(dir.toString());
        gitIn(origin.dir.getParent(), command.toArray(String[]::new));
        return new Repo(dir, false);
    }

    /** An existing checkout (a linked worktree) driven like a repository. */
    static Repo at(Path dir) throws IOException {
        return new Repo(dir, false);
    }

    String git(String... args) {
        return gitIn(dir, args);
    }

    static String gitIn(Path dir, String... args) {
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

    void write(String file, String content) throws IOException {
        Path path = dir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, content);
    }

    /** Writes and commits one file; returns the new HEAD. */
    String commit(String file, String content, String subject) throws IOException {
        write(file, content);
        git("add", file);
        git("commit", "-q", "-m", subject);
        return head();
    }

    String commitAll(String subject) {
        git("add", "-A");
        git("commit", "-q", "-m", subject);
        return head();
    }

    String head() {
        return git("rev-parse", "HEAD");
    }

    String shortHead() {
        return git("rev-parse", "--short=7", "HEAD");
    }
}
