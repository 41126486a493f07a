package dev.eaglemem.feature;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Tells a smoke test that passed from one that ran no test at all — {@code node --test} finding no file, a test
 * filter that matches nothing, {@code jest --passWithNoTests}: all exit 0 and would verify a feature nothing checked.
 * Read from the output of the common runners (node, jest, vitest, mocha, pytest, go, cargo, Maven, Gradle, RSpec,
 * PHPUnit, dotnet): a line saying none ran, and no line saying some did. A runner this does not know passes as
 * before.
 */
final class NoTests {

    /** Each runner's own words for "nothing ran". */
    private static final List<Pattern> NONE = List.of(
            Pattern.compile("^(?:#|ℹ)\\s*tests 0\\s*$"), // node --test (TAP and spec reporters)
            Pattern.compile("\\bNo tests? (?:files? )?found\\b", Pattern.CASE_INSENSITIVE), // jest, vitest, gradle
            Pattern.compile("^\\s*0 passing\\b"), // mocha
            Pattern.compile("\\bno tests ran\\b"), // pytest
            Pattern.compile("\\[no test files\\]|\\bno tests to run\\b", Pattern.CASE_INSENSITIVE), // go, maven
            Pattern.compile("^running 0 tests\\s*$"), // cargo
            Pattern.compile("\\bTests run: 0, Failures: 0\\b"), // maven surefire
            Pattern.compile("^\\s*0 examples, 0 failures\\b"), // rspec
            Pattern.compile("\\bNo tests executed\\b"), // phpunit
            Pattern.compile("\\bNo test is available\\b")); // dotnet test

    /** Words that mean some test did run: one of these outweighs any "none" line (cargo's doc-tests say 0). */
    private static final List<Pattern> SOME = List.of(
            Pattern.compile("^(?:#|ℹ)\\s*tests [1-9]\\d*\\s*$"),
            Pattern.compile("^running [1-9]\\d* tests?\\s*$"),
            Pattern.compile("\\bTests run: [1-9]\\d*"),
            Pattern.compile("^\\s*[1-9]\\d* (?:passing|examples?)\\b"),
            Pattern.compile("\\b[1-9]\\d* (?:passed|failed)\\b"),
            Pattern.compile("^Tests:\\s+.*\\b[1-9]\\d* total\\b"),
            Pattern.compile("^ok\\s+\\S+\\s+[\\d.]+s\\s*$"),
            Pattern.compile("^--- (?:PASS|FAIL):"));

    private boolean none;
    private boolean some;
    private String said;

    /** Reads one line of the command's output (lines longer than a runner's summary are not looked at). */
    void line(String line) {
        if (line == null || line.length() > 400 || some) {
            return;
        }
        if (SOME.stream().anyMatch(p -> p.matcher(line).find())) {
            some = true;
            return;
        }
        if (!none && NONE.stream().anyMatch(p -> p.matcher(line).find())) {
            none = true;
            said = line.strip();
        }
    }

    /** The runner's line that says no test ran, when none did. */
    Optional<String> verdict() {
        return none && !some ? Optional.of(said) : Optional.empty();
    }
}
