package dev.eaglemem.store;

import java.nio.file.Path;
import java.sql.SQLException;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.sqlite.SQLiteException;

/** Turns SQLite failures into errors that say what happened to which file and how to fix it. */
final class SqliteErrors {

    // Primary result codes (https://sqlite.org/rescode.html); extended codes keep these in the low byte.
    static final int BUSY = 5;
    static final int LOCKED = 6;
    static final int READONLY = 8;
    static final int IOERR = 10;
    static final int CORRUPT = 11;
    static final int FULL = 13;
    static final int CANTOPEN = 14;
    static final int NOTADB = 26;

    private SqliteErrors() {
    }

    /**
     * SQLite's primary result code. The pool wraps a failure to open a connection in its own SQLException, so the
     * code is looked for down the cause chain: a locked or full database must not read as an unknown error.
     */
    static int primaryCode(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException sqlite) {
                return sqlite.getResultCode().code & 0xff;
            }
            if (t instanceof SQLException sql && (sql.getErrorCode() & 0xff) != 0) {
                return sql.getErrorCode() & 0xff;
            }
        }
        return 0;
    }

    static boolean isBusy(SQLException e) {
        int code = primaryCode(e);
        return code == BUSY || code == LOCKED;
    }

    static EagleException translate(SQLException e, Path db) {
        String doctor = "eagle-mem doctor";
        return switch (primaryCode(e)) {
            case BUSY, LOCKED -> EagleException.failure("database_locked",
                    "the database " + db + " is locked by another process (" + firstLine(e) + ")",
                    "retry the command; if it keeps failing, run: " + doctor, e);
            // repair keeps the damaged files and salvages every readable row; hook events wait in the spool meanwhile
            case CORRUPT, NOTADB -> EagleException.failure("database_corrupt",
                    db + " is not a readable SQLite database (" + firstLine(e) + ")", repairFix(), e);
            case READONLY, CANTOPEN -> EagleException.failure("database_unwritable",
                    "cannot open " + db + " for writing (" + firstLine(e) + ")", writableFix(db), e);
            case FULL -> EagleException.failure("disk_full",
                    "the disk holding " + db + " is full (" + firstLine(e) + ")", diskFullFix(db), e);
            case IOERR -> EagleException.failure("database_io_error",
                    "I/O error on " + db + " (" + firstLine(e) + ")",
                    "check the disk and run: " + doctor, e);
            default -> new EagleException(ExitCode.FAILURE, "database_error",
                    "database error on " + db + ": " + firstLine(e), "run: " + doctor, e);
        };
    }

    static String repairFix() {
        return "eagle-mem serve --stop && eagle-mem repair --yes";
    }

    /**
     * SQLite creates -wal and -shm with the database's mode: a database that was read-only leaves them read-only
     * too, and making memory.db alone writable again fixes nothing. The glob covers all three.
     */
    static String writableFix(Path db) {
        return "chmod 700 " + db.getParent() + " && chmod 600 " + db + "*";
    }

    static String diskFullFix(Path db) {
        return "free space on the disk that holds " + db.getParent() + " (df -h " + db.getParent()
                + "), then: eagle-mem spool replay";
    }

    static String firstLine(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
