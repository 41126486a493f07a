/**
 * Shell command analysis as pure functions: a POSIX shell-word tokenizer, simple commands with their wrappers
 * ({@code sudo}, {@code env}, {@code timeout} …) peeled off, and release-boundary detection ({@code git push},
 * publish and deploy commands). No database, no processes.
 */
package dev.eaglemem.shell;
