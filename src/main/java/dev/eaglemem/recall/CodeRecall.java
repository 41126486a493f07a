package dev.eaglemem.recall;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Tx;

/**
 * Which code chunks a prompt brings. A code base shares a word or two with almost any prompt ("order", "table",
 * "added"), so a chunk must earn its place: it has to contain at least half of the prompt's content words (two at
 * least), and one of them must be in what the chunk is called — its declaration's name, the words its identifiers
 * are made of, its path — not only somewhere in its body. A word counts by its first five letters found anywhere
 * in the lower-cased text ("retries" ~ "retry", "Checkout" ~ "checkout"): a cheap, slightly generous reading of what
 * the index's porter stemming matched.
 * <p>
 * By meaning (through serve), files are ranked rather than chunks: a file's own vector and its best chunk stand for it,
 * so a file cut into many similar chunks takes one place, not all of them, and the next place goes to the next file.
 */
final class CodeRecall {

    static final int CANDIDATES = 20;
    /** Chunks read by meaning to find the best files: enough to reach past one file's many similar chunks. */
    static final int MEANING_CANDIDATES = 12;
    /** Files whose own vector is closest, weighed even when none of their chunks is among the closest. */
    static final int FILE_CANDIDATES = 5;
    /** A file's own vector's share of its score by meaning; its best chunk has the rest. */
    static final float FILE_WEIGHT = 0.5f;

    private CodeRecall() {
    }

    static List<CodeHit> pick(List<CodeStore.Candidate> candidates, FtsQuery query, int limit) {
        List<Predicate<String>> terms = query.terms().stream().map(CodeRecall::stem).distinct().map(CodeRecall::finder)
                .toList();
        int needed = Math.max(2, (terms.size() + 1) / 2);
        if (terms.size() < 2) {
            return List.of();
        }
        List<CodeHit> out = new ArrayList<>();
        for (CodeStore.Candidate c : candidates) {
            String identity = c.identity().toLowerCase(Locale.ROOT);
            String text = c.text().toLowerCase(Locale.ROOT);
            long matched = terms.stream().filter(t -> t.test(identity) || t.test(text)).count();
            if (matched >= needed && terms.stream().anyMatch(t -> t.test(identity))) {
                out.add(c.hit());
                if (out.size() == limit) {
                    break;
                }
            }
        }
        return out;
    }

    /**
     * The chunks recall adds by meaning after the words' picks ({@code shown}), through serve: the files closest in
     * meaning, each shown by its best chunk, none of a file already shown, up to {@code limit}. A file's score mixes its own
     * vector (FileAbout) with its best chunk's, half and half, held to {@link Embedder#codeFileThreshold()}; a file without
     * a vector of its own yet (the embed job writes them after the chunks) is its best chunk, held to
     * {@link Embedder#codeThreshold()}. Candidates: the files of the chunks closest in meaning and the files whose own
     * vector is closest.
     */
    static List<CodeHit> byMeaning(Tx tx, CodeStore code, String project, SemanticIndex.Scores chunks,
            SemanticIndex.Scores files, Embedder model, List<CodeHit> shown, int limit) {
        return byMeaning(tx, code, project, chunks, files, model.codeFileThreshold(),
                model.codeThreshold() - model.codeFileThreshold(), shown, limit);
    }

    /** {@link #byMeaning(Tx, CodeStore, String, SemanticIndex.Scores, SemanticIndex.Scores, Embedder, List, int)} at a bar. */
    static List<CodeHit> byMeaning(Tx tx, CodeStore code, String project, SemanticIndex.Scores chunks,
            SemanticIndex.Scores files, float bar, float alone, List<CodeHit> shown, int limit) {
        if (limit <= 0) {
            return List.of();
        }
        List<Long> nearChunks = chunks.top(MEANING_CANDIDATES).stream().map(SemanticIndex.Hit::id).toList();
        List<Long> nearFiles = files.top(FILE_CANDIDATES).stream().map(SemanticIndex.Hit::id).toList();
        if (nearChunks.isEmpty()) {
            return List.of();
        }
        List<Long> ranked = rankFiles(code.chunksOfFiles(tx, nearChunks, nearFiles, project),
                id -> chunks.of("code", id), id -> files.of("code", id), bar, alone);
        Set<String> seen = new HashSet<>();
        shown.forEach(h -> seen.add(h.path()));
        List<CodeHit> out = new ArrayList<>();
        for (CodeHit h : code.hits(tx, ranked, project)) {
            if (seen.add(h.path())) {
                out.add(h);
                if (out.size() == limit) {
                    break;
                }
            }
        }
        return out;
    }

    /**
     * Each file's best chunk, best file first, for the files at or above {@code bar}: a file's score is its own vector's
     * similarity and its best chunk's, half each; without a vector of its own, its best chunk's less {@code alone} (so it
     * meets the chunks' own, higher bar).
     */
    static List<Long> rankFiles(List<CodeStore.FileChunk> chunks, Function<Long, Optional<Float>> chunkSimilarity,
            Function<Long, Optional<Float>> fileSimilarity, float bar, float alone) {
        record Best(long chunk, float similarity) {
        }
        Map<Long, Best> best = new LinkedHashMap<>();
        for (CodeStore.FileChunk c : chunks) {
            chunkSimilarity.apply(c.chunk()).ifPresent(s -> best.merge(c.file(), new Best(c.chunk(), s),
                    (a, b) -> b.similarity() > a.similarity() ? b : a));
        }
        Map<Long, Float> score = new HashMap<>();
        best.forEach((file, b) -> score.put(file, fileSimilarity.apply(file)
                .map(f -> FILE_WEIGHT * f + (1 - FILE_WEIGHT) * b.similarity()).orElse(b.similarity() - alone)));
        return score.entrySet().stream().filter(e -> e.getValue() >= bar)
                .sorted(Map.Entry.<Long, Float>comparingByValue().reversed()).map(e -> best.get(e.getKey()).chunk())
                .toList();
    }

    /**
     * What prompt recall shows of the code: the words' picks, and in the places they leave the files closest in meaning
     * ({@code byMeaning}: given what is shown and how many places are left). When the words filled every place, their
     * last pick gives way to the file closest in meaning, if one reaches its bar: a weak words pick (two common words in
     * a chunk's name and body) is wrong more often than a file that close in meaning (bench/recall/code-results.md).
     */
    static List<CodeHit> shown(List<CodeHit> byWords, BiFunction<List<CodeHit>, Integer, List<CodeHit>> byMeaning,
            int limit) {
        List<CodeHit> kept = byWords.size() >= limit ? byWords.subList(0, limit - 1) : byWords;
        List<CodeHit> close = byMeaning.apply(kept, limit - kept.size());
        if (close.isEmpty()) {
            return byWords;
        }
        List<CodeHit> out = new ArrayList<>(kept);
        out.addAll(close);
        return out;
    }

    /** A stem of four letters or more is looked for anywhere; a shorter one ("ui", "db", "css") only as a whole word. */
    private static Predicate<String> finder(String stem) {
        if (stem.length() >= 4) {
            return hay -> hay.contains(stem);
        }
        Pattern word = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(stem) + "(?![\\p{L}\\p{N}])");
        return hay -> word.matcher(hay).find();
    }

    static String stem(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.length() > 5 ? w.substring(0, 5) : w;
    }
}
