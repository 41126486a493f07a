package dev.eaglemem.config;

import jakarta.enterprise.context.ApplicationScoped;

/** Typed access to config values for commands; the file is read on first use only. */
@ApplicationScoped
public class Settings {

    private final EagleConfig config;

    public Settings(EagleConfig config) {
        this.config = config;
    }

    public int searchLimit() {
        return config.intValue(ConfigKeys.SEARCH_LIMIT);
    }

    public int sessionStartChars() {
        return config.intValue(ConfigKeys.RECALL_SESSION_START_CHARS);
    }

    public int promptChars() {
        return config.intValue(ConfigKeys.RECALL_PROMPT_CHARS);
    }

    public int observationRetentionDays() {
        return config.intValue(ConfigKeys.RETENTION_OBSERVATION_DAYS);
    }
}
