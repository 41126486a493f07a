package dev.eaglemem.code;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.search.Identifiers;

/**
 * The text a code file's own vector is embedded from: what the file says of itself, in the words a person would use —
 * its path's words ({@code redact/EntropyDetector.java} → "redact entropy detector"), its head chunk's doc comment, then
 * the names it declares split into words. The model reads only its first ~256 word pieces, so the prose comes before
 * the list of names. On bench/recall/code-results.md a file ranked by this vector mixed with its best chunk brings the
 * right file for more prompts than its chunks alone, and keeps unrelated prompts further from any file.
 */
public final class FileAbout {

    private static final Pattern BLOCK_DOC = Pattern.compile("/\\*\\*?(.*?)\\*/", Pattern.DOTALL);
    private static final Pattern DOCSTRING = Pattern.compile("\"\"\"(.*?)\"\"\"|'''(.*?)'''", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("\\s*(?://+!?|#+)\\s?(.*)");
    private static final Pattern INLINE_TAG = Pattern.compile("\\{@\\w+\\s+([^}]*)}");
    private static final int MAX_DOC = 800;

    private FileAbout() {
    }

    /** {@code head}: the file's first chunk; {@code names}: its declared names, space-separated, in order. */
    public static String text(String path, String head, String names) {
        Set<String> declared = new LinkedHashSet<>();
        for (String name : names.split("\\s+")) {
            if (!name.isBlank()) {
                declared.add(String.join(" ", Identifiers.split(name)));
            }
        }
        String doc = doc(head);
        return pathWords(path) + "." + (doc.isEmpty() ? "" : " " + doc) + "\n" + String.join(", ", declared);
    }

    static String pathWords(String path) {
        String bare = path.replaceFirst("\\.[A-Za-z0-9]+$", "");
        List<String> words = new ArrayList<>();
        for (String part : bare.split("/")) {
            words.addAll(Identifiers.split(part));
        }
        return String.join(" ", words);
    }

    /** The head's leading doc comment as plain text: a block comment, else its opening line comments, else a docstring. */
    static String doc(String head) {
        String raw = "";
        Matcher block = BLOCK_DOC.matcher(head);
        if (block.find()) {
            raw = block.group(1).replaceAll("(?m)^\\s*\\*", " ");
        } else {
            StringBuilder lines = new StringBuilder();
            for (String line : head.lines().toList()) {
                Matcher comment = LINE_COMMENT.matcher(line);
                if (!comment.matches()) {
                    break;
                }
                lines.append(comment.group(1)).append(' ');
            }
            raw = lines.toString();
            Matcher docstring = DOCSTRING.matcher(head);
            if (raw.isBlank() && docstring.find()) {
                raw = docstring.group(1) != null ? docstring.group(1) : docstring.group(2);
            }
        }
        String text = INLINE_TAG.matcher(raw).replaceAll("$1").replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ").strip();
        return text.length() > MAX_DOC ? text.substring(0, MAX_DOC) : text;
    }
}
