package dev.eaglemem.config;

import java.util.List;
import java.util.Optional;

/** Every key {@code config.toml} understands; docs/configuration.md's table is generated from them (ReferenceDocsTest). */
public final class ConfigKeys {

    /**
     * The most results one list or search returns: the range 1 to this is the one rule of every {@code -n/--limit},
     * of {@code search.limit} and of the HTTP API's {@code limit=}; a number outside it is refused, never clamped.
     */
    public static final int MAX_LIMIT = 1000;

    public static final ConfigKey SEARCH_LIMIT = ConfigKey.integer("search.limit", 10, 1, MAX_LIMIT,
            "Default number of results for eagle-mem search; every -n/--limit and the HTTP API's limit= take the same range.");
    public static final ConfigKey REDACTION_EXTRA_PATTERNS = ConfigKey.stringList("redaction.extra_patterns",
            "Java regular expressions", ConfigValues::regexProblem,
            "Extra Java regular expressions whose matches are replaced by [REDACTED] before storage.");
    public static final ConfigKey REDACTION_HIGH_ENTROPY = ConfigKey.bool("redaction.high_entropy", true,
            "Also redact long random-looking tokens that match no known key format.");
    public static final ConfigKey STORE_BUSY_TIMEOUT_MS = ConfigKey.integer("store.busy_timeout_ms", 5000, 5000, 60000,
            "How long one SQLite statement waits for another process's lock, in milliseconds.");
    public static final ConfigKey STORE_WRITE_RETRIES = ConfigKey.integer("store.write_retries", 4, 0, 20,
            "How many more times a write that still found the database busy is tried, with exponential back-off.");

    public static final ConfigKey RECALL_SESSION_START_CHARS = ConfigKey.integer("recall.sessionstart_chars", 8000,
            1000, 20000, "Most characters injected at SessionStart; whole sections are dropped, lowest priority first.");
    public static final ConfigKey RECALL_PROMPT_CHARS = ConfigKey.integer("recall.prompt_chars", 3000, 500, 10000,
            "Most characters injected for one prompt (UserPromptSubmit recall).");
    public static final ConfigKey RECALL_SEMANTIC = ConfigKey.bool("recall.semantic", true,
            "serve embeds memories, summaries and code chunks with a local model (no network) and recalls by meaning "
                    + "as well as by words; off keeps recall and search lexical (BM25) and loads no model.");
    public static final ConfigKey RECALL_CUES = ConfigKey.bool("recall.cues", true,
            "With a model provider configured (llm.provider), serve asks it to write search cues for each memory (the "
                    + "requests a person who runs into it would type) and recalls by them too; costs tokens under the llm "
                    + "budget. Off: no new cues are written (eagle-mem memories cues --clear --all removes the stored ones).");
    public static final ConfigKey RETENTION_OBSERVATION_DAYS = ConfigKey.integer("retention.observation_days", 90, 1,
            3650, "Tool-call observations older than this are deleted by the prune job SessionEnd "
                    + "queues; summaries and memories stay.");

    public static final ConfigKey SERVE_PORT = ConfigKey.integer("serve.port", 7419, 0, 65535,
            "Loopback TCP port of the eagle-mem serve API (0 picks a free port). When it is taken, serve takes a free one, "
                    + "records it in $EAGLE_MEM_DIR/serve.port and says so in the log. The unix socket is always on.");
    public static final ConfigKey SERVE_IDLE_MINUTES = ConfigKey.integer("serve.idle_minutes", 120, 0, 10080,
            "serve exits after this many minutes without a request and without pending jobs (0 = never).");
    public static final ConfigKey SERVE_AUTOSTART = ConfigKey.bool("serve.autostart", true,
            "A hook that finds no serve running starts one in the background (EAGLE_MEM_SERVE_AUTOSTART=0 turns it off too).");
    public static final ConfigKey JOBS_CONCURRENCY = ConfigKey.integer("jobs.concurrency", 2, 1, 16,
            "Background jobs run at the same time, by serve or eagle-mem jobs run.");
    public static final ConfigKey JOBS_MAX_ATTEMPTS = ConfigKey.integer("jobs.max_attempts", 5, 1, 50,
            "Attempts before a failing job is moved to the dead letter list (eagle-mem jobs list --status dead).");
    public static final ConfigKey CURATE_EVERY_SESSIONS = ConfigKey.integer("curate.every_sessions", 10, 0, 1000,
            "A curate job is queued for a project after this many of its sessions have ended since the last one "
                    + "(0 = only when eagle-mem curate is run).");

