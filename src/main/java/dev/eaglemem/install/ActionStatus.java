package dev.eaglemem.install;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What happened to one file or step of install or uninstall. Most are a plain {@link Outcome}; a dry run
 * wraps each change in {@link Planned}, and a few steps carry their own detail. JSON and people see
 * {@link #id()}: the words install printed when this was a string.
 */
@RegisterForReflection
public sealed interface ActionStatus extends StateId {

    @RegisterForReflection
    enum Outcome implements ActionStatus {
        CREATED("created"), UPDATED("updated"), UNCHANGED("unchanged"), REMOVED("removed"), RESTORED("restored"), READY(
                "ready"), MIGRATE_IF_BEHIND("migrate if behind");

        private final String id;

        Outcome(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }

        public static Outcome parse(String id) {
            return StateId.parse(values(), id);
        }
    }

    /** A dry run: what would happen. */
    @RegisterForReflection
    record Planned(ActionStatus would) implements ActionStatus {
        @Override
        public String id() {
            return "planned: " + would.id();
        }
    }

    /** A step left out, and why (e.g. the program it needs is not on PATH). */
    @RegisterForReflection
    record Skipped(String why) implements ActionStatus {
        @Override
        public String id() {
            return "skipped (" + why + ")";
        }
    }

    /** The running serve was stopped so that the next hook starts the new runtime. */
    @RegisterForReflection
    record Stopped(long pid) implements ActionStatus {
        @Override
        public String id() {
            return "stopped (pid " + pid + ")";
        }
    }

    /** The user service step, which has its own report: its one-sentence summary. */
    @RegisterForReflection
    record ServiceStep(String summary, boolean failed) implements ActionStatus {
        @Override
        public String id() {
            return failed ? "failed: " + summary : summary;
        }
    }
}
