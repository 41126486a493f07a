package dev.eaglemem.session;

import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;

/** A session and its summary (null when none was captured). */
public record SessionDetail(SessionRow session, SummaryRow summary) {
}
