package dev.eaglemem.team;

import dev.eaglemem.store.TeamRecord;

/** How a revision in a conflict is named for people. */
final class TeamConflicts {

    private TeamConflicts() {
    }

    static String describe(TeamRecord r) {
        if (r == null) {
            return "the team's revision";
        }
        return "revision " + r.revision() + " by " + r.person() + " on " + r.machine()
                + (r.changedAt() == null ? "" : " of " + r.changedAt());
    }
}
