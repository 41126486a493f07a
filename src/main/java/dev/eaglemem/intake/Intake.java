package dev.eaglemem.intake;

import java.util.Optional;

import dev.eaglemem.capture.CaptureService.Captured;
import dev.eaglemem.feature.Recorded;

/**
 * What {@link EventIntake#accept} did with an event it recorded: its rows, and what its follow-ups recorded
 * ({@link Recorded#NONE} for an event that was already applied, whose follow-ups ran then).
 */
public record Intake(Captured captured, Recorded recorded) {

    /** Empty when the event belongs to no project. */
    public Optional<String> projectKey() {
        return captured.projectKey();
    }
}
