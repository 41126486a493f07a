package dev.eaglemem;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.Spool;
import dev.eaglemem.checkpoint.CheckpointService;
import dev.eaglemem.code.CodeUsage;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.curate.FileHints;
import dev.eaglemem.embed.NoModel;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.GuardRuleService;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.gate.AgentReleaseGate;
import dev.eaglemem.hook.GuardHandlers;
import dev.eaglemem.intake.EventIntake;
import dev.eaglemem.jobs.EmbedJob;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.jobs.PruneJob;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.orchestrate.LaneDigest;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.search.TimelineService;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.CheckpointStore;
import dev.eaglemem.store.CodeFileVectors;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.LaneStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TaskStore;
import dev.eaglemem.store.TimelineStore;
import dev.eaglemem.store.VectorStore;
import dev.eaglemem.store.VerificationStore;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.tokenguard.TokenPolicy;

/**
 * The feature services on one database and clock, wired as the container wires them: one store of each kind and one
 * {@link AnchorService} shared by every service. Tests take their services from here, so a service's constructor
 * changes in this file and nowhere else.
 *
 * <p>
 * The defaults are what a hook process has: config.toml absent, the default redactor, a semantic index whose model
 * never loads, and the current directory's checkout as a project's working tree. Each {@code with…} returns a new set
 * built around one replaced part.
 */
public final class TestServices {

    private final Db db;
    private final Clock clock;
    private final Settings settings;
    private final Redactor redactor;
    private final SemanticIndex semantic;
    private final CurrentContext context;

    private final AnchorService anchors;
    private final MemoryService memories;
    private final SessionService sessions;
    private final CaptureService capture;
    private final CheckpointService checkpoints;
    private final RecallService recall;
    private final SearchService search;
    private final RecordService records;
    private final TimelineService timeline;
    private final FeatureService features;
    private final VerificationService verifications;
    private final GuardRuleService guardRules;
    private final JobQueue jobs;
    private final EmbedJob embed;
    private final TaskService tasks;
    private final OrchestrateService orchestrate;

    private TestServices(Db db, Clock clock, Settings settings, Redactor redactor, SemanticIndex semantic,
            CurrentContext context) {
        this.db = db;
        this.clock = clock;
        this.settings = settings;
        this.redactor = redactor;
        this.semantic = semantic;
        this.context = context;
        MemoryStore memoryStore = new MemoryStore();
        SummaryStore summaryStore = new SummaryStore();
        SessionStore sessionStore = new SessionStore();
        ProjectStore projectStore = new ProjectStore();
        EventStore eventStore = new EventStore();
        ObservationStore observationStore = new ObservationStore();
        PromptStore promptStore = new PromptStore();
        CodeStore codeStore = new CodeStore();
        SearchStore searchStore = new SearchStore();
        VectorStore vectorStore = new VectorStore();
        FeatureStore featureStore = new FeatureStore();
        VerificationStore verificationStore = new VerificationStore();
        anchors = new AnchorService(db, new AnchorStore(), new GraphStore(), projectStore, summaryStore, memoryStore,
                context, clock);
        memories = new MemoryService(db, memoryStore, projectStore, sessionStore, eventStore, new CueStore(), redactor,
                anchors, clock);
        sessions = new SessionService(db, sessionStore, summaryStore, new EnrichmentStore(), projectStore, eventStore,
                redactor, anchors, clock);
        capture = new CaptureService(db, sessionStore, projectStore, observationStore, promptStore, summaryStore,
                new AppliedEventStore(), redactor, clock);
        tasks = new TaskService(db, new TaskStore(), projectStore, redactor, settings, clock);
        orchestrate = new OrchestrateService(db, new LaneStore(), projectStore, tasks, redactor, clock);
        checkpoints = new CheckpointService(db, new CheckpointStore(), observationStore, summaryStore, tasks,
                new LaneDigest(orchestrate), redactor, settings, clock);
        recall = new RecallService(db, new StatsStore(), new OverviewStore(), memoryStore, summaryStore, observationStore,
                new RecallStore(), searchStore, codeStore, settings, clock, semantic, anchors, checkpoints,
                new dev.eaglemem.store.TeamStore());
        search = new SearchService(db, searchStore, codeStore, semantic, vectorStore, settings, anchors,
                new dev.eaglemem.store.TeamStore());
        records = new RecordService(db, memoryStore, summaryStore, sessionStore, promptStore, observationStore, codeStore,
                anchors);
        timeline = new TimelineService(db, new TimelineStore());
        features = new FeatureService(db, featureStore, verificationStore, projectStore, redactor, clock);
        verifications = new VerificationService(db, featureStore, verificationStore, redactor, clock);
        guardRules = new GuardRuleService(db, new GuardRuleStore(), projectStore, redactor, clock);
        jobs = new JobQueue(db, new JobStore(), codeStore, new OverviewStore(), new CurationStore(), clock, settings);
        embed = new EmbedJob(db, vectorStore, new CodeFileVectors(), new CueStore(), semantic, jobs, clock);
    }

