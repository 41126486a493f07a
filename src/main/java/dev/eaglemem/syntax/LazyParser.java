package dev.eaglemem.syntax;

/**
 * A {@link SourceParser} made on first use, once, by whichever thread gets there first: loading the grammars costs,
 * and most processes (a hook, a CLI command) never parse anything.
 */
public final class LazyParser implements AutoCloseable {

    private volatile SourceParser parser;

    public SourceParser get() {
        SourceParser p = parser;
        if (p == null) {
            synchronized (this) {
                if (parser == null) {
                    parser = new SourceParser();
                }
                p = parser;
            }
        }
        return p;
    }

    @Override
    public void close() {
        SourceParser p = parser;
        if (p != null) {
            p.close();
        }
    }
}
