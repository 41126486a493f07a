package dev.eaglemem.anchor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.gate.TestRepo;

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
        return TestRepo.gitIn(dir, args);
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
