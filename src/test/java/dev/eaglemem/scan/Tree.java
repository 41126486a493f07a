package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/** A project tree written by a test: files from path/content pairs, optionally a real git repository. */
final class Tree {

    final Path root;

    private Tree(Path root) {
        this.root = root;
    }

    static Tree at(Path dir) {
        try {
            return new Tree(Files.createDirectories(dir).toRealPath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes files: path, content, path, content… */
    Tree files(String... pairs) {
        for (int i = 0; i < pairs.length; i += 2) {
            write(pairs[i], pairs[i + 1].getBytes(StandardCharsets.UTF_8));
        }
        return this;
    }

    Tree write(String path, byte[] content) {
        try {
            Path p = root.resolve(path);
            Files.createDirectories(p.getParent());
            Files.write(p, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** git init with a local identity, then everything added and committed. */
    Tree gitCommitAll() {
        git("init", "-q", "-b", "main");
        git("config", "user.name", "Test");
        git("config", "user.email", "test@example.com");
        git("config", "commit.gpgsign", "false");
        git("add", "-A");
        git("commit", "-q", "-m", "fixture");
        return this;
    }

    void git(String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", root.toString()));
        argv.addAll(List.of(args));
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(argv).withTimeout(Duration.ofSeconds(30)));
        assertThat(r.ok()).as("git %s: %s", String.join(" ", args), r.err()).isTrue();
    }
}
