package dev.eaglemem.task;

/** A change to a task's text: a null field stays as it is; an empty {@code details} clears them. */
public record TaskPatch(String title, String details) {

    public boolean isEmpty() {
        return title == null && details == null;
    }
}
