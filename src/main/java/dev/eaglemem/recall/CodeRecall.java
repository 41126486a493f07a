package dev.eaglemem.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;

/**
 * Which code chunks a prompt brings. A code base shares a word or two with almost any prompt ("order", "table",
 * "added"), so a chunk must earn its place: it has to contain at least half of the prompt's content words (two at
 * least), and one of them must be in what the chunk is called — its declaration's name, the words its identifiers
 * are made of, its path — not only somewhere in its body. A word counts by its first five letters found anywhere
 * in the lower-cased text ("retries" ~ "retry", "Checkout" ~ "checkout"): a cheap, slightly generous reading of what
 * the index's porter stemming matched.
 */
final class CodeRecall {

    static final int CANDIDATES = 20;

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