    public static final ConfigKey TOKEN_GUARD_RTK = ConfigKey.oneOf("token_guard.rtk", "auto",
            List.of("auto", "enforce", "off"), "Noisy shell commands go through rtk when it is on PATH; auto never blocks "
                    + "one without it, enforce denies them when rtk is missing; off turns the token guard off.");
    public static final ConfigKey TOKEN_GUARD_RAW_BASH = ConfigKey.oneOf("token_guard.raw_bash", "block",
            List.of("block", "allow"), "With rtk on PATH, Codex (which cannot take a rewritten command) is told the "
                    + "compact command instead of running the noisy one (block), or left alone (allow).");

    /** {@value #SYSTEM_ZONE}: TZ, else the system's zone (as the JVM found it at start). */
    public static final String SYSTEM_ZONE = "system";
    public static final ConfigKey DISPLAY_TIMEZONE = ConfigKey.string("display.timezone", SYSTEM_ZONE,
            "system, a region such as Europe/Berlin, UTC, or an offset such as +05:30", ConfigValues::zoneProblem,
            "Time zone of the times people read (CLI output, recall dates), labelled with their UTC offset, as in "
                    + "2026-11-24 18:05 UTC+01:00; system is TZ, else the system's zone. --json always prints UTC (…Z).");
    public static final ConfigKey AGENTS_COMMAND = ConfigKey.string("agents.command", "eagle-mem",
            "one non-blank line (a command)", ConfigValues::commandProblem,
            "How text for agents (the SessionStart recall's save and search lines) calls eagle-mem. eagle-mem install "
                    + "sets it to the command link's full path when `eagle-mem` by name does not reach the install.");

    public static final ConfigKey LLM_PROVIDER = ConfigKey.oneOf("llm.provider", "none",
            List.of("none", "anthropic", "openai", "ollama", "agent_cli"), "The model serve's jobs (summary enrichment, "
                    + "curation) ask: none, anthropic, openai (any OpenAI-compatible server), ollama, or agent_cli (your own "
                    + "claude or codex CLI). eagle-mem llm init picks one from what it finds, local first.");
    public static final ConfigKey LLM_MODEL = ConfigKey.string("llm.model", "", "a model name, or empty", null,
            "The model name; empty takes the provider's default (eagle-mem llm status shows it).");
    public static final ConfigKey LLM_BASE_URL = ConfigKey.string("llm.base_url", "", "an http:// or https:// URL, or empty",
            ConfigValues::urlProblem,
            "The provider's base URL; empty takes ANTHROPIC_BASE_URL, OPENAI_BASE_URL or OLLAMA_HOST, else the public one.");
    public static final ConfigKey LLM_API_KEY_FILE = ConfigKey.string("llm.api_key_file", "", "a file's path, or empty", null,
            "A file (mode 600) holding the API key; empty reads ANTHROPIC_API_KEY or OPENAI_API_KEY. Keys never go in "
                    + "config.toml, argv or logs.");
    public static final ConfigKey LLM_AGENT_CLI = ConfigKey.oneOf("llm.agent_cli", "auto", List.of("auto", "claude", "codex"),
            "Which agent CLI the agent_cli provider runs: auto takes claude, else codex, whichever is on PATH.");
    public static final ConfigKey LLM_FALLBACK = ConfigKey.stringList("llm.fallback",
            "providers (those of llm.provider but none)", ConfigValues::providerProblem,
            "Providers tried, in order, when llm.provider does not answer. A local provider (ollama, agent_cli) never "
                    + "falls back to a remote API unless llm.allow_remote is true.");
    public static final ConfigKey LLM_ALLOW_REMOTE = ConfigKey.bool("llm.allow_remote", false,
            "Lets the fallback from a local provider send (redacted) text to a remote API.");
    public static final ConfigKey LLM_TIMEOUT_SECONDS = ConfigKey.integer("llm.timeout_seconds", 120, 5, 1800,
            "How long one model call may take (agent CLIs are killed after it).");
    public static final ConfigKey LLM_MAX_TOKENS = ConfigKey.integer("llm.max_tokens", 1024, 64, 16384,
            "The most output tokens one call may ask for.");
    public static final ConfigKey LLM_DAILY_USD = ConfigKey.decimal("llm.daily_usd", 0.50, 0, 1000,
            "The most a day's model calls may cost (estimated from llm.prices, in US dollars; 0 = only free local models). "
                    + "Work past it waits for the next day; nothing is dropped.");
    public static final ConfigKey LLM_DAILY_TOKENS = ConfigKey.integer("llm.daily_tokens", 500_000, 0, 100_000_000,
            "The most input plus output tokens a day's model calls may use, any provider (0 = no model calls).");
    public static final ConfigKey LLM_PRICES = ConfigKey.stringList("llm.prices", "\"model=IN/OUT\" prices",
            ConfigValues::priceProblem, "Price overrides, US dollars per million input/output tokens: [\"model=3.00/15.00\"]. "
                    + "A model matches its longest listed prefix; the built-in table covers the common models, and "
                    + "[\"claude=0/0\"] counts a subscription CLI as free.");

