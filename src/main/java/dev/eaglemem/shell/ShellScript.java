package dev.eaglemem.shell;

import java.util.List;

/**
 * A shell command line split into the simple commands it runs (see {@link ShellWords#parse(String)}).
 *
 * @param commands every simple command, top-level ones and nested ones, in source order
 * @param plain true when the whole line is exactly one top-level simple command with no operators,
 *        redirections, substitutions, here-documents, comments, assignments or wrappers: the only shape
 *        that can be rewritten safely by putting a word in front of it
 */
public record ShellScript(List<SimpleCommand> commands, boolean plain) {

    public ShellScript {
        commands = List.copyOf(commands);
    }
}
