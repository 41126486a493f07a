package dev.eaglemem.store;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;

/**
 * What went wrong talking to a team database, named for a person: which of host, network, password, database,
 * privilege or server it was, and the fix. Every error whose code starts with {@code team_unreachable} means "offline":
 * local work goes on and sync tries again by itself.
 */
public final class TeamDatabaseErrors {

    public static final String UNREACHABLE = "team_unreachable";

    private TeamDatabaseErrors() {
    }

    /** True for the errors that only mean the team database cannot be reached now. */
    public static boolean offline(Throwable e) {
        return e instanceof EagleException ee && ee.errorCode().equals(UNREACHABLE);
    }

    static EagleException translate(SQLException e, String where, String user, String database) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        Throwable cause = rootCause(e);
        if (cause instanceof UnknownHostException) {
            return new EagleException(ExitCode.FAILURE, "team_host_unknown", "the team database's host is unknown ("
                    + where + ": " + cause.getMessage() + ")",
                    "check the host name in the URL: eagle-mem team connect"
                            + " postgresql://USER@HOST:PORT/DATABASE",
                    e);
        }
        if (state.equals("28P01") || state.equals("28000")) {
            return new EagleException(ExitCode.FAILURE, "team_auth_failed", "the team database at " + where
                    + " refused user '" + user + "': " + firstLine(e.getMessage()),
                    "give the right password by PGPASSWORD,"
                            + " a ~/.pgpass line, or: eagle-mem team connect URL --password-stdin (and check pg_hba.conf)",
                    e);
        }
        if (state.equals("3D000")) {
            return new EagleException(ExitCode.FAILURE, "team_database_missing", "there is no database '" + database + "' at "
                    + where, "create it (createdb -h HOST -U USER " + database + ") or fix the database name in the URL", e);
        }
        if (state.equals("42501")) {
            return new EagleException(ExitCode.FAILURE, "team_permission_denied", "user '" + user + "' may not do this in the"
                    + " team database at " + where + ": " + firstLine(e.getMessage()),
                    "ask its owner to run: GRANT CREATE ON"
                            + " DATABASE " + database + " TO " + user + " (eagle-mem keeps its tables in schema eagle_mem)",
                    e);
        }
        if (state.startsWith("08") || cause instanceof ConnectException || cause instanceof NoRouteToHostException
                || cause instanceof SocketTimeoutException || cause instanceof java.io.EOFException
                || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
            String ssl = e.getMessage() != null && e.getMessage().contains("SSL") ? " (SSL: " + firstLine(e.getMessage()) + ")"
                    : "";
            return new EagleException(ExitCode.FAILURE, UNREACHABLE, "the team database at " + where + " cannot be reached"
                    + ssl + ": " + firstLine(cause.getMessage() == null ? e.getMessage() : cause.getMessage()),
                    "check that PostgreSQL runs there and the host and port are right; meanwhile local work goes on and"
                            + " serve's sync resumes by itself (eagle-mem team status shows what waits)",
                    e);
        }
        return new EagleException(ExitCode.FAILURE, "team_database_failed", "the team database at " + where + " failed: "
                + firstLine(e.getMessage()) + (state.isEmpty() ? "" : " (SQLSTATE " + state + ")"),
                "run eagle-mem team status; the log has the details", e);
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl >= 0 ? s.substring(0, nl) : s).strip();
    }
}