    public static final ConfigKey TASKS_STALE_DAYS = ConfigKey.integer("tasks.stale_days", 3, 1, 365,
            "An in-progress task untouched for this many days is marked stale (so is one whose session has ended); "
                    + "eagle-mem tasks stale lists them.");
    public static final ConfigKey COMPACTION_BUDGET_CHARS = ConfigKey.integer("compaction.budget_chars", 2500, 500,
            10000, "Most characters of the \"where you were\" block given after a compaction or clear (open tasks and the "
                    + "checkpoint PreCompact took), on top of the SessionStart recall.");
    public static final ConfigKey ORCHESTRATE_WORKER_AUTONOMY = ConfigKey.oneOf("orchestrate.worker_autonomy", "safe",
            List.of("safe", "full"), "What a lane's worker may do: safe approves file edits in its worktree and nothing "
                    + "else (codex exec: the workspace-write sandbox; claude -p: acceptEdits; gemini: auto_edit; copilot, "
                    + "opencode, grok: their edit tools only); full passes each CLI's bypass flag (only where the machine "
                    + "itself is a sandbox).");
    public static final ConfigKey ORCHESTRATE_WORKER_TIMEOUT_MINUTES = ConfigKey.integer(
            "orchestrate.worker_timeout_minutes", 60, 1, 1440,
            "A lane's worker (and everything it started) is killed after this many minutes; the lane becomes blocked.");
    public static final ConfigKey ORCHESTRATE_MAX_WORKERS = ConfigKey.integer("orchestrate.max_workers", 2, 1, 16,
            "Most lane workers running at once when serve runs them (orchestrate spawn queues a job while serve is up); "
                    + "more wait in the queue, visible in eagle-mem jobs list.");
    public static final ConfigKey TEAM_SYNC_SECONDS = ConfigKey.integer("team.sync_seconds", 30, 2, 3600,
            "How often serve's team-sync job exchanges records with the team database when this store is connected"
                    + " (eagle-mem team connect): seconds between runs. Hooks never wait for it.");
    public static final List<ConfigKey> ALL = List.of(SEARCH_LIMIT, REDACTION_EXTRA_PATTERNS, REDACTION_HIGH_ENTROPY,
            STORE_BUSY_TIMEOUT_MS, STORE_WRITE_RETRIES, RECALL_SESSION_START_CHARS, RECALL_PROMPT_CHARS,
            RECALL_SEMANTIC, RECALL_CUES, RETENTION_OBSERVATION_DAYS, SERVE_PORT, SERVE_IDLE_MINUTES, SERVE_AUTOSTART,
            JOBS_CONCURRENCY,
            JOBS_MAX_ATTEMPTS, CURATE_EVERY_SESSIONS, TOKEN_GUARD_RTK, TOKEN_GUARD_RAW_BASH, DISPLAY_TIMEZONE, AGENTS_COMMAND,
            LLM_PROVIDER, LLM_MODEL, LLM_BASE_URL, LLM_API_KEY_FILE, LLM_AGENT_CLI, LLM_FALLBACK, LLM_ALLOW_REMOTE,
            LLM_TIMEOUT_SECONDS, LLM_MAX_TOKENS, LLM_DAILY_USD, LLM_DAILY_TOKENS, LLM_PRICES, TASKS_STALE_DAYS,
            COMPACTION_BUDGET_CHARS, ORCHESTRATE_WORKER_AUTONOMY, ORCHESTRATE_WORKER_TIMEOUT_MINUTES,
            ORCHESTRATE_MAX_WORKERS, TEAM_SYNC_SECONDS);

    private ConfigKeys() {
    }

    public static Optional<ConfigKey> find(String name) {
        return ALL.stream().filter(k -> k.name().equals(name)).findFirst();
    }

    public static ConfigKey require(String name) {
        return find(name).orElseThrow(() -> ConfigValues.unknownKey(name));
    }
}
