/**
 * The picocli commands: each parses its options, calls one service and renders the result as text or,
 * with {@code --json}, as the one JSON shape ({@link dev.eaglemem.format.JsonOutput}). No business logic here;
 * {@link dev.eaglemem.cli.CliErrors} is the one handler that maps errors to exit codes and a runnable fix.
 */
package dev.eaglemem.cli;
