package dev.eaglemem.recall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Fits context into a character budget by dropping whole sections, lowest priority first, keeping
 * the order they were given in. The header and footer are never dropped. Should one remaining
 * section still not fit, it is cut at a line boundary: the budget is a hard cap (Claude Code turns
 * anything over ~10 KB into a 2 KB preview).
 */
final class ContextBudget {

    record Fitted(String text, int sectionsTrimmed, List<Section> kept, List<String> trimmedTitles) {
    }

    private ContextBudget() {
    }

    static Fitted fit(String header, List<Section> sections, String footer, int cap, Renderer renderer) {
        List<Section> kept = new ArrayList<>(sections);
        List<String> trimmed = new ArrayList<>();
        while (length(header, kept, footer, renderer) > cap && !kept.isEmpty()) {
            Section dropped = kept.stream().min(Comparator.comparingInt(Section::priority)).orElseThrow();
            kept.remove(dropped);
            trimmed.add(dropped.title());
        }
        String text = join(header, kept, footer, renderer);
        if (text.length() > cap) {
            text = cutAtLine(text, cap);
        }
        return new Fitted(text, trimmed.size(), List.copyOf(kept), List.copyOf(trimmed));
    }

    /** How a section is printed; differs between the rich and compact styles. */
    interface Renderer {
        String render(Section section);
    }

    private static int length(String header, List<Section> kept, String footer, Renderer renderer) {
        return join(header, kept, footer, renderer).length();
    }

    private static String join(String header, List<Section> kept, String footer, Renderer renderer) {
        StringBuilder out = new StringBuilder(header);
        for (Section s : kept) {
            out.append("\n\n").append(renderer.render(s));
        }
        if (!footer.isEmpty()) {
            out.append("\n\n").append(footer);
        }
        return out.toString();
    }

    static String cutAtLine(String text, int cap) {
        if (text.length() <= cap) {
            return text;
        }
        int newline = text.lastIndexOf('\n', cap - 1);
        return newline > cap / 2 ? text.substring(0, newline) : text.substring(0, cap - 1) + "…";
    }
}
