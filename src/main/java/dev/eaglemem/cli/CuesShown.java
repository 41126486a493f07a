package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.store.CueStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code memories cues ID --json} prints: the memory's cues and who wrote them (null: nobody yet). */
@RegisterForReflection
public record CuesShown(long memoryId, List<String> cues, Written written) {

    /** Who wrote the cues, when, and whether they were written for the memory's text as it is now. */
    @RegisterForReflection
    public record Written(String provider, String model, Long jobId, String createdAt, boolean current, String embeddedWith) {

        static Written of(CueStore.Cues c) {
            return new Written(c.provider(), c.model(), c.jobId(), c.createdAt(), c.current(), c.vectorModel());
        }
    }
}
