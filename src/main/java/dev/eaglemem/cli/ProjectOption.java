package dev.eaglemem.cli;

import picocli.CommandLine.Option;

/**
 * {@code -p/--project KEY}: act on that project instead of the working directory's. Declared once so that
 * every command's --help names, labels and describes it alike; {@link #key} is null when it is not given.
 */
public class ProjectOption {

    @Option(names = { "-p", "--project" }, paramLabel = "KEY",
            description = "Project key (default: the working directory's project).")
    String key;
}
