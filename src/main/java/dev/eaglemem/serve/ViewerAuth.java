package dev.eaglemem.serve;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The web viewer's logins. {@code eagle-mem open} asks serve (on its owner-only socket) for a login code;
 * the browser trades it once for a session cookie. Codes are single-use and expire after {@link #CODE_TTL};
 * sessions after {@link #SESSION_TTL}. Both live only in serve's memory: a restart logs everyone out, and
 * nothing that grants access is ever on disk or in a URL that still works.
 */
final class ViewerAuth {

    static final Duration CODE_TTL = Duration.ofSeconds(120);
    static final Duration SESSION_TTL = Duration.ofHours(12);
    /** Unused codes a client may hold at once: a runaway loop of {@code open} cannot grow serve's memory. */
    static final int MAX_CODES = 32;
    static final int MAX_SESSIONS = 64;

    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Instant> codes = new HashMap<>();
    private final Map<String, Instant> sessions = new HashMap<>();

    ViewerAuth(Clock clock) {
        this.clock = clock;
    }

    /** A new one-time login code. */
    synchronized String issueCode() {
        Instant now = clock.instant();
        purge(codes, now);
        evictOldest(codes, MAX_CODES);
        String code = token();
        codes.put(code, now.plus(CODE_TTL));
        return code;
    }

    /** A new session for a valid, unused code (which is used up either way); empty for anything else. */
    synchronized Optional<String> redeem(String code) {
        Instant now = clock.instant();
        purge(codes, now);
        if (code == null || codes.remove(code) == null) {
            return Optional.empty();
        }
        purge(sessions, now);
        evictOldest(sessions, MAX_SESSIONS);
        String session = token();
        sessions.put(session, now.plus(SESSION_TTL));
        return Optional.of(session);
    }

    synchronized boolean validSession(String session) {
        if (session == null || session.isEmpty()) {
            return false;
        }
        purge(sessions, clock.instant());
        // compared in constant time: the cookie is a bearer secret
        byte[] given = session.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        boolean found = false;
        for (String known : sessions.keySet()) {
            found |= MessageDigest.isEqual(given, known.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        return found;
    }

    synchronized void end(String session) {
        if (session != null) {
            sessions.remove(session);
        }
    }

    private String token() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static void purge(Map<String, Instant> map, Instant now) {
        map.values().removeIf(expiry -> !expiry.isAfter(now));
    }

    private static void evictOldest(Map<String, Instant> map, int max) {
        while (map.size() >= max) {
            Iterator<Map.Entry<String, Instant>> it = map.entrySet().iterator();
            Map.Entry<String, Instant> oldest = it.next();
            for (Map.Entry<String, Instant> e : map.entrySet()) {
                if (e.getValue().isBefore(oldest.getValue())) {
                    oldest = e;
                }
            }
            map.remove(oldest.getKey());
        }
    }
}
