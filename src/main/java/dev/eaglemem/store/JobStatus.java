package dev.eaglemem.store;

import java.util.Locale;
import java.util.Optional;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Where a background job is in its life: pending → running → done, or back to pending to retry, or dead. */
@RegisterForReflection
public enum JobStatus {
    PENDING, RUNNING, DONE, DEAD, CANCELLED;

    /** The value stored in {@code jobs.status}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<JobStatus> parse(String text) {
        for (JobStatus s : values()) {
            if (s.id().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** True once nothing will run it again by itself. */
    public boolean finished() {
        return this == DONE || this == DEAD || this == CANCELLED;
    }
}
