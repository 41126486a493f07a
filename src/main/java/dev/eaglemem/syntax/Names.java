package dev.eaglemem.syntax;

import java.util.regex.Pattern;

/** Small text rules for names as written in source. */
final class Names {

    private static final Pattern UPPER_SNAKE = Pattern.compile("[A-Z][A-Z0-9_]*");

    private Names() {
    }

    /** The bare type a receiver or impl names: {@code *Cart}, {@code Cart[T]}, {@code Cart<S>}, {@code a::Cart} → Cart. */
    static String typeName(String written) {
        String name = written.strip();
        int generic = indexOfAny(name, "<[");
        if (generic >= 0) {
            name = name.substring(0, generic);
        }
        name = name.replaceFirst("^[*&\\s]*(mut\\s+)?", "").strip();
        int scope = Math.max(name.lastIndexOf("::") + 1, name.lastIndexOf('.'));
        return scope > 0 ? name.substring(scope + 1) : name;
    }

    /** {@code MAX_ITEMS}: the convention that marks a constant where the language has no keyword for it. */
    static boolean upperSnake(String name) {
        return UPPER_SNAKE.matcher(name).matches();
    }

    private static int indexOfAny(String text, String chars) {
        for (int i = 0; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
