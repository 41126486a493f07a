package dev.eaglemem.store;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real temp-file database with the real migrations, and the warnings it logged. */
public final class TestDb implements AutoCloseable {

    public final Db db;
    public final List<String> warnings = new CopyOnWriteArrayList<>();

    private TestDb(Path file, int busyTimeoutMs, int retries) {
        this.db = new Db(new Db.Options(file, busyTimeoutMs, retries, 4, warnings::add));
    }

    public static TestDb in(Path dir) {
        return new TestDb(dir.resolve("memory.db"), 5000, 4);
    }

    public static TestDb in(Path dir, int busyTimeoutMs, int retries) {
        return new TestDb(dir.resolve("memory.db"), busyTimeoutMs, retries);
    }

    @Override
    public void close() {
        db.close();
    }
}
