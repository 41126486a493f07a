package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 24: a smoke test that exits 0 having run no test must not verify a feature. */
class NoTestsTest {

    private static NoTests read(String output) {
        NoTests n = new NoTests();
        output.lines().forEach(n::line);
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "TAP version 13\n# tests 0\n# suites 0\n# pass 0\n# fail 0",
            "ℹ tests 0\nℹ suites 0\nℹ pass 0",
            "No tests found, exiting with code 0",
            "No test files found, exiting with code 0",
            "\n  0 passing (1ms)\n",
            "?   \texample.com/shop\t[no test files]",
            "testing: warning: no tests to run\nPASS\nok  \texample.com/shop\t0.002s [no tests to run]",
            "running 0 tests\n\ntest result: ok. 0 passed; 0 failed",
            "[INFO] Tests run: 0, Failures: 0, Errors: 0, Skipped: 0",
            "0 examples, 0 failures",
            "No tests executed!",
            "============================ no tests ran in 0.01s =============================",
    })
    void runnersThatRanNothingAreCaught(String output) {
        assertThat(read(output).verdict()).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "TAP version 13\n# tests 3\n# pass 3",
            "ℹ tests 12\nℹ pass 12",
            "Tests:       4 passed, 4 total",
            "  5 passing (20ms)",
            "ok  \texample.com/shop\t0.012s",
            "running 0 tests\nrunning 2 tests\ntest a ... ok\ntest b ... ok\n\ntest result: ok. 2 passed; 0 failed",
            "[INFO] Tests run: 7, Failures: 0, Errors: 0, Skipped: 0",
            "=================== 3 passed in 0.10s ===================",
            "all good",
            "",
    })
    void runnersThatRanSomethingOrSaidNothingPassAsBefore(String output) {
        assertThat(read(output).verdict()).isEmpty();
    }

    @Test
    void theVerdictQuotesTheRunnersOwnLine() {
        assertThat(read(String.join("\n", List.of("> shop@1.0.0 test", "> node --test", "# tests 0", "# pass 0"))).verdict())
                .contains("# tests 0");
    }
}
