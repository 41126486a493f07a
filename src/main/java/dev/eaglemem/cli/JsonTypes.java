package dev.eaglemem.cli;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.Finding;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.anchor.StaleReport;
import dev.eaglemem.autostart.CommandRun;
import dev.eaglemem.autostart.ManagerState;
import dev.eaglemem.autostart.Platform;
import dev.eaglemem.autostart.ServeView;
import dev.eaglemem.autostart.ServiceReport;
import dev.eaglemem.autostart.ServiceStatus;
import dev.eaglemem.code.GraphService;
import dev.eaglemem.code.IndexReport;
import dev.eaglemem.config.ConfigKey;
import dev.eaglemem.config.ConfigService;
import dev.eaglemem.curate.CurateReport;
import dev.eaglemem.curate.Decision;
import dev.eaglemem.curate.ProposalKind;
import dev.eaglemem.curate.StepReport;
import dev.eaglemem.curate.StepStatus;
import dev.eaglemem.doctor.Check;
import dev.eaglemem.doctor.DoctorReport;
import dev.eaglemem.doctor.HealthReport;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureDetail;
import dev.eaglemem.feature.FeatureStatus;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.Resolution;
import dev.eaglemem.feature.RunResult;
import dev.eaglemem.feature.VerifyResult;
import dev.eaglemem.format.StateId;
import dev.eaglemem.gate.PrePushHook;
import dev.eaglemem.inspect.EventListing;
import dev.eaglemem.inspect.Replay;
import dev.eaglemem.inspect.ReplayStep;
import dev.eaglemem.install.ActionStatus;
import dev.eaglemem.install.InstallManifest;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobChangeStatus;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.llm.Detected;
import dev.eaglemem.llm.Detection;
import dev.eaglemem.llm.LlmAdmin;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmStatus;
import dev.eaglemem.llm.LlmUsage;
import dev.eaglemem.memory.AddOutcome;
import dev.eaglemem.memory.AddResult;
import dev.eaglemem.memory.MemoryChange;
import dev.eaglemem.memory.MemoryList;
import dev.eaglemem.portable.BackupReport;
import dev.eaglemem.portable.ExportReport;
import dev.eaglemem.portable.ImportConflict;
import dev.eaglemem.portable.ImportReport;
import dev.eaglemem.portable.RepairReport;
import dev.eaglemem.portable.TypeCounts;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.scan.ScanReport;
import dev.eaglemem.scan.ScanResult;
import dev.eaglemem.search.RecordItem;
import dev.eaglemem.search.SearchHit;
import dev.eaglemem.search.SearchResult;
import dev.eaglemem.search.Timeline;
import dev.eaglemem.serve.ServeState;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.session.SaveResult;
import dev.eaglemem.session.SessionDetail;
import dev.eaglemem.session.SessionList;
import dev.eaglemem.session.UnenrichResult;
import dev.eaglemem.status.CompactionReport;
import dev.eaglemem.status.StatusReport;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.DbFiles;
import dev.eaglemem.store.EnrichmentRow;
import dev.eaglemem.store.EventRow;
import dev.eaglemem.store.FieldChange;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.ProposalRow;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallScore;
import dev.eaglemem.store.SessionOverview;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SmokeResult;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.TableCounts;
import dev.eaglemem.store.VerificationRow;
import dev.eaglemem.tokenguard.TokenPolicy;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Records and enums that --json output serializes with Jackson (JsonTypesCompletenessTest keeps this list whole). A native image keeps their accessors only when
 * they are registered; the JVM build does not need this. The states ({@link StateId} and its
 * implementations) are here for their {@code @JsonValue} id: a native image that could not see it would
 * print an enum's lower-cased name, or an install step's fields, instead of the text it always printed.
 */
