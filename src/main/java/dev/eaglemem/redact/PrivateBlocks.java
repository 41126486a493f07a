package dev.eaglemem.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code <private>…</private>}: the user's way of saying "never store this". Matching is fail-safe: tags nest, an
 * unclosed opening tag hides everything after it, and removal is repeated until no opening tag is left, because
 * cutting a block out can join the halves of a tag that was split around it ({@code <priv<private>x</private>ate>}).
 */
final class PrivateBlocks {

    // Attributes are tolerated but bounded; "<private" glued to other text (e.g. "<privateKey>") is not a tag.
    private static final Pattern TAG = Pattern.compile("<(/?)private(?:\\s[^<>]{0,200})?>", Pattern.CASE_INSENSITIVE);

    private PrivateBlocks() {
    }

    static String strip(String text) {
        return text == null ? null : find(text).visible();
    }

    static StrippedText find(String text) {
        StrippedText current = StrippedText.of(text, List.of());
        while (true) {
            List<Finding> found = findOnce(current.visible());
            if (found.isEmpty()) {
                return current;
            }
            List<Finding> all = new ArrayList<>(current.removed());
            for (Finding block : found) {
                all.add(current.toOriginal(block));
            }
            current = StrippedText.of(text, union(all));
        }
    }

    private static List<Finding> findOnce(String text) {
        if (text.indexOf('<') < 0) {
            return List.of();
        }
        List<Finding> blocks = new ArrayList<>();
        Matcher m = TAG.matcher(text);
        int depth = 0;
        int openedAt = 0;
        while (m.find()) {
            boolean closing = !m.group(1).isEmpty();
            if (!closing) {
                if (depth++ == 0) {
                    openedAt = m.start();
                }
            } else if (depth > 0 && --depth == 0) {
                blocks.add(new Finding(Finding.PRIVATE_BLOCK, openedAt, m.end()));
            }
            // A closing tag with nothing open is left alone: there is nothing it could be hiding.
        }
        if (depth > 0) {
            blocks.add(new Finding(Finding.PRIVATE_BLOCK, openedAt, text.length()));
        }
        return blocks;
    }

    private static List<Finding> union(List<Finding> spans) {
        List<Finding> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingInt(Finding::start));
        List<Finding> merged = new ArrayList<>();
        for (Finding next : sorted) {
            Finding last = merged.isEmpty() ? null : merged.getLast();
            if (last != null && next.start() <= last.end()) {
                merged.set(merged.size() - 1,
                        new Finding(Finding.PRIVATE_BLOCK, last.start(), Math.max(last.end(), next.end())));
            } else {
                merged.add(next);
            }
        }
        return merged;
    }
}
