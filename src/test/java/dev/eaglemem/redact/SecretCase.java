package dev.eaglemem.redact;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One fake secret in its context, read from {@code redaction/secrets.txt} (the format is described at the top of
 * that file).
 */
record SecretCase(String id, String secret, String context) {

    static final String CORPUS = "/redaction/secrets.txt";
    static final int FRAGMENT = 8;

    static List<SecretCase> load() {
        try (InputStream in = Objects.requireNonNull(SecretCase.class.getResourceAsStream(CORPUS), CORPUS)) {
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<SecretCase> parse(String corpus) {
        List<SecretCase> cases = new ArrayList<>();
        List<String[]> headers = new ArrayList<>();
        StringBuilder context = new StringBuilder();
        for (String line : corpus.split("\n", -1)) {
            if (line.startsWith("@@ ")) {
                if (!context.isEmpty()) {
                    flush(headers, context, cases);
                }
                int bar = line.indexOf(" | ");
                if (bar < 0) {
                    throw new IllegalArgumentException("header without ' | ': " + line);
                }
                headers.add(new String[] { line.substring(3, bar).strip(), unescape(line.substring(bar + 3)) });
            } else if (!headers.isEmpty()) {
                context.append(line).append('\n');
            }
        }
        flush(headers, context, cases);
        return cases;
    }

    private static void flush(List<String[]> headers, StringBuilder context, List<SecretCase> cases) {
        String text = context.toString().stripTrailing();
        for (String[] header : headers) {
            if (!text.contains(header[1])) {
                throw new IllegalArgumentException("case " + header[0] + ": context does not contain its secret");
            }
            cases.add(new SecretCase(header[0], header[1], text));
        }
        headers.clear();
        context.setLength(0);
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char next = s.charAt(++i);
                out.append(next == 'n' ? '\n' : next);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * What of the secret survives in {@code redacted}: the whole secret, or any {@value #FRAGMENT}-character piece
     * of it that the rest of the context does not explain (a user name that also occurs in the password, say).
     */
    Optional<String> leakIn(String redacted) {
        if (redacted.contains(secret)) {
            return Optional.of(secret);
        }
        String rest = context.replace(secret, "\u0000");
        for (int i = 0; i + FRAGMENT <= secret.length(); i++) {
            String fragment = secret.substring(i, i + FRAGMENT);
            if (redacted.contains(fragment) && !rest.contains(fragment)) {
                return Optional.of(fragment);
            }
        }
        return Optional.empty();
    }
}