@RegisterForReflection(targets = { HealthReport.class, HealthReport.Part.class, HealthReport.Grade.class,
        StatusReport.class, StatusReport.Semantic.class, TableCounts.class, DoctorReport.class, Check.class,
        MemoryRow.class, MemoryDetails.class, AddResult.class, SearchResult.class, SearchHit.class, SessionRow.class,
        SessionOverview.class, SummaryRow.class, SummaryFields.class, PromptRow.class, ConfigService.Entry.class,
        InstallReport.class, InstallReport.Action.class, InstallManifest.class, ServeState.class,
        ServeControl.Status.class, ServeControl.Stopped.class, JobRow.class, JobCounts.class, DrainReport.class,
        JobOutcome.class, JobService.Change.class, MemoryList.class, MemoryChange.class, SessionList.class,
        SessionDetail.class, Timeline.class, RecordItem.class, ObservationRow.class, ServiceReport.class,
        ServiceStatus.class, CommandRun.class, ManagerState.class, ServeView.class, Feature.class, FeatureDetail.class,
        PendingCheck.class, RunResult.class, VerifyResult.class, GuardRuleRow.class, SmokeResult.class,
        VerificationRow.class, StateId.class, FeatureStatus.class, Resolution.class, ActionStatus.class, ActionStatus.Outcome.class,
        ActionStatus.Planned.class, ActionStatus.Skipped.class, ActionStatus.Stopped.class, ActionStatus.ServiceStep.class,
        ServeControl.State.class, PrePushHook.Status.class, JobChangeStatus.class, ConfigKey.class, ConfigKey.Type.class,
        Platform.class, ServiceReport.Outcome.class, Check.Status.class, JobOutcome.Result.class, AddOutcome.class,
        JobStatus.class, UnlockCommand.Result.class, TokenPolicy.Effect.class, IndexReport.class,
        GraphService.Summary.class, GraphService.QueryResult.class, GraphService.Neighbors.class, GraphStore.Symbol.class,
        GraphStore.Link.class, CodeStore.StoredChunk.class, GraphStore.Touch.class, GraphStore.Mention.class, GraphStore.Ranked.class,
        ScanResult.class, ScanResult.Reason.class,
        ScanReport.class, ScanReport.Skipped.class, ScanReport.LanguageKind.class, ScanReport.Language.class,
        ScanReport.Framework.class, ScanReport.Folder.class, ScanReport.EntryPoint.class, ScanReport.Tests.class,
        ScanReport.ConfigFile.class, ScanReport.Dependencies.class, ScanReport.Workspace.class,
        LlmStatus.class, LlmStatus.Provider.class, LlmStatus.Refused.class, LlmStatus.Budget.class, LlmStatus.Today.class,
        Detected.class, LlmAdmin.Init.class, Detection.Choice.class, LlmReply.class, LlmUsage.class, LlmUsageStore.Line.class,
        CurateReport.class, StepReport.class, StepStatus.class, ProposalKind.class, ProposalRow.class, Decision.class,
        FileHintStore.CoEditPair.class, FileHintStore.HotFile.class, RecallHistory.Listing.class,
        RecallEventRow.class, RecallScore.class, EventListing.class, EventRow.class, Replay.class, ReplayStep.class, ReplayStep.Kind.class,
        OpenCommand.Link.class,
        ExportReport.class, ImportReport.class, TypeCounts.class, ImportConflict.class, BackupReport.class, RepairReport.class,
        CompactionReport.class, CompactionReport.Readiness.class, StatsStore.Durable.class,
        DbFiles.Salvaged.class, EnrichmentRow.class, FieldChange.class, UnenrichResult.class,
        Freshness.class, Finding.class, AnchorState.class, StaleReport.class, StaleReport.Item.class,
        AnchorService.Confirmed.class, SaveResult.class, GuardRuleAdded.class,
        ProjectState.class, FeatureWritten.class, FeatureList.class, FeaturePending.class, FeatureSuggestions.class,
        SuggestionAccepted.class, ProposalList.class, CurateDecisions.class, CuesSet.class, CuesCleared.class,
        CuesShown.class, CuesShown.Written.class, MemoryShown.class, GateCheck.class, GateCheck.Pending.class,
        GateHook.class, OverviewShown.class, OverviewSet.class, OverviewDeleted.class, VersionInfo.class,
        ConfigListing.class, ConfigListing.Key.class, ConfigSet.class, UnlockState.class, JobList.class, JobsRun.class,
        JobChanges.class, JobsPurged.class, GuardRules.class, GuardRuleRemoved.class, SpoolStatus.class,
        SpoolReplayed.class, ErrorBody.class, ErrorDocument.class })
final class JsonTypes {

    private JsonTypes() {
    }
}
