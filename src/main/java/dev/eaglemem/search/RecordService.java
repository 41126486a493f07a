package dev.eaglemem.search;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;

/** Progressive disclosure: search prints compact hits, this returns one whole record by id. */
@ApplicationScoped
public class RecordService {

    private final Db db;
    private final MemoryStore memories;
    private final SummaryStore summaries;
    private final SessionStore sessions;
    private final PromptStore prompts;

    public RecordService(Db db, MemoryStore memories, SummaryStore summaries, SessionStore sessions,
            PromptStore prompts) {
        this.db = db;
        this.memories = memories;
        this.summaries = summaries;
        this.sessions = sessions;
        this.prompts = prompts;
    }

    public ShownRecord show(RecordId id) {
        return db.read(tx -> switch (id.kind()) {
            case MEMORY -> memories.find(tx, id.id()).<ShownRecord>map(m -> new ShownRecord.Memory(id, m));
            case PROMPT -> prompts.find(tx, id.id()).<ShownRecord>map(p -> new ShownRecord.Prompt(id, p));
            case SUMMARY -> {
                Optional<SummaryRow> summary = summaries.find(tx, id.id());
                yield summary.isEmpty() ? Optional.<ShownRecord>empty()
                        : Optional.<ShownRecord>of(new ShownRecord.Summary(id, summary.get(),
                                sessions.find(tx, summary.get().sessionId()).orElse(null)));
            }
        }).orElseThrow(() -> EagleException.notFound("no record " + id,
                "eagle-mem search <words>   (prints the ids that exist)"));
    }
}
