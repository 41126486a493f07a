package dev.eaglemem.redact;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a key, variable, flag or header name announces a secret ({@code GITHUB_TOKEN}, {@code dbPassword},
 * {@code x-api-key}, {@code PGPASSWORD}).
 *
 * <p>The name is split into word parts (separators, camelCase, letter/digit boundaries) and it is the <em>last</em>
 * meaningful part that counts: {@code token} is a secret but {@code token_count}, {@code max_tokens},
 * {@code tokenizer} and {@code token_type} are not; {@code password} is but {@code password_min_length} and
 * {@code passwordEncoder} are not; {@code author} never matches {@code auth}. A few trailing parts do not change
 * what the value is ({@code SECRET_KEY_BASE}, {@code password_hash}, {@code API_KEY_V2}) and are skipped.
 */
final class SecretNames {

    enum Kind {
        ORDINARY,
        /** Any literal value is a secret. */
        SECRET,
        /** {@code auth}/{@code credentials} also hold modes: {@code auth: ldap}, {@code credentials: 'include'}. */
        SECRET_OR_MODE,
        /** A lone {@code PWD} is also the shell's working directory. */
        SECRET_OR_PATH,
        /** {@code DATABASE_URL}, {@code connection_string}: secret, except for a URL that carries no password. */
        SECRET_UNLESS_PLAIN_URL
    }

    // Matched with endsWith so that run-together upper-case names (PGPASSWORD, XAPIKEY, ACCESSTOKEN) count too.
    private static final List<String> SECRET_ENDINGS = List.of(
            "password", "passwd", "passphrase", "secret", "token", "apikey", "secretkey", "accesskey", "privatekey");
    private static final Set<String> SECRET_WORDS = Set.of("sig", "credential", "credentials", "auth");
    private static final Set<String> MODE_WORDS = Set.of("credential", "credentials", "auth");
    // Only secret after another part: "pass" alone is Python's statement, "db_pass" is a password.
    private static final Set<String> SECRET_AFTER_PREFIX = Set.of("pass", "pwd", "pw");
    private static final Set<String> SECRET_PAIRS = Set.of(
            "api key", "access key", "secret key", "private key", "session key", "signing key", "encryption key",
            "master key", "account key", "auth key", "hmac key", "app key", "client secret");
    private static final Set<String> CONNECTION_PAIRS = Set.of(
            "database url", "database uri", "db url", "db uri", "connection string", "conn string", "conn str");
    private static final Set<String> NEUTRAL_SUFFIXES = Set.of(
            "base", "value", "val", "str", "string", "raw", "plain", "text", "b64", "base64", "hex", "hash", "hashed",
            "enc", "encrypted", "encoded", "data", "old", "new", "current", "prev", "previous", "orig", "original",
            "confirm", "confirmation", "again", "repeat", "live", "test", "prod", "production", "dev", "staging", "v");

    private SecretNames() {
    }

    static Kind classify(String name) {
        List<String> parts = words(name);
        for (int i = parts.size() - 1; i >= 0; i--) {
            String part = parts.get(i);
            if (i == 0 && parts.size() == 1 && part.equals("pwd")) {
                return Kind.SECRET_OR_PATH;
            }
            if (SECRET_WORDS.contains(part) || endsWithSecret(part) || i > 0 && SECRET_AFTER_PREFIX.contains(part)) {
                return MODE_WORDS.contains(part) ? Kind.SECRET_OR_MODE : Kind.SECRET;
            }
            String pair = i > 0 ? parts.get(i - 1) + " " + part : "";
            if (SECRET_PAIRS.contains(pair)) {
                return Kind.SECRET;
            }
            if (CONNECTION_PAIRS.contains(pair)) {
                return Kind.SECRET_UNLESS_PLAIN_URL;
            }
            if (!NEUTRAL_SUFFIXES.contains(part) && !isVersionOrNumber(part)) {
                return Kind.ORDINARY;
            }
        }
        return Kind.ORDINARY;
    }

    private static boolean endsWithSecret(String part) {
        for (String ending : SECRET_ENDINGS) {
            if (part.endsWith(ending)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isVersionOrNumber(String part) {
        return part.chars().allMatch(Character::isDigit);
    }

    /** Lower-case word parts: {@code "x-apiKey_V2"} → {@code [x, api, key, v, 2]}. */
    static List<String> words(String name) {
        List<String> parts = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, parts);
                continue;
            }
            if (!word.isEmpty() && startsNewWord(name, i)) {
                flush(word, parts);
            }
            word.append(c);
        }
        flush(word, parts);
        return parts;
    }

    private static boolean startsNewWord(String name, int i) {
        char prev = name.charAt(i - 1);
        char c = name.charAt(i);
        if (Character.isDigit(c) != Character.isDigit(prev)) {
            return true;
        }
        if (Character.isUpperCase(c) && Character.isLowerCase(prev)) {
            return true;
        }
        // "APIKey": the K starts a word because a lower-case letter follows it.
        return Character.isUpperCase(c) && Character.isUpperCase(prev)
                && i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1));
    }

    private static void flush(StringBuilder word, List<String> parts) {
        if (!word.isEmpty()) {
            parts.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }
}
