package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;

import dev.eaglemem.store.TeamLost;
import dev.eaglemem.store.TeamMember;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.team.TeamPullReport;
import dev.eaglemem.team.TeamPushReport;
import dev.eaglemem.team.TeamStatus;

/** The human renderings of {@code eagle-mem team}. */
final class TeamRender {

    private TeamRender() {
    }

    static void status(PrintWriter out, TeamStatus s) {
        if (!s.connected()) {
            out.println("Not connected to a team. Connect: eagle-mem team connect postgresql://USER@HOST:5432/DATABASE");
            s.projects().forEach(p -> out.println("  shared when connected: " + p.project() + " as " + p.teamKey()));
            return;
        }
        out.println("Team '" + s.team() + "' at " + s.url() + " as " + s.person() + " on " + s.machine() + " ("
                + (s.online() ? "online, PostgreSQL " + s.server() : "offline" + (s.error() == null ? "" : ": " + s.error()))
                + ").");
        out.println("Password from: " + s.password() + ". Shared besides the defaults: "
                + (s.include().isEmpty() ? "nothing" : String.join(", ", s.include())) + ".");
        if (s.projects().isEmpty()) {
            out.println("No project shared yet: eagle-mem team share (inside the project).");
        }
        s.projects().forEach(p -> out.println("  " + p.project() + " as " + p.teamKey()));
        out.println("Waiting to push: " + Console.count(s.waiting(), "record") + ". Pulled through " + s.pullCursor()
                + (s.online() ? " of " + s.teamCursor() : "") + ". Last push " + Console.orDash(s.lastPushAt()) + ", last pull "
                + Console.orDash(s.lastPullAt()) + ".");
        if (s.lastError() != null) {
            out.println("Last error (" + s.lastErrorAt() + "): " + s.lastError());
        }
        if (!s.conflicts().isEmpty() || !s.lost().isEmpty()) {
            out.println("Conflicts (" + s.rule() + "):");
            for (TeamStore.Conflict c : s.conflicts()) {
                out.println("  " + c.createdAt() + " " + c.type() + " " + c.recordId() + ": kept " + c.kept() + "; lost "
                        + c.lost());
            }
            for (TeamLost l : s.lost()) {
                out.println("  in the team: " + l.type() + " " + l.recordId() + " revision " + l.revision() + " by " + l.person()
                        + " on " + l.machine() + " lost to revision " + l.wonRevision() + " by " + l.wonPerson() + " on "
                        + l.wonMachine() + " (" + l.decidedAt() + ")");
            }
        }
    }

    static void push(PrintWriter out, TeamPushReport r) {
        out.println("Pushed " + Console.count(r.sent(), "record") + " of " + Console.count(r.projects(), "project") + ": "
                + r.created() + " new, " + r.updated() + " updated, " + r.unchanged() + " already there"
                + (r.won() + r.lost() > 0 ? ", conflicts " + r.won() + " won and " + r.lost() + " lost (team status shows them)"
                        : "")
                + ".");
    }

    static void pull(PrintWriter out, TeamPullReport r) {
        out.println("Pulled " + Console.count(r.received(), "record") + ": " + r.created() + " new here, " + r.updated()
                + " updated, " + r.unchanged() + " already here" + (r.conflicts() > 0 ? ", " + r.conflicts()
                        + " conflicts kept local (team status)" : "")
                + (r.skipped() > 0 ? ", " + r.skipped() + " skipped (they refer to records the team lacks)" : "")
                + (r.checksCleared() > 0 ? "; " + Console.count(r.checksCleared(), "check") + " cleared by a verification"
                        + " from the team" : "")
                + ". Through " + r.cursor() + ".");
    }

    static void members(PrintWriter out, List<TeamMember> members) {
        if (members.isEmpty()) {
            out.println("No machine has synced with this team yet.");
        }
        for (TeamMember m : members) {
            out.println(m.person() + " on " + m.machine() + ": last seen " + m.lastSeenAt() + ", pushed "
                    + Console.count(m.recordsPushed(), "record") + " (eagle-mem " + Console.orDash(m.eagleMem()) + ")");
        }
    }

    /** What {@code team unshare} did. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    record Unshared(String project, boolean unshared) {
    }

    /** What {@code team disconnect} did. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    record Disconnected(boolean disconnected) {
    }
}