    /** The services with the defaults. */
    public static TestServices on(Db db, Clock clock) {
        return new TestServices(db, clock, new Settings(EagleConfig.defaults(Path.of("/nonexistent/config.toml"))),
                Redactor.defaults(), NoModel.index(db), new CurrentContext(EagleEnv.system()));
    }

    /** With these config values in place of the defaults. */
    public TestServices withSettings(Settings settings) {
        return new TestServices(db, clock, settings, redactor, semantic, context);
    }

    public TestServices withRedactor(Redactor redactor) {
        return new TestServices(db, clock, settings, redactor, semantic, context);
    }

    /** With a semantic index of the test's own (a model that loads), for recall, search and the embed job. */
    public TestServices withSemantic(SemanticIndex semantic) {
        return new TestServices(db, clock, settings, redactor, semantic, context);
    }

    /** With the environment a hook or the MCP server would see: which checkout is a project's working tree. */
    public TestServices withContext(CurrentContext context) {
        return new TestServices(db, clock, settings, redactor, semantic, context);
    }

    public Settings settings() {
        return settings;
    }

    public AnchorService anchors() {
        return anchors;
    }

    public MemoryService memories() {
        return memories;
    }

    public SessionService sessions() {
        return sessions;
    }

    public CaptureService capture() {
        return capture;
    }

    public CheckpointService checkpoints() {
        return checkpoints;
    }

    public RecallService recall() {
        return recall;
    }

    public SearchService search() {
        return search;
    }

    public RecordService records() {
        return records;
    }

    public TimelineService timeline() {
        return timeline;
    }

    public FeatureService features() {
        return features;
    }

    public VerificationService verifications() {
        return verifications;
    }

    public GuardRuleService guardRules() {
        return guardRules;
    }

    public JobQueue jobs() {
        return jobs;
    }

    public OrchestrateService orchestrate() {
        return orchestrate;
    }

    public TaskService tasks() {
        return tasks;
    }

    /**
     * The event intake the hooks write through, with the production budgets.
     *
     * @param spool where events go while the database is locked
     */
    public EventIntake intake(Spool spool, LogFile log) {
        return intake(spool, log, EventIntake.TOOL_BUDGET, EventIntake.TURN_BUDGET);
    }

    /** With other database budgets: a test that holds a lock through a session waits less. */
    public EventIntake intake(Spool spool, LogFile log, Duration toolBudget, Duration turnBudget) {
        return new EventIntake(db, capture, spool, memories, jobs, recall, verifications, checkpoints, log, toolBudget,
                turnBudget);
    }

    /** The guardrail handlers with default config and an empty PATH: no rtk, so the token guard never rewrites. */
    public GuardHandlers guards(Path dataDir) {
        return guards(dataDir, "");
    }

    /**
     * @param dataDir the data directory the token guard keeps its state in (config.toml there is absent)
     * @param path the PATH the token guard looks for rtk on
     */
    public GuardHandlers guards(Path dataDir, String path) {
        EagleEnv env = new EagleEnv(Map.of("PATH", path), dataDir, dataDir);
        return new GuardHandlers(new AgentReleaseGate(verifications, env),
                new TokenPolicy(EagleConfig.defaults(dataDir.resolve("config.toml")), env,
                        new DataDir(dataDir, dataDir.resolve("config.toml")), clock, db, new CurationStore()),
                features, guardRules, memories, capture, new CodeUsage(db, new CodeStore(), new GraphStore()),
                new FileHints(db, new FileHintStore(), clock));
    }

    /** The retention job with this set's settings, as the job engine runs it. */
    public PruneJob pruneJob() {
        return new PruneJob(db, new ObservationStore(), new JobStore(), new AppliedEventStore(), settings, clock);
    }

    /** The embed job over {@link #withSemantic this set's semantic index}, queueing its successors on {@link #jobs}. */
    public EmbedJob embedJob() {
        return embed;
    }
}
