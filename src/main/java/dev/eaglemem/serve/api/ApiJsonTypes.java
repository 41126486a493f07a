package dev.eaglemem.serve.api;

import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallScore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types only the HTTP API reads or writes with Jackson (the CLI's are in cli.JsonTypes). A native
 * image keeps their accessors and constructors only when they are registered.
 */
@RegisterForReflection(targets = { MemoryBody.class, MemoryPatchBody.class, RecordService.Batch.class,
        RecallHistory.Listing.class, RecallEventRow.class, RecallScore.class, ViewerApi.NotesBody.class, ViewerApi.ReasonBody.class })
final class ApiJsonTypes {

    private ApiJsonTypes() {
    }
}
