package dev.eaglemem.redact;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Secrets nobody wrote a rule for: long standalone tokens that look generated.
 *
 * <p>Calibration, checked by {@code EntropyDetectorTest} on seeded random tokens and identifier lists, and by the
 * ordinary-text corpus. A token is flagged when all of these hold:
 * <ul>
 * <li>at least {@value #MIN_LENGTH} characters of the base64/base64url alphabet, padding not counted;
 * <li>upper case, lower case <em>and</em> digits. This alone sets apart generated keys from most long strings in
 *     developer text: hex digests and git SHAs, UUIDs, k8s pod and container names (lower case and digits),
 *     constants (upper case), most identifiers and paths (no digits). The price: a random 24-char base62 token lacks
 *     a class ~1.5 % of the time, a 40-char one ~0.1 %;
 * <li>less than {@value #MAX_WORD_SHARE} of its letters and digits in word-like runs (three or more lower-case
 *     letters, optionally capitalised). Identifiers with digits are made of such runs
 *     ({@code X509TrustManagerFactorySpi2Impl}: 0.74, {@code ApiClientV2RetryPolicyTest2024}: 0.70); in random
 *     base62 the share is 0.17 on average and stays below 0.6 for 99 % of 24-char and 99.9 % of 40-char tokens;
 * <li>Shannon entropy of at least {@link #entropyThreshold(int)} bits per character, which only removes degenerate
 *     repetitions ({@code aA1aA1aA1…}): random tokens sit far above it (4.2 bits at 24 chars, 4.8 at 40);
 * <li>not base64 of printable text ({@code SGVsbG8gd29ybGQ=}, source maps, certificates in k8s secrets): encoded
 *     words are not keys, and where they are credentials (Basic auth, docker {@code "auth"}) named rules catch them.
 * </ul>
 * Overall recall on random base62/base64 tokens: ~98 % at 24 chars, ~99.3 % at 32, ~99.8 % at 40, ~100 % from 64.
 *
 * <p>Never flagged, by context, because they are public and fill agent output: anything inside a URL (credentials
 * in URLs have their own rule), labelled digests ({@code sha512-…} integrity strings, {@code h1:} in go.sum,
 * {@code sha256:}), hex with a short tag (Gerrit {@code I8473b9…}) or a {@code 0x} prefix (addresses; 32-byte
 * private keys are {@link HexKeys}' business), long hex runs inside a token (cache keys ending in a digest: only the
 * rest of the token counts), API object ids ({@code msg_…}, {@code toolu_…}, {@code req_…}), SSH public keys, and
 * public PEM blocks (certificates, public keys).
 */
final class EntropyDetector implements Detector {

    static final String RULE = "high-entropy";
    static final EntropyDetector INSTANCE = new EntropyDetector();

    static final int MIN_LENGTH = 24;
    static final double MAX_WORD_SHARE = 0.6;

    private static final Pattern PUBLIC_PEM = Pattern.compile(
            "-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|X509 CRL|(?:NEW )?CERTIFICATE REQUEST"
                    + "|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|SSH2 PUBLIC KEY)-----(?s:.*?)"
                    + "(?:-----END [A-Z0-9 ]{1,40}+-----|\\z)");
    private static final Pattern DIGEST_LABEL = Pattern
            .compile("(?i)(?:sha(?:1|224|256|384|512)|md5|h1|blake2b?|integrity)[ \\t]*+[:=-]?[ \\t\"']*+$");
    private static final Pattern DIGEST_PREFIX = Pattern.compile("(?i)(?:sha(?:1|224|256|384|512)|md5)-.*");
    // Hex, UUIDs, and hex behind a short tag (Gerrit "I8473b9…", "g1a2b3c4"): digests and ids, never keys.
    private static final Pattern HEX_OR_UUID = Pattern.compile("(?:0[xX]|[A-Za-z]{1,4}[_:-]?)?[0-9a-fA-F-]++");
    // A hex run this long inside a token is a digest or an id (a CI cache key "…-npm-<sha256>", "ed25519/<key id>"),
    // and only the rest of the token is judged. In random base62 such a run starts at a given position with odds
    // of about 1 in 10^7, so generated tokens keep their length.
    private static final Pattern LONG_HEX_RUN = Pattern.compile("[0-9a-fA-F]{16,}+");
    // Object ids of the APIs agents talk to all day: message, tool-use and request ids in every transcript.
    private static final Pattern API_OBJECT_ID = Pattern.compile(
            "(?:msg|toolu|srvtoolu|req|call|chatcmpl|run|thread|asst|file|batch|step|resp|conv|item|org|proj|user"
                    + "|cus|pi|ch|evt|txn|acct|price|prod|sub|in|ii|seti|pm|src|tok|po|cs)[_-][A-Za-z0-9]{8,}+");

    private EntropyDetector() {
    }

    @Override
    public void find(String text, List<Finding> sink) {
        Exclusions exclusions = null;
        int n = text.length();
        int i = 0;
        while (i < n) {
            if (!isTokenChar(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < n && isTokenChar(text.charAt(i))) {
                i++;
            }
            if (i - start < MIN_LENGTH) {
                continue;
            }
            String token = text.substring(start, i);
            if (!looksGenerated(token) || isLabelledDigest(text, start)) {
                continue;
            }
            if (exclusions == null) {
                exclusions = Exclusions.of(text);
            }
            if (!exclusions.covers(start)) {
                sink.add(new Finding(RULE, start, withPadding(text, i)));
            }
        }
    }

    /** Base64/base64url characters; a maximal run of them is a candidate token. */
    private static boolean isTokenChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '+' || c == '/' || c == '_' || c == '-';
    }

    /** Up to two '=' after a token are its padding, unless another token follows ("KEY=value" style). */
    private static int withPadding(String text, int end) {
        int padded = end;
        while (padded < text.length() && padded - end < 2 && text.charAt(padded) == '=') {
            padded++;
        }
        return padded < text.length() && isTokenChar(text.charAt(padded)) ? end : padded;
    }

    /** The context-free part of the decision: would this token be flagged wherever it appeared? */
    static boolean looksGenerated(String token) {
        if (!(token.length() >= MIN_LENGTH && hasAllClasses(token)) || HEX_OR_UUID.matcher(token).matches()) {
            return false;
        }
        String judged = LONG_HEX_RUN.matcher(token).replaceAll("");
        return judged.length() >= MIN_LENGTH && hasAllClasses(judged)
                && !DIGEST_PREFIX.matcher(token).matches()
                && !API_OBJECT_ID.matcher(token).matches()
                && wordShare(judged) < MAX_WORD_SHARE
                && shannon(judged) >= entropyThreshold(judged.length())
                && !isSshPublicKey(token)
                && !isEncodedText(token);
    }

    private static boolean hasAllClasses(String s) {
        return SecretValues.hasUpper(s) && SecretValues.hasLower(s) && SecretValues.hasDigit(s);
    }

    /**
     * Bits per character a token must reach. The empirical entropy of a random string grows with its length (24
     * characters cannot show more than 24 distinct symbols), so the bar does too: 3.6 at 24 characters, 4.0 at 40,
     * capped at 4.3. The lowest of 5,000 random base62 tokens: 3.69 at 24, 4.24 at 40.
     */
    static double entropyThreshold(int length) {
        return Math.min(4.3, 3.6 + (length - MIN_LENGTH) * 0.025);
    }

    static double shannon(String s) {
        int[] counts = new int[128];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
                n++;
            }
        }
        double bits = 0;
        for (int count : counts) {
            if (count > 0) {
                double p = (double) count / n;
                bits -= p * Math.log(p) / Math.log(2);
            }
        }
        return bits;
    }

    /**
     * Share of the alphanumeric characters that sit in word-like runs: a lower-case run of three or more, optionally
     * capitalised ({@code Factory}, {@code get}, {@code Impl}). Identifiers and paths are made of such runs.
     */
    static double wordShare(String s) {
        int alnum = 0;
        int inWords = 0;
        int lowerRun = 0;
        boolean capitalised = false;
        for (int i = 0; i <= s.length(); i++) {
            char c = i < s.length() ? s.charAt(i) : ' ';
            if (c >= 'a' && c <= 'z') {
                lowerRun++;
                alnum++;
                continue;
            }
            if (lowerRun >= 3) {
                inWords += lowerRun + (capitalised ? 1 : 0);
            }
            lowerRun = 0;
            capitalised = c >= 'A' && c <= 'Z';
            if (c < 128 && Character.isLetterOrDigit(c)) {
                alnum++;
            }
        }
        return alnum == 0 ? 0 : (double) inWords / alnum;
    }

    private static boolean isEncodedText(String token) {
        byte[] bytes = decode(token);
        if (bytes.length == 0) {
            return false;
        }
        int printable = 0;
        for (byte b : bytes) {
            if (b >= 0x20 && b < 0x7f || b == '\n' || b == '\r' || b == '\t') {
                printable++;
            }
        }
        return printable >= bytes.length * 0.9;
    }

    /** SSH wire format: a length-prefixed key type name, so the base64 starts with "AAAA" and decodes to "ssh-…". */
    private static boolean isSshPublicKey(String token) {
        if (!token.startsWith("AAAA")) {
            return false;
        }
        String decoded = new String(decode(token.substring(0, Math.min(token.length(), 24))),
                StandardCharsets.ISO_8859_1);
        return decoded.length() > 4 && decoded.substring(4).matches("(?s)(?:ssh-|ecdsa-|sk-).*");
    }

    private static byte[] decode(String token) {
        String b64 = token.replace('-', '+').replace('_', '/');
        int usable = b64.length() - b64.length() % 4;
        try {
            return Base64.getDecoder().decode(b64.substring(0, usable));
        } catch (IllegalArgumentException notBase64) {
            return new byte[0];
        }
    }

    private static boolean isLabelledDigest(String text, int tokenStart) {
        int from = Math.max(0, tokenStart - 16);
        return DIGEST_LABEL.matcher(text.substring(from, tokenStart)).find();
    }

    /** Spans of the text whose long tokens are public by design; computed only once a candidate shows up. */
    private record Exclusions(int[] starts, int[] ends) {

        static Exclusions of(String text) {
            List<int[]> spans = new ArrayList<>();
            // URLs: found from their "://", which is far cheaper than trying a scheme regex at every position. A "://"
            // inside a URL ends where that URL ends, so the search goes on from there: from the next "://" instead,
            // "x://x://…" without a space cost a walk to its end per "://" (10 s for 100 KB).
            int end = 0;
            for (int at = text.indexOf("://"); at >= 0; at = text.indexOf("://", Math.max(at + 3, end))) {
                int start = at;
                while (start > 0 && at - start < 30 && isSchemeChar(text.charAt(start - 1))) {
                    start--;
                }
                end = at + 3;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))
                        && "\"'<>".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                spans.add(new int[] { start, end });
            }
            if (text.contains("-----BEGIN")) {
                Matcher m = PUBLIC_PEM.matcher(text);
                while (m.find()) {
                    spans.add(new int[] { m.start(), m.end() });
                }
            }
            spans.sort(Comparator.comparingInt(span -> span[0]));
            // Merge overlaps (a URL inside a certificate comment) so that the starts are sorted and disjoint.
            List<int[]> merged = new ArrayList<>();
            for (int[] span : spans) {
                if (!merged.isEmpty() && span[0] <= merged.getLast()[1]) {
                    merged.getLast()[1] = Math.max(merged.getLast()[1], span[1]);
                } else {
                    merged.add(span);
                }
            }
            return new Exclusions(merged.stream().mapToInt(span -> span[0]).toArray(),
                    merged.stream().mapToInt(span -> span[1]).toArray());
        }

        private static boolean isSchemeChar(char c) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '+' || c == '.' || c == '-';
        }

        boolean covers(int pos) {
            int i = Arrays.binarySearch(starts, pos);
            int candidate = i >= 0 ? i : -i - 2;
            return candidate >= 0 && pos < ends[candidate];
        }
    }
}
