package dev.eaglemem.capture;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.SummaryFields;

/**
 * Builds a session summary from what the session did, with no model call: the first prompt, the
 * files its tool calls read and changed, and the agent's final message — including explicit
 * "Decision: …", "Gotcha: …", "Learned: …" and "Next: …" notes, which also become memories.
 * Works the same for both agents because it reads eagle-mem's own observations, not transcripts.
 */
final class SummaryExtractor {

    /** What one turn left behind. Texts are already redacted. */
    record Extracted(SummaryFields fields, List<String> decisions, List<String> gotchas) {
    }

    private static final int MAX_FILES = 20;
    private static final int MAX_KEY_FILES = 10;
    private static final int MAX_NOTE = 300;
    private static final int MAX_NOTES = 10;
    // A note keyword at the start of a line (after bullets/quotes/bold) or of a sentence. Possessive: what precedes a
    // keyword or colon can never be part of it, and backtracking through a line of "****…" took a minute for 64 KB.
    private static final Pattern NOTE = Pattern.compile(
            "(?im)(?:^|(?<=[.!?;]\\s))[ \\t>*•-]*+(decisions?|decided|gotchas?|learned|lessons?|next steps?|next|todo)"
                    + "\\**+[ \\t]*+:\\**+[ \\t]*+");

    private SummaryExtractor() {
    }

    static Extracted extract(String firstPrompt, String lastMessage, List<ObservationRow> observations) {
        Notes notes = notes(lastMessage);
        List<String> read = distinct(observations.stream().flatMap(o -> o.filesRead().stream()).toList(), MAX_FILES);
        List<String> modified = distinct(observations.stream().flatMap(o -> o.filesModified().stream()).toList(), MAX_FILES);
        List<String> keyFiles = modified.isEmpty() ? distinct(read, 5) : distinct(modified, MAX_KEY_FILES);
        String completed = notes.rest().isBlank() ? activity(observations, read, modified)
                : cut(firstParagraph(notes.rest()), 500);
        SummaryFields fields = new SummaryFields(cut(firstPrompt, 300), null, lines(notes.learned()), completed,
                lines(notes.decisions()), lines(notes.gotchas()), lines(notes.next()), null, keyFiles, read, modified);
        return new Extracted(fields, notes.decisions(), notes.gotchas());
    }

    record Notes(List<String> decisions, List<String> gotchas, List<String> learned, List<String> next, String rest) {
    }

    static Notes notes(String message) {
        List<String> decisions = new ArrayList<>();
        List<String> gotchas = new ArrayList<>();
        List<String> learned = new ArrayList<>();
        List<String> next = new ArrayList<>();
        if (message == null || message.isBlank()) {
            return new Notes(decisions, gotchas, learned, next, "");
        }
        StringBuilder rest = new StringBuilder();
        Matcher m = NOTE.matcher(message);
        int cursor = 0;
        while (m.find(cursor)) {
            rest.append(message, cursor, m.start());
            int end = noteEnd(message, m.end());
            String text = clean(message.substring(m.end(), end));
            if (!text.isEmpty()) {
                bucket(m.group(1), decisions, gotchas, learned, next).add(cut(text, MAX_NOTE));
            }
            cursor = end;
        }
        rest.append(message.substring(cursor));
        return new Notes(limit(decisions), limit(gotchas), limit(learned), limit(next), rest.toString().strip());
    }

    /** A note runs to the end of its line or to the next note keyword on the same line. */
    private static int noteEnd(String message, int from) {
        int newline = message.indexOf('\n', from);
        int lineEnd = newline < 0 ? message.length() : newline;
        Matcher next = NOTE.matcher(message).region(from, lineEnd);
        next.useTransparentBounds(true).useAnchoringBounds(false);
        return next.find() ? next.start() : lineEnd;
    }

    private static List<String> bucket(String keyword, List<String> decisions, List<String> gotchas,
            List<String> learned, List<String> next) {
        String k = keyword.toLowerCase(Locale.ROOT);
        if (k.startsWith("decision") || k.equals("decided")) {
            return decisions;
        }
        if (k.startsWith("gotcha")) {
            return gotchas;
        }
        return k.equals("learned") || k.startsWith("lesson") ? learned : next;
    }

    private static String clean(String text) {
        return text.replaceAll("\\*\\*", "").replaceAll("\\s+", " ").strip();
    }

    private static List<String> limit(List<String> notes) {
        return List.copyOf(distinct(notes, MAX_NOTES));
    }

    private static String activity(List<ObservationRow> observations, List<String> read, List<String> modified) {
        if (!modified.isEmpty()) {
            return "Modified " + modified.size() + " file(s): "
                    + String.join(", ", modified.subList(0, Math.min(5, modified.size())));
        }
        long commands = observations.stream().filter(o -> o.command() != null).count();
        if (!read.isEmpty()) {
            return "Reviewed " + read.size() + " file(s): " + String.join(", ", read.subList(0, Math.min(5, read.size())));
        }
        return commands > 0 ? "Ran " + commands + " command(s)" : null;
    }

    /**
     * The first paragraph, without a label the agent put in front of it ("Summary:", "**Done**:", "## Summary"):
     * it is shown after "Completed:", where a second label only repeats itself.
     */
    static String firstParagraph(String text) {
        int blank = text.indexOf("\n\n");
        String paragraph = (blank < 0 ? text : text.substring(0, blank)).replaceAll("\\s+", " ").strip();
        return LEADING_LABEL.matcher(paragraph).replaceFirst("").strip();
    }

    private static final Pattern LEADING_LABEL = Pattern.compile("^(?:#+\\s*(?:summary|done|completed|result)\\b\\s*[:—-]?"
            + "|[*_]{0,2}(?:summary|done|completed|what i did|result)[*_]{0,2}\\s*[:—-][*_]{0,2})\\s*(?=\\S)",
            Pattern.CASE_INSENSITIVE);

    static String lines(List<String> items) {
        return items.isEmpty() ? null : String.join("\n", items);
    }

    static List<String> distinct(List<String> items, int max) {
        Set<String> out = new LinkedHashSet<>();
        for (String item : items) {
            if (item != null && !item.isBlank() && out.size() < max) {
                out.add(item.strip());
            }
        }
        return List.copyOf(out);
    }

    static String cut(String text, int max) {
        if (text == null || text.isBlank()) {
            return null;
        }
        return Snippets.cut(text.strip(), max);
    }
}
