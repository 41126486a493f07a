package dev.eaglemem.format;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Instants as people read them: in the user's time zone and labelled with its offset from UTC, such as
 * {@code 2026-11-24 18:05 UTC+01:00} (in UTC itself {@code 2026-11-24 17:05 UTC}). An offset, not a zone
 * abbreviation: "CST" names three zones, "UTC+01:00" names one instant. JSON never goes through here; it keeps
 * the stored UTC ISO-8601 text.
 *
 * @param zone the user's zone (config {@code display.timezone}, else TZ or the system's zone)
 */
public record Times(ZoneId zone) {

    public static final Times UTC = new Times(ZoneOffset.UTC);

    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** {@code 2026-11-24 18:05 UTC+01:00}. */
    public String dateTime(Instant instant) {
        ZonedDateTime local = instant.atZone(zone);
        return MINUTES.format(local) + " " + label(local.getOffset());
    }

    /** A stored timestamp ({@code 2026-11-24T17:05:03.123Z}) as {@link #dateTime(Instant)}; "" for null, odd text as it is. */
    public String dateTime(String iso) {
        if (iso == null) {
            return "";
        }
        try {
            return dateTime(Instant.parse(iso));
        } catch (DateTimeException e) {
            return iso;
        }
    }

    /** The calendar day a stored timestamp falls on in the user's zone ({@code 2026-11-24}); odd text as it is. */
    public String date(String iso) {
        if (iso == null) {
            return "";
        }
        try {
            return Instant.parse(iso).atZone(zone).toLocalDate().toString();
        } catch (DateTimeException e) {
            return iso;
        }
    }

    /**
     * {@code UTC} for a zone that is always UTC, else {@code UTC+01:00}; a zone that is only sometimes at offset
     * zero (Europe/London in winter) says {@code UTC+00:00}, so its times line up in a column.
     */
    private String label(ZoneOffset offset) {
        if (zone.normalized().equals(ZoneOffset.UTC)) {
            return "UTC";
        }
        return "UTC" + (offset.equals(ZoneOffset.UTC) ? "+00:00" : offset.getId());
    }
}
