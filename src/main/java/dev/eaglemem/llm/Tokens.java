package dev.eaglemem.llm;

/**
 * Token counts from text, where a provider reports none (agent CLIs) and for the budget's worst case before a
 * call. English and code run at about 4 characters a token; the worst case assumes 3 so the governor errs on
 * the side of stopping early.
 */
final class Tokens {

    private Tokens() {
    }

    static long estimate(String text) {
        return text == null ? 0 : (text.length() + 3) / 4;
    }

    static long worstCase(String text) {
        return text == null ? 0 : (text.length() + 2) / 3;
    }
}
