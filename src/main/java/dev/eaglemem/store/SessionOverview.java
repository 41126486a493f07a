package dev.eaglemem.store;

/** A session with what is known about it, for listings. */
public record SessionOverview(SessionRow session, Long summaryId, String request, String completed,
        long observations, long prompts) {
}
