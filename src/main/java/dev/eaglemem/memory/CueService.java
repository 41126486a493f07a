package dev.eaglemem.memory;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;

/**
 * A memory's search cues as people see them: which model wrote them, by which job, for which text of the memory, and
 * the way to take them back ({@code memories cues --clear}). The cue-memories job writes them; recall reads them.
 */
@ApplicationScoped
public class CueService {

    /** One memory's cues, or empty when none were written. */
    public record Shown(long memoryId, Optional<CueStore.Cues> cues) {
    }

    private final Db db;
    private final CueStore cues;
    private final MemoryStore memories;
    private final Clock clock;

    private final Redactor redactor;

    public CueService(Db db, CueStore cues, MemoryStore memories, Redactor redactor, Clock clock) {
        this.redactor = redactor;
        this.clock = clock;
        this.db = db;
        this.cues = cues;
        this.memories = memories;
    }

    public Shown show(long memoryId) {
        return db.read(tx -> {
            if (memories.find(tx, memoryId).isEmpty()) {
                throw MemoryService.notFound(memoryId);
            }
            return new Shown(memoryId, cues.find(tx, memoryId));
        });
    }

    /**
     * Takes one memory's cues back (null: every memory's); the model does not write them again until the memory is
     * edited. Returns how many memories had cues.
     */
    public int clear(Long memoryId) {
        return db.write(tx -> {
            if (memoryId != null && memories.find(tx, memoryId).isEmpty()) {
                throw MemoryService.notFound(memoryId);
            }
            return cues.clear(tx, memoryId, clock.instant());
        });
    }

    /**
     * Sets a memory's cues as {@code writer} (the agent, or a person at the CLI) wrote them, for its current text:
     * tidied, redacted like the memory. They replace a model's; a later edit of the memory makes them stale. Returns
     * the cues stored.
     */
    public List<String> write(long memoryId, List<String> given, String writer) {
        List<String> tidy = Cues.tidy(given.stream().map(redactor::redact).toList());
        if (tidy.isEmpty()) {
            throw EagleException.invalidInput("no cue to store: every --cue was empty",
                    "eagle-mem memories cues " + memoryId + " --cue \"how someone who hits this would put it\"");
        }
        return db.write(tx -> {
            MemoryRow m = memories.find(tx, memoryId).orElseThrow(() -> MemoryService.notFound(memoryId));
            if (m.deletedAt() != null) {
                throw EagleException.conflict("memory_forgotten", "mem-" + memoryId + " is forgotten; its cues would never"
                        + " be read", "eagle-mem memories restore " + memoryId);
            }
            cues.save(tx, memoryId, m.updatedAt(), tidy, null, writer, "written", clock.instant());
            return tidy;
        });
    }

    /** Live memories whose current text has no cues yet. */
    public long waiting() {
        return db.read(cues::uncuedCount);
    }
}
