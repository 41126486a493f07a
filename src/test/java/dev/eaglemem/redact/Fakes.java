package dev.eaglemem.redact;

import java.util.Random;

/**
 * Deterministic fake credentials for tests: the right alphabet and length, random content, never a real key. Built
 * at run time so that the test sources hold no literal key-shaped strings for scanners to trip over.
 */
final class Fakes {

    static final String UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    static final String LOWER = "abcdefghijklmnopqrstuvwxyz";
    static final String DIGITS = "0123456789";
    static final String ALNUM = UPPER + LOWER + DIGITS;
    static final String BASE64 = ALNUM + "+/";
    static final String BASE64URL = ALNUM + "-_";
    static final String HEX = "0123456789abcdef";

    private Fakes() {
    }

    /** Same arguments, same string; upper case, lower case and digits all present when the alphabet has them. */
    static String random(String alphabet, int length, long seed) {
        Random random = new Random(seed * 31 + length);
        while (true) {
            StringBuilder out = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                out.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String s = out.toString();
            if (hasEach(s, alphabet)) {
                return s;
            }
        }
    }

    static String alnum(int length) {
        return random(ALNUM, length, 1);
    }

    static String base64url(int length) {
        return random(BASE64URL, length, 2);
    }

    static String hex(int length) {
        return random(HEX, length, 3);
    }

    private static boolean hasEach(String s, String alphabet) {
        for (String cls : new String[] { UPPER, LOWER, DIGITS }) {
            boolean offered = alphabet.chars().anyMatch(c -> cls.indexOf(c) >= 0);
            boolean present = s.chars().anyMatch(c -> cls.indexOf(c) >= 0);
            if (offered && !present && s.length() >= 8) {
                return false;
            }
        }
        return true;
    }
}
