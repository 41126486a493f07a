package dev.eaglemem.project;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * Session ids. Agents supply them (Claude Code and Codex both send UUIDs); only ids matching
 * {@code ^[A-Za-z0-9_-]{1,128}$} may be used in file names, because they end up in paths under the
 * eagle-mem directory.
 */
public final class SessionIds {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_-]{1,128}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private SessionIds() {
    }

    /** True when {@code id} is safe to use as a file name component. */
    public static boolean isValid(String id) {
        return id != null && VALID.matcher(id).matches();
    }

    /**
     * A new id for a session saved by hand: {@code manual-<yyyyMMddTHHmmssZ>-<8 hex>}. The timestamp sorts
     * ids by creation; 32 random bits keep two saves within one second apart. Valid for any clock in years
     * 0000 to 9999.
     */
    public static String newManualId(Clock clock, RandomGenerator random) {
        return "manual-" + STAMP.format(clock.instant()) + "-" + HexFormat.of().toHexDigits(random.nextInt());
    }
}
