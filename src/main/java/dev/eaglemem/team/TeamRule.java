package dev.eaglemem.team;

import dev.eaglemem.store.TeamDatabase;
import dev.eaglemem.store.TeamRecord;

/**
 * The one conflict rule of team sync: the higher revision wins; between equal revisions (two machines edited the same
 * revision) the later change wins; between changes at the same instant the greater content hash wins, so every machine
 * decides alike. The loser is never dropped: the team database keeps it in its history, marked lost, and
 * {@code team status} shows it.
 */
public final class TeamRule implements TeamDatabase.Rule {

    public static final TeamRule INSTANCE = new TeamRule();
    public static final String TEXT = "higher revision wins, then the later change, then the greater content hash";

    private TeamRule() {
    }

    @Override
    public boolean incomingWins(TeamRecord incoming, TeamRecord current) {
        if (incoming.revision() != current.revision()) {
            return incoming.revision() > current.revision();
        }
        int byTime = compare(incoming.changedAt(), current.changedAt());
        if (byTime != 0) {
            return byTime > 0;
        }
        return incoming.hash().compareTo(current.hash()) > 0;
    }

    private static int compare(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return a.compareTo(b);
    }
}
