package dev.eaglemem.task;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.eaglemem.error.EagleException;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Where a task stands; printed and stored in lower case ({@code in_progress}). */
@RegisterForReflection
public enum TaskStatus {
    PENDING, IN_PROGRESS, BLOCKED, COMPLETED, CANCELLED;

    /** The stored and printed name: {@code pending}, {@code in_progress}, … */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Pending, in progress or blocked: work that is not done. */
    public boolean isOpen() {
        return this != COMPLETED && this != CANCELLED;
    }

    /**
     * The status a person typed: any case, with {@code -}, {@code _} or nothing between the words of
     * {@code in_progress} ({@code in-progress}, {@code inprogress}); {@code canceled} is {@code cancelled}.
     */
    public static Optional<TaskStatus> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String folded = text.strip().toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
        if (folded.equals("canceled")) {
            return Optional.of(CANCELLED);
        }
        return Arrays.stream(values()).filter(s -> s.id().replace("_", "").equals(folded)).findFirst();
    }

    /** {@link #find}, or an invalid-input error that names the statuses there are. */
    public static TaskStatus parse(String text) {
        return find(text).orElseThrow(() -> EagleException.invalidInput("unknown task status '" + text + "'",
                "use one of: " + Arrays.stream(values()).map(TaskStatus::id).collect(Collectors.joining(", "))));
    }

    public static TaskStatus fromId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }
}
