package dev.eaglemem.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import dev.eaglemem.format.Times;
import dev.eaglemem.store.CheckpointRow;
import org.junit.jupiter.api.Test;

/** The "where you were" block: its order, its marks and its budget. */
class WhereYouWereTest {

    private static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");
    private static final CheckpointRow CHECKPOINT = new CheckpointRow("s-1", "code/shop", "claude-code", "auto",
            "make the cart totals exact", "Switched totals to integer cents; property tests next.",
            List.of("src/cart.py", "tests/test_cart.py"), List.of("README.md"),
            List.of(new CheckpointRow.Note(7, "decision", "Money is integer cents"),
                    new CheckpointRow.Note(9, "gotcha", "CartTest needs TZ=UTC")),
            List.of(12L), "2026-11-22T14:58:00.000Z");

    private static String render(List<OpenTask> tasks, CheckpointRow checkpoint, int cap) {
        return WhereYouWere.render(tasks, checkpoint, "compact", "eagle-mem", Times.UTC, NOW, cap);
    }

    private static OpenTask task(long id, String status, Duration age, boolean stale) {
        return new OpenTask(id, "Task number " + id, status, NOW.minus(age), stale);
    }

    @Test
    void nothingToSayIsEmpty() {
        assertThat(render(List.of(), null, 2500)).isEmpty();
    }

    @Test
    void inProgressTasksComeFirstThenTheCheckpointThenTheOtherOpenTasks() {
        String text = render(List.of(task(12, "in_progress", Duration.ofHours(5), false),
                task(3, "in_progress", Duration.ofDays(4), true), task(14, "blocked", Duration.ofDays(1), false),
                task(15, "pending", Duration.ofMinutes(20), false)), CHECKPOINT, 2500);
        assertThat(text).isEqualTo("""
                Where you were before the context was compacted (checkpoint 2026-11-22 14:58 UTC):
                In progress:
                - t-12 Task number 12 (in progress 5h)
                - t-3 Task number 3 (in progress 4d, stale)
                Request: make the cart totals exact
                Doing: Switched totals to integer cents; property tests next.
                Decisions & gotchas:
                - [decision] Money is integer cents (mem-7)
                - [gotcha] CartTest needs TZ=UTC (mem-9)
                Edited: src/cart.py, tests/test_cart.py
                Open:
                - t-14 Task number 14 (blocked 1d)
                - t-15 Task number 15 (pending 20m)
                Read: README.md
                More: eagle-mem tasks show t-…, eagle-mem show mem-…, eagle-mem search <words>.""");
    }

    @Test
    void aClearSaysSoAndTasksAloneStillMakeABlock() {
        String text = WhereYouWere.render(List.of(task(1, "pending", Duration.ofDays(2), false)), null, "clear", "em",
                Times.UTC, NOW, 2500);
        assertThat(text).startsWith("Where you were before the context was cleared:\nOpen:\n- t-1 Task number 1 (pending 2d)");
    }

    @Test
    void manyTasksAreCountedNotListed() {
        List<OpenTask> tasks = IntStream.rangeClosed(1, 200)
                .mapToObj(i -> task(i, i <= 20 ? "in_progress" : "pending", Duration.ofHours(i), i <= 20 && i % 7 == 0))
                .toList();
        String text = render(tasks, CHECKPOINT, 2500);
        assertThat(text.length()).isLessThanOrEqualTo(2500);
        assertThat(text).contains("- … 12 more (1 stale): eagle-mem tasks list").contains("- … 172 more: eagle-mem tasks list")
                .contains("- t-7 Task number 7 (in progress 7h, stale)");
    }

    @Test
    void theBudgetDropsTheLeastUsefulPartsFirstAndKeepsTheHeaderAndTheWayToExpand() {
        List<OpenTask> tasks = new ArrayList<>();
        tasks.add(task(12, "in_progress", Duration.ofHours(5), false));
        tasks.add(task(14, "pending", Duration.ofDays(1), false));
        String full = render(tasks, CHECKPOINT, 10_000);
        for (int cap = 500; cap <= full.length(); cap += 37) {
            String text = render(tasks, CHECKPOINT, cap);
            assertThat(text.length()).as("cap %d", cap).isLessThanOrEqualTo(cap);
            assertThat(text).startsWith("Where you were").endsWith("search <words>.").contains("- t-12 Task number 12");
        }
        String tight = render(tasks, CHECKPOINT, 420);
        assertThat(tight).contains("In progress:").contains("Request:").doesNotContain("Read: ").doesNotContain("Open:");
    }

    @Test
    void agesAreInTheirLargestWholeUnit() {
        assertThat(WhereYouWere.age(NOW.minus(Duration.ofDays(3).plusHours(5)), NOW)).isEqualTo("3d");
        assertThat(WhereYouWere.age(NOW.minus(Duration.ofMinutes(90)), NOW)).isEqualTo("1h");
        assertThat(WhereYouWere.age(NOW.minusSeconds(30), NOW)).isEqualTo("0m");
        assertThat(WhereYouWere.age(NOW.plusSeconds(30), NOW)).isEmpty();
        assertThat(WhereYouWere.age(null, NOW)).isEmpty();
    }
}
