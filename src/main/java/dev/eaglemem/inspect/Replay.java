package dev.eaglemem.inspect;

import java.util.List;

import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A session replayed: its rows by kind (oldest first) and {@code steps}, all of them merged in time order.
 *
 * @param summary null when none was captured
 * @param truncated rows left out because the session has more than {@link InspectService#REPLAY_ROWS} of a kind
 */
@RegisterForReflection
public record Replay(SessionRow session, SummaryRow summary, List<PromptRow> prompts, List<RecallEventRow> recallEvents,
        List<ObservationRow> observations, List<ReplayStep> steps, int truncated) {

    public Replay {
        prompts = List.copyOf(prompts);
        recallEvents = List.copyOf(recallEvents);
        observations = List.copyOf(observations);
        steps = List.copyOf(steps);
    }
}
