package dev.eaglemem.error;

import java.util.Objects;

/**
 * The one user-facing error type. The message says what went wrong and where; the fix is a command
 * (or a short instruction) the user can run. The CLI's error handler prints both and exits with
 * {@link #exitCode()}; hooks log it and stay silent.
 */
public final class EagleException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ExitCode exitCode;
    private final String errorCode;
    private final String fix;

    public EagleException(ExitCode exitCode, String errorCode, String message, String fix, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), cause);
        this.exitCode = Objects.requireNonNull(exitCode, "exitCode");
        this.errorCode = Objects.requireNonNull(errorCode, "errorCode");
        this.fix = fix;
    }

    public static EagleException invalidInput(String message, String fix) {
        return new EagleException(ExitCode.INVALID_INPUT, "invalid_input", message, fix, null);
    }

    public static EagleException notFound(String message, String fix) {
        return new EagleException(ExitCode.NOT_FOUND, "not_found", message, fix, null);
    }

    public static EagleException conflict(String errorCode, String message, String fix) {
        return new EagleException(ExitCode.CONFLICT, errorCode, message, fix, null);
    }

    public static EagleException failure(String errorCode, String message, String fix, Throwable cause) {
        return new EagleException(ExitCode.FAILURE, errorCode, message, fix, cause);
    }

    public ExitCode exitCode() {
        return exitCode;
    }

    /** Stable snake_case identifier for --json consumers (e.g. {@code database_locked}). */
    public String errorCode() {
        return errorCode;
    }

    /** A runnable fix, or null when there is nothing better to say than the message. */
    public String fix() {
        return fix;
    }
}
