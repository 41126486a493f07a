package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.Tx;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Progressive disclosure: search prints compact hits, this returns whole records by id. */
@ApplicationScoped
public class RecordService {

    /** The most ids one batch may ask for: a batch is for a page of hits, not a dump. */
    public static final int MAX_BATCH = 50;

    /**
     * What a batch get found.
     *
     * @param records each as {@code show --json} prints it, in the order asked
     * @param missing the ids that name no record
     */
    @RegisterForReflection
    public record Batch(List<RecordDocument> records, List<String> missing) {

        public Batch {
            records = List.copyOf(records);
            missing = List.copyOf(missing);
        }
    }

    private final Db db;
    private final MemoryStore memories;
    private final SummaryStore summaries;
    private final SessionStore sessions;
    private final PromptStore prompts;
    private final ObservationStore observations;
    private final CodeStore code;
    private final AnchorService anchors;

    @Inject
    public RecordService(Db db, MemoryStore memories, SummaryStore summaries, SessionStore sessions,
            PromptStore prompts, ObservationStore observations, CodeStore code, AnchorService anchors) {
        this.anchors = anchors;
        this.db = db;
        this.memories = memories;
        this.summaries = summaries;
        this.sessions = sessions;
        this.prompts = prompts;
        this.observations = observations;
        this.code = code;
    }

    public ShownRecord show(RecordId id) {
        return db.read(tx -> find(tx, id)).orElseThrow(() -> EagleException.notFound("no record " + id,
                "eagle-mem search <words>   (prints the ids that exist)"));
    }

    /** Several records in one read; ids that name nothing are listed as missing, not an error. */
    public Batch showAll(List<RecordId> ids) {
        if (ids.isEmpty() || ids.size() > MAX_BATCH) {
            throw EagleException.invalidInput("ask for 1 to " + MAX_BATCH + " ids at a time (got " + ids.size() + ")",
                    "split the ids into batches of at most " + MAX_BATCH);
        }
        List<ShownRecord> found = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        db.read(tx -> {
            for (RecordId id : ids.stream().distinct().toList()) {
                find(tx, id).ifPresentOrElse(found::add, () -> missing.add(id.toString()));
            }
            return null;
        });
        return new Batch(found.stream().map(this::json).toList(), missing);
    }

    /** A record as {@code show --json} prints it: a memory or summary also says how it stands against the code now. */
    public RecordDocument json(ShownRecord r) {
        return RecordDocument.of(r, freshness(r));
    }

    /** A memory's or summary's state against its project's code; empty for other records and records without an anchor. */
    public Optional<Freshness> freshness(ShownRecord r) {
        return switch (r) {
            case ShownRecord.Memory m when m.memory().project() != null -> anchors.of(AnchorService.MEMORY, m.memory().id(),
                    m.memory().project(), null);
            case ShownRecord.Summary s -> anchors.of(AnchorService.SUMMARY, s.summary().id(), s.summary().project(), null);
            default -> Optional.empty();
        };
    }

    private Optional<ShownRecord> find(Tx tx, RecordId id) {
        return switch (id.kind()) {
            case MEMORY -> memories.find(tx, id.id()).<ShownRecord>map(m -> new ShownRecord.Memory(id, m));
            case PROMPT -> prompts.find(tx, id.id()).<ShownRecord>map(p -> new ShownRecord.Prompt(id, p));
            case SUMMARY -> {
                Optional<SummaryRow> summary = summaries.find(tx, id.id());
                yield summary.isEmpty() ? Optional.<ShownRecord>empty()
                        : Optional.<ShownRecord>of(new ShownRecord.Summary(id, summary.get(),
                                sessions.find(tx, summary.get().sessionId()).orElse(null)));
            }
            case CODE -> code.chunk(tx, id.id()).<ShownRecord>map(c -> new ShownRecord.Code(id, c));
            case OBSERVATION -> {
                Optional<ObservationRow> observation = observations.find(tx, id.id());
                yield observation.isEmpty() ? Optional.<ShownRecord>empty()
                        : Optional.<ShownRecord>of(new ShownRecord.Observation(id, observation.get(),
                                sessions.find(tx, observation.get().sessionId()).orElse(null)));
            }
        };
    }
}
