package dev.eaglemem.portable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The conventions of engram's free text, read for an import: a memory's "**Where**: files" line, and the markdown
 * of an end-of-session summary (mem_session_summary asks for the sections Goal, Instructions, Discoveries,
 * Accomplished with ✅ done and 🔲 open items, and Relevant Files). Text that follows no convention is kept whole.
 */
final class EngramText {

    private static final Pattern WHERE = Pattern.compile("(?im)^\\s*(?:[-*]\\s*)?\\*\\*where\\*\\*\\s*:?\\s*(.*)$");
    private static final Pattern HEADING = Pattern.compile("^#{1,4}\\s+(.+?)\\s*:?\\s*$");
    private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+");
    /** What ends a path in "- src/cart.ts — totals": a dash or colon with spaces, or an opening parenthesis. */
    private static final Pattern AFTER_PATH = Pattern.compile("\\s+(?:[—–-]|:|\\().*$|:\\s.*$");
    private static final Pattern OPEN = Pattern.compile("🔲|⬜|☐|\\[ ]");
    private static final Pattern DONE = Pattern.compile("✅|✔️?|☑️?|\\[[xX]]");

    private EngramText() {
    }

    /** A session summary as eagle-mem's summary fields; blank fields are null. */
    record Summary(String request, String learned, String completed, String nextSteps, String notes, List<String> keyFiles) {
    }

    /** The files named on a "**Where**:" line (paths only: a description after a dash, or prose, is left out). */
    static List<String> whereFiles(String content) {
        if (content == null) {
            return List.of();
        }
        Set<String> files = new LinkedHashSet<>();
        Matcher m = WHERE.matcher(content);
        if (m.find()) {
            for (String part : m.group(1).split("[,;]")) {
                String path = path(part);
                if (path != null) {
                    files.add(path);
                }
            }
        }
        return List.copyOf(files);
    }

    /**
     * The markdown mem_session_summary asks for: Goal → request, Discoveries → learned, Accomplished → completed
     * (its 🔲 items → next_steps), Relevant Files → key_files; Instructions and any other section → notes, under
     * their heading. Text without any of those sections goes whole into completed when {@code plainIsCompleted}
     * (a session's end summary is "what was accomplished"), else into notes.
     */
    static Summary summary(String markdown, boolean plainIsCompleted) {
        String text = markdown == null ? "" : markdown.strip();
        List<String> request = new ArrayList<>();
        List<String> learned = new ArrayList<>();
        List<String> completed = new ArrayList<>();
        List<String> next = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<String> files = new LinkedHashSet<>();
        boolean known = false;
        String section = null;
        for (String line : text.lines().toList()) {
            Matcher h = HEADING.matcher(line.strip());
            if (h.matches()) {
                section = section(h.group(1));
                known |= !section.equals("other");
                if (section.equals("other") || section.equals("instructions")) {
                    notes.add(line.strip());
                }
                continue;
            }
            if (line.isBlank() && section == null) {
                continue;
            }
            switch (section == null ? "other" : section) {
                case "goal" -> request.add(line);
                case "discoveries" -> learned.add(line);
                case "accomplished" -> accomplished(line, completed, next);
                case "next" -> next.add(line);
                case "files" -> {
                    String path = path(BULLET.matcher(line).replaceFirst(""));
                    if (path != null) {
                        files.add(path);
                    }
                }
                default -> notes.add(line);
            }
        }
        if (!known) {
            return plainIsCompleted ? new Summary(null, null, blankToNull(text), null, null, List.of())
                    : new Summary(null, null, null, null, blankToNull(text), List.of());
        }
        return new Summary(join(request), join(learned), join(completed), join(next), join(notes), List.copyOf(files));
    }

    private static String section(String heading) {
        String h = heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z ]", "").strip();
        return switch (h) {
            case "goal", "goals" -> "goal";
            case "instructions" -> "instructions";
            case "discoveries", "learnings", "key learnings" -> "discoveries";
            case "accomplished", "completed", "done" -> "accomplished";
            case "next steps", "next", "todo" -> "next";
            case "relevant files", "files", "key files" -> "files";
            default -> "other";
        };
    }

    /** An Accomplished item: 🔲 (or [ ]) is still to do, anything else is done; the marker itself is dropped. */
    private static void accomplished(String line, List<String> completed, List<String> next) {
        if (line.isBlank()) {
            return;
        }
        boolean open = OPEN.matcher(line).find();
        String item = DONE.matcher(OPEN.matcher(line).replaceFirst("")).replaceFirst("");
        String clean = BULLET.matcher(item).replaceFirst("").strip();
        if (!clean.isEmpty()) {
            (open ? next : completed).add("- " + clean);
        }
    }

    /** A path at the start of {@code text}, or null when the text is prose ("project shop", "see above"). */
    private static String path(String text) {
        String p = AFTER_PATH.matcher(text.strip()).replaceFirst("").replace("`", "").strip();
        if (p.isEmpty() || p.contains(" ") || !(p.contains("/") || p.matches(".*\\.[A-Za-z0-9]{1,8}"))) {
            return null;
        }
        return p;
    }

    private static String join(List<String> lines) {
        String text = String.join("\n", lines).strip();
        return text.isEmpty() ? null : text;
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v;
    }
}
