package dev.eaglemem.store;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store test on a real file with the real migrations, fresh for each test: {@code t} is open before a subclass's own
 * {@code @BeforeEach} runs (JUnit runs a superclass's first) and closed after each test.
 */
abstract class TempDbTest {

    @TempDir
    protected Path dir;

    protected TestDb t;

    @BeforeEach
    final void openTempDb() {
        t = TestDb.in(dir);
    }

    @AfterEach
    final void closeTempDb() {
        t.close();
    }
}
