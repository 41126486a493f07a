package dev.eaglemem.error;

/** Process exit codes, fixed once for every command (documented in docs/json.md "Exit codes"). */
public enum ExitCode {
    OK(0),
    /** The environment failed us: database locked, corrupt or unwritable, disk full, I/O. */
    FAILURE(1),
    /** The user asked for something malformed: bad option, value, query or config file. */
    INVALID_INPUT(2),
    /** A named thing (memory, session, record id) does not exist. */
    NOT_FOUND(3),
    /** The request conflicts with stored state and needs a decision (e.g. a contradicting memory). */
    CONFLICT(4),
    /** A bug in eagle-mem. */
    INTERNAL(70);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
