package dev.eaglemem.orchestrate;

import java.util.Locale;
import java.util.regex.Pattern;

import dev.eaglemem.error.EagleException;

/**
 * Lane keys and their slugs. A key is one component of the lane's branch ({@code eagle-mem/o<id>/<slug>}), so it must
 * be a name git accepts there: letters, digits, {@code .}, {@code _}, {@code -}, starting with a letter or digit, no
 * {@code ..}, not ending in {@code .} or {@code .lock}, at most 60 characters. This is stricter than git's own rules,
 * which also allow characters that break shells and file systems. The slug is the key in lower case: two keys with the
 * same slug would share a worktree and branch on a case-insensitive disk, so they collide.
 */
public final class LaneKeys {

    static final int MAX = 60;
    private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private LaneKeys() {
    }

    /** The key, checked; invalid input says why. */
    public static String validate(String key) {
        String k = key == null ? "" : key.strip();
        String why = problem(k);
        if (why != null) {
            throw EagleException.invalidInput("'" + k + "' is not a valid lane key: " + why,
                    "use letters, digits, '.', '_' and '-', e.g. eagle-mem orchestrate lane add api-tests");
        }
        return k;
    }

    /** Why {@code key} cannot be a lane key, or null when it can. */
    static String problem(String key) {
        if (key.isEmpty()) {
            return "it is empty";
        }
        if (key.length() > MAX) {
            return "it has " + key.length() + " characters; at most " + MAX;
        }
        if (!ALLOWED.matcher(key).matches()) {
            return "a git branch name component allows only letters, digits, '.', '_' and '-' here, starting with a"
                    + " letter or digit";
        }
        if (key.contains("..")) {
            return "git refuses '..' in a branch name";
        }
        if (key.endsWith(".") || key.toLowerCase(Locale.ROOT).endsWith(".lock")) {
            return "git refuses a branch name component ending in '.' or '.lock'";
        }
        return null;
    }

    public static String slug(String key) {
        return key.toLowerCase(Locale.ROOT);
    }
}
