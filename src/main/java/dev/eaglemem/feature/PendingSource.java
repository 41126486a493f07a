package dev.eaglemem.feature;

import java.util.Arrays;
import java.util.Optional;

/** Where a pending verification was recorded, with the reason shown for it. */
public enum PendingSource {
    POST_TOOL_USE("post_tool_use", "file changed by the agent"), STOP("stop", "repository diff at turn end"), RELEASE("release",
            "release boundary for the current diff"), CLI("cli", "file changed since it was last recorded");

    private final String id;
    private final String reason;

    PendingSource(String id, String reason) {
        this.id = id;
        this.reason = reason;
    }

    public String id() {
        return id;
    }

    public String reason() {
        return reason;
    }

    public static Optional<PendingSource> parse(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }
}
