package dev.eaglemem.embed;

import java.time.Clock;

import dev.eaglemem.TestServices;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.VectorStore;

/** A semantic index whose model never loads: recall stays lexical, as in a hook's own JVM. */
public final class NoModel {

    private NoModel() {
    }

    /** Search by words only, with default settings. */
    public static SearchService search(Db db) {
        return TestServices.on(db, Clock.systemUTC()).search();
    }

    public static SemanticIndex index(Db db) {
        return new SemanticIndex(db, new VectorStore(), () -> {
            throw new IllegalStateException("no model in this test");
        });
    }
}
