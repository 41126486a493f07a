package dev.eaglemem.cli;

import java.util.List;

import picocli.CommandLine.Option;

/** Options shared by feature add and feature update. */
public class FeatureOptions {

    /** The help of the NAME parameter of the feature commands that take an existing feature. */
    static final String NAME_HELP = "The feature's name (feature list shows them).";

    @Option(names = { "-d", "--description" }, paramLabel = "TEXT", description = "What the feature does.")
    String description;

    @Option(names = { "-s", "--smoke" }, paramLabel = "CMD",
            description = "A smoke-test command, run with sh -c in the project root (repeatable; order kept).")
    List<String> smoke;
}
