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
}
