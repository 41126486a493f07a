package dev.eaglemem.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import dev.eaglemem.store.MemoryDetails;
import picocli.CommandLine.Option;

/** Content options shared by {@code memories add} and {@code memories update}. */
public class MemoryOptions {

    @Option(names = { "-t", "--title" }, paramLabel = "TEXT", description = "One-line title (default: the content's first line).")
    String title;

    @Option(names = { "-c", "--content" }, paramLabel = "TEXT", description = "The memory; '-' reads standard input.")
    String content;

    @Option(names = "--topic", paramLabel = "KEY",
            description = "Topic key such as architecture/storage: a later add with the same key updates this memory.")
    String topic;

    @Option(names = "--situation", paramLabel = "TEXT", description = "feedback/fact: when this applies.")
    String situation;

    @Option(names = "--behavior", paramLabel = "TEXT", description = "feedback: what happened or was done.")
    String behavior;

    @Option(names = "--impact", paramLabel = "TEXT", description = "feedback: why it mattered.")
    String impact;

    @Option(names = "--action", paramLabel = "TEXT", description = "feedback: what to do next time.")
    String action;

    @Option(names = "--subject", paramLabel = "TEXT", description = "fact: what it is about.")
    String subject;

    @Option(names = "--predicate", paramLabel = "TEXT", description = "fact: the relation (e.g. 'runs on').")
    String predicate;

    @Option(names = "--object", paramLabel = "TEXT", description = "fact: the value (e.g. 'PostgreSQL 16').")
    String object;

    MemoryDetails details() {
        return new MemoryDetails(situation, behavior, impact, action, subject, predicate, object);
    }

    /** The content, reading standard input for '-'. */
    String content() {
        if (!"-".equals(content)) {
            return content;
        }
        try {
            return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the content from standard input", e);
        }
    }
}
