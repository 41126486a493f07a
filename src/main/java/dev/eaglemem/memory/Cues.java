package dev.eaglemem.memory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** What a memory's search cues may be, whoever writes them (a model provider, the agent, a person). */
public final class Cues {

    /** Cues kept per memory, and the length of one. */
    public static final int MAX = 8;
    public static final int MAX_CHARS = 300;

    private Cues() {
    }

    /** Whitespace tidied, blanks and repeats (ignoring case) dropped, each cut to {@link #MAX_CHARS}, at most {@link #MAX}. */
    public static List<String> tidy(List<String> cues) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String c : cues) {
            String cue = c == null ? "" : c.strip().replaceAll("\\s+", " ");
            if (cue.length() > MAX_CHARS) {
                cue = cue.substring(0, MAX_CHARS);
            }
            if (!cue.isEmpty() && seen.add(cue.toLowerCase(Locale.ROOT)) && out.size() < MAX) {
                out.add(cue);
            }
        }
        return out;
    }
}
