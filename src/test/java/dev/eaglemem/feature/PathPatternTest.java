package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Path-boundary matching of feature file patterns, including the monorepo look-alikes. */
class PathPatternTest {

    @ParameterizedTest(name = "{0} ~ {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            src/cart.ts            | src/cart.ts                 | true
            src/cart.ts            | lib/src/cart.ts             | false
            src/cart.ts            | lib/src/cart.ts.bak         | false
            src/cart.ts            | src/cart.ts.bak             | false
            src/cart.ts            | src/cart.tsx                | false
            src/cart.ts            | src/cart                    | false
            src/cart.ts            | src                         | false
            ./src/cart.ts          | src/cart.ts                 | true
            src//cart.ts           | src/cart.ts                 | true
            src                    | src/cart.ts                 | true
            src                    | src/deep/nested/file.go     | true
            src/                   | src/cart.ts                 | true
            src                    | srcs/cart.ts                | false
            src                    | lib/src/cart.ts             | false
            packages/api           | packages/api/src/cart.ts    | true
            packages/api           | packages/api-v2/src/cart.ts | false
            packages/api           | packages/web/api/cart.ts    | false
            *.ts                   | cart.ts                     | true
            *.ts                   | src/cart.ts                 | false
            src/*.ts               | src/cart.ts                 | true
            src/*.ts               | src/cart.tsx                | false
            src/*.ts               | src/sub/cart.ts             | false
            src/*                  | src/sub/cart.ts             | true
            **/*.ts                | cart.ts                     | true
            **/*.ts                | a/b/c/cart.ts               | true
            **/*.ts                | a/b/c/cart.tsx              | false
            src/**/cart.ts         | src/cart.ts                 | true
            src/**/cart.ts         | src/a/b/cart.ts             | true
            src/**/cart.ts         | lib/src/a/cart.ts           | false
            src/**                 | src/a/b.ts                  | true
            src/**                 | srcx/a.ts                   | false
            **                     | anything/at/all.txt         | true
            **/cart.ts             | packages/web/cart.ts        | true
            **/cart.ts             | packages/web/cart.ts.bak    | false
            packages/*/src         | packages/web/src/app.ts     | true
            packages/*/src         | packages/web/lib/app.ts     | false
            src/cart.?s            | src/cart.ts                 | true
            src/cart.?s            | src/cart.tsx                | false
            src/[ab].ts            | src/[ab].ts                 | true
            src/[ab].ts            | src/a.ts                    | false
            src/a+b.ts             | src/a+b.ts                  | true
            src/a+b.ts             | src/aab.ts                  | false
            src/*.test.ts          | src/cart.test.ts            | true
            src/*.test.ts          | src/cart.ts                 | false
            """)
    void matchesAtPathBoundaries(String pattern, String file, boolean expected) {
        assertThat(PathPattern.of(pattern).matches(file)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "  ", "/etc/passwd", "../other/file", "src/../../x", ".", "./" })
    void rejectsPatternsThatAreNotInsideTheProject(String pattern) {
        assertThatThrownBy(() -> PathPattern.of(pattern)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ./src/cart.ts  | src/cart.ts
            src/           | src
            src//a/./b.ts  | src/a/b.ts
            src\\win.ts    | src/win.ts
            """)
    void normalizesToTheStoredForm(String pattern, String stored) {
        assertThat(PathPattern.normalize(pattern)).isEqualTo(stored);
    }

    @ParameterizedTest
    @ValueSource(strings = { "src/*.ts", "**", "a/?.ts" })
    void knowsAGlobFromAPlainPath(String glob) {
        assertThat(PathPattern.of(glob).isGlob()).isTrue();
        assertThat(PathPattern.of("src/cart.ts").isGlob()).isFalse();
    }
}
