package dev.eaglemem.recall;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What recall injected, when and why not: the recall_events log, for people and tools checking recall. */
@ApplicationScoped
public class RecallHistory {

    /**
     * @param session the session listed, or null
     * @param project the project listed, or null
     */
    @RegisterForReflection
    public record Listing(String session, String project, List<RecallEventRow> events) {

        public Listing {
            events = List.copyOf(events);
        }
    }

    private final Db db;
    private final RecallStore recalls;

    public RecallHistory(Db db, RecallStore recalls) {
        this.db = db;
        this.recalls = recalls;
    }

    /** The newest {@code limit} recall events, of one session and/or project when given; newest first. */
    public Listing recent(String sessionId, String project, int limit) {
        return new Listing(sessionId, project, db.read(tx -> recalls.list(tx, sessionId, project, limit)));
    }
}
