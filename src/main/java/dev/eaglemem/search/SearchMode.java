package dev.eaglemem.search;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Similar;

/**
 * How search finds records: by their words (BM25), by their meaning (the embedding model), or both. Prompts have no
 * vectors, so they are found by words in every mode.
 */
public enum SearchMode {
    LEXICAL, SEMANTIC, HYBRID;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null or blank: empty (the default: hybrid when vectors exist). Accepts "words"/"meaning"/"both" too. */
    public static Optional<SearchMode> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        return Optional.of(switch (t) {
            case "lexical", "words", "bm25", "fts" -> LEXICAL;
            case "semantic", "meaning", "vector", "vectors" -> SEMANTIC;
            case "hybrid", "both" -> HYBRID;
            default -> throw EagleException.invalidInput("unknown --mode '" + text + "'"
                    + Similar.hint(t, Arrays.stream(values()).map(SearchMode::id).toList())
                    + ": --mode takes lexical, semantic or hybrid", "eagle-mem search --mode hybrid <words>");
        });
    }
}
