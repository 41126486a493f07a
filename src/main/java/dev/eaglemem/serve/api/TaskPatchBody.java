package dev.eaglemem.serve.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The JSON body of {@code PATCH /tasks/{id}}: absent fields stay as they are. {@code title} and {@code details} are
 * replaced (an empty {@code details} clears them); {@code status} moves the task, with {@code note} kept as the reason;
 * a {@code note} alone is added as a note.
 */
@RegisterForReflection
record TaskPatchBody(String title, String details, String status, String note) {
}
