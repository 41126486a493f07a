package dev.eaglemem.install;

import java.util.regex.Pattern;

/** Quoting for the paths we put into "fix" commands, so the user can paste them as they are. */
final class ShellWords {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./~-]+");

    private ShellWords() {
    }

    static String quote(String word) {
        if (SAFE.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
