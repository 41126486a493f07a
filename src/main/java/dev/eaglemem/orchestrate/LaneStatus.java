package dev.eaglemem.orchestrate;

import java.util.Locale;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.task.TaskStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** Where a lane stands; stored and printed in lower case. */
@RegisterForReflection
public enum LaneStatus {
    PENDING, RUNNING, COMPLETED, BLOCKED, CANCELLED;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static LaneStatus fromId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    /** Pending, running or blocked: a lane that still needs someone. */
    public boolean isActive() {
        return this == PENDING || this == RUNNING || this == BLOCKED;
    }

    /** The mirroring task's status. */
    public TaskStatus task() {
        return switch (this) {
            case PENDING -> TaskStatus.PENDING;
            case RUNNING -> TaskStatus.IN_PROGRESS;
            case COMPLETED -> TaskStatus.COMPLETED;
            case BLOCKED -> TaskStatus.BLOCKED;
            case CANCELLED -> TaskStatus.CANCELLED;
        };
    }

    /**
     * Refuses a move the lifecycle does not allow: completed and cancelled are final; a blocked lane is started again
     * before it can be completed (its blocker was real until someone says otherwise). Staying put is allowed.
     */
    public void checkMove(LaneStatus to, String key) {
        if (to == this) {
            return;
        }
        if (this == COMPLETED || this == CANCELLED) {
            throw EagleException.conflict("lane_final", "lane " + key + " is " + id() + "; it cannot become " + to.id(),
                    "add a new lane: eagle-mem orchestrate lane add KEY");
        }
        if (this == BLOCKED && to == COMPLETED) {
            throw EagleException.conflict("lane_blocked", "lane " + key + " is blocked; start it before completing it",
                    "eagle-mem orchestrate lane start " + key);
        }
    }
}
