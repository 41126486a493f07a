package dev.eaglemem.serve.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The JSON body of {@code POST /tasks/{id}/notes}: the note's text (redacted before it is stored). */
@RegisterForReflection
record TaskNoteBody(String text) {
}
