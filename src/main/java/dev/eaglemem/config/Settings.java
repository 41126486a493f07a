package dev.eaglemem.config;

import java.time.ZoneId;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.format.Times;

/** Typed access to config values for commands; the file is read on first use only. */
@ApplicationScoped
public class Settings {

    private final EagleConfig config;

    public Settings(EagleConfig config) {
        this.config = config;
    }

    /** Why config.toml could not be read, so that every value here is its default; empty when it was read. */
    public Optional<String> configProblem() {
        return config.isBroken() ? Optional.of(config.problem().getMessage()) : Optional.empty();
    }

    public int searchLimit() {
        return config.intValue(ConfigKeys.SEARCH_LIMIT);
    }

    public int sessionStartChars() {
        return config.intValue(ConfigKeys.RECALL_SESSION_START_CHARS);
    }

    /** compaction.budget_chars: the "where you were" block's own budget. */
    public int compactionChars() {
        return config.intValue(ConfigKeys.COMPACTION_BUDGET_CHARS);
    }

    public int promptChars() {
        return config.intValue(ConfigKeys.RECALL_PROMPT_CHARS);
    }

    /** recall.semantic: embeddings and hybrid recall in serve and search. */
    public boolean semanticRecall() {
        return config.boolValue(ConfigKeys.RECALL_SEMANTIC);
    }

    /** recall.cues: the cue-memories job asks the model provider for memories' search cues. */
    public boolean memoryCues() {
        return config.boolValue(ConfigKeys.RECALL_CUES);
    }

    public int servePort() {
        return config.intValue(ConfigKeys.SERVE_PORT);
    }

    public int serveIdleMinutes() {
        return config.intValue(ConfigKeys.SERVE_IDLE_MINUTES);
    }

    public boolean serveAutostart() {
        return config.boolValue(ConfigKeys.SERVE_AUTOSTART);
    }

    public int jobsConcurrency() {
        return config.intValue(ConfigKeys.JOBS_CONCURRENCY);
    }

    public int jobsMaxAttempts() {
        return config.intValue(ConfigKeys.JOBS_MAX_ATTEMPTS);
    }

    /** curate.every_sessions: ended sessions between automatic curate jobs (0 = never automatically). */
    public int curateEverySessions() {
        return config.intValue(ConfigKeys.CURATE_EVERY_SESSIONS);
    }

    public int observationRetentionDays() {
        return config.intValue(ConfigKeys.RETENTION_OBSERVATION_DAYS);
    }

    /** tasks.stale_days: days an in-progress task may go untouched before it is called stale. */
    public int taskStaleDays() {
        return config.intValue(ConfigKeys.TASKS_STALE_DAYS);
    }

    /** orchestrate.worker_autonomy is full: lane workers bypass approvals (and Codex its sandbox). */
    public boolean fullWorkerAutonomy() {
        return "full".equals(config.stringValue(ConfigKeys.ORCHESTRATE_WORKER_AUTONOMY));
    }

    /** orchestrate.worker_timeout_minutes: how long a lane's worker may run before it is killed. */
    public int workerTimeoutMinutes() {
        return config.intValue(ConfigKeys.ORCHESTRATE_WORKER_TIMEOUT_MINUTES);
    }

    /** team.sync_seconds: seconds between serve's team-sync runs while this store is connected to a team. */
    public int teamSyncSeconds() {
        return config.intValue(ConfigKeys.TEAM_SYNC_SECONDS);
    }

    /** orchestrate.max_workers: most lane workers serve runs at once. */
    public int maxWorkers() {
        return config.intValue(ConfigKeys.ORCHESTRATE_MAX_WORKERS);
    }

    /** Times for people: in {@code display.timezone}, by default TZ or the system's zone. */
    public Times times() {
        String zone = config.stringValue(ConfigKeys.DISPLAY_TIMEZONE);
        return new Times(ConfigKeys.SYSTEM_ZONE.equals(zone) ? ZoneId.systemDefault() : ZoneId.of(zone));
    }

    /** How text for agents calls eagle-mem: {@code eagle-mem}, or the full path install recorded. */
    public String agentCommand() {
        return config.stringValue(ConfigKeys.AGENTS_COMMAND);
    }
}
