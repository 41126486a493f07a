package dev.eaglemem.embed;

import java.nio.file.Path;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.VectorStore;

/** A semantic index whose model never loads: recall stays lexical, as in a hook's own JVM. */
public final class NoModel {

    private NoModel() {
    }

    /** Search by words only, with default settings. */
    public static SearchService search(Db db) {
        return new SearchService(db, new SearchStore(), index(db), new VectorStore(),
                new Settings(EagleConfig.defaults(Path.of("/nonexistent/config.toml"))));
    }

    public static SemanticIndex index(Db db) {
        return new SemanticIndex(db, new VectorStore(), () -> {
            throw new IllegalStateException("no model in this test");
        });
    }
}
