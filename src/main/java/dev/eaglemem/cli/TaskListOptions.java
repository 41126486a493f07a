package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.task.TaskFilter;
import dev.eaglemem.task.TaskStatus;
import picocli.CommandLine.Option;

/** The options of {@code tasks list} (and of plain {@code tasks}): which statuses, how many. */
public class TaskListOptions {

    @Option(names = "--all", description = "Every status, completed and cancelled too.")
    boolean all;

    @Option(names = "--status", paramLabel = "STATUS", split = ",", description = "Only these statuses: pending,"
            + " in_progress (or in-progress), blocked, completed, cancelled; repeat or separate with commas.")
    List<String> statuses = new ArrayList<>();

    @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "50", converter = Limit.class,
            description = Limit.RANGE + " (default ${DEFAULT-VALUE}).")
    int limit;

    /** --status wins over --all; neither: the open tasks. */
    TaskFilter filter() {
        if (!statuses.isEmpty()) {
            return new TaskFilter(statuses.stream().map(TaskStatus::parse).distinct().toList(), limit);
        }
        return all ? TaskFilter.all(limit) : TaskFilter.open(limit);
    }
}
