/**
 * How stored records are shown: one-line snippets for listings and injected context, and the one JSON shape
 * (snake_case, lower-case enums) that the CLI's {@code --json} and serve's HTTP API both print; times for people
 * (the user's zone, labelled; JSON keeps UTC); and the "did you mean" of every error about a mistyped name.
 */
package dev.eaglemem.format;
