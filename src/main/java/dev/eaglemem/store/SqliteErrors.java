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

    static int primaryCode(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            return sqlite.getResultCode().code & 0xff;
        }
        return e.getErrorCode() & 0xff;
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
            case CORRUPT, NOTADB -> EagleException.failure("database_corrupt",
                    db + " is not a readable SQLite database (" + firstLine(e) + ")",
                    "inspect it with '" + doctor + "'; to start a fresh database without deleting this one: mv "
                            + db + " " + db + ".corrupt",
                    e);
            case READONLY, CANTOPEN -> EagleException.failure("database_unwritable",
                    "cannot open " + db + " for writing (" + firstLine(e) + ")",
                    "make the directory writable: chmod 700 " + db.getParent() + " && chmod 600 " + db
                            + ", or point EAGLE_MEM_DIR at a writable directory",
                    e);
            case FULL -> EagleException.failure("disk_full",
                    "the disk holding " + db + " is full (" + firstLine(e) + ")",
                    "free some space (df -h " + db.getParent() + ") and retry", e);
            case IOERR -> EagleException.failure("database_io_error",
                    "I/O error on " + db + " (" + firstLine(e) + ")",
                    "check the disk and run: " + doctor, e);
            default -> new EagleException(ExitCode.FAILURE, "database_error",
                    "database error on " + db + ": " + firstLine(e), "run: " + doctor, e);
        };
    }

    private static String firstLine(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
