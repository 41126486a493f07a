package dev.eaglemem.cli;

import picocli.CommandLine.Option;

/** {@code --json}: one compact JSON document on stdout instead of the human rendering. */
public class OutputMixin {

    @Option(names = "--json", description = "Print one compact JSON document (fields: docs/json.md).")
    boolean json;
}
