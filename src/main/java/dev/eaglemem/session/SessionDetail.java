package dev.eaglemem.session;

import java.util.List;

import dev.eaglemem.store.EnrichmentRow;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A session and its summary (null when none was captured).
 *
 * @param enrichments what models changed in the summary (job, provider, model, each field before and after), oldest
 *        first, undone ones included: which fields came from which model
 */
@RegisterForReflection
public record SessionDetail(SessionRow session, SummaryRow summary, List<EnrichmentRow> enrichments) {

    public SessionDetail {
        enrichments = enrichments == null ? List.of() : List.copyOf(enrichments);
    }
}
