package dev.eaglemem.feature;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.ProjectPath;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.FeatureRow;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.NewPending;
import dev.eaglemem.store.PendingRow;
import dev.eaglemem.store.SmokeResult;
import dev.eaglemem.store.Tx;
import dev.eaglemem.store.VerificationStore;

/**
 * Pending verifications. A changed file that matches an active feature opens a check tied to its
 * content; verify, waive or a successful {@code feature run} resolves it. A verification or waiver covers
 * the exact content it was given for, so a later edit opens a new check, while committing verified
 * content does not.
 */
@ApplicationScoped
public class VerificationService {

    private final Db db;
    private final Redactor redactor;
    private final FeatureStore features;
    private final VerificationStore pending;
    private final Clock clock;

    public VerificationService(Db db, FeatureStore features, VerificationStore pending, Redactor redactor, Clock clock) {
        this.redactor = redactor;
        this.db = db;
        this.features = features;
        this.pending = pending;
        this.clock = clock;
    }

    /** Current fingerprints of files that belong to at least one active feature, with those features. */
    private record Matched(Map<String, Fingerprint> fingerprints, Map<String, Set<Long>> features) {
        static final Matched NONE = new Matched(Map.of(), Map.of());
    }

    /**
     * Opens a check for each changed file (absolute or root-relative; outside the root ignored) that maps
     * to an active feature, unless this content is already pending, verified or waived; older open checks
     * of the same feature and file are superseded. With no active features it returns without running git.
     */
    public Recorded recordChanges(Path root, String project, List<String> files, PendingSource source, String sessionId) {
        return record(root, project, match(root, project, files, null), source, sessionId);
    }

    private Recorded record(Path root, String project, Matched m, PendingSource source, String sessionId) {
        if (m.fingerprints().isEmpty()) {
            return Recorded.NONE;
        }
        return db.write(tx -> {
            Instant now = clock.instant();
            List<PendingCheck> created = new ArrayList<>();
            int superseded = 0;
            for (Fingerprint fp : m.fingerprints().values()) {
                for (long featureId : m.features().get(fp.file())) {
                    superseded += pending.supersedeOthers(tx, featureId, fp.file(), fp.finalBlob(), now);
                    // an unchanged file (reverted, or committed before anything recorded it) opens nothing
                    if (!fp.changed() || pending.covered(tx, featureId, fp.file(), fp.finalBlob())) {
                        continue;
                    }
                    long id = pending.insert(tx, new NewPending(project, featureId, fp.file(), fp.baseBlob(),
                            fp.finalBlob(), fp.hash(), source.reason(), source.id(), sessionId), now);
                    PendingRow row = pending.find(tx, id).orElseThrow();
                    created.add(FeatureService.check(row, features.smokeTests(tx, featureId)));
                }
            }
            return new Recorded(created, superseded);
        });
    }

    /** The files' current fingerprints and active features; {@code only} (null for all) keeps just that feature. */
    private Matched match(Path root, String project, List<String> files, Long only) {
        List<FeatureStore.PatternRow> rows = db.read(tx -> features.activePatterns(tx, project));
        if (rows.isEmpty() || files.isEmpty()) {
            return Matched.NONE;
        }
        Map<Long, List<PathPattern>> byFeature = new LinkedHashMap<>();
        for (FeatureStore.PatternRow r : rows) {
            if (only != null && r.featureId() != only) {
                continue;
            }
            try {
                byFeature.computeIfAbsent(r.featureId(), k -> new ArrayList<>()).add(PathPattern.of(r.pattern()));
            } catch (IllegalArgumentException e) {
                // stored patterns were validated on the way in; a bad one matches nothing rather than failing a hook
            }
        }
        Map<String, Set<Long>> matched = new LinkedHashMap<>();
        for (String given : files) {
            ProjectPath.relative(root, given).ifPresent(file -> byFeature.forEach((id, patterns) -> {
                if (patterns.stream().anyMatch(p -> p.matches(file))) {
                    matched.computeIfAbsent(file, k -> new LinkedHashSet<>()).add(id);
                }
            }));
        }
        if (matched.isEmpty()) {
            return Matched.NONE;
        }
        Map<String, Fingerprint> fps = new LinkedHashMap<>();
        for (Fingerprint fp : DiffFingerprint.of(root, List.copyOf(matched.keySet()))) {
            fps.put(fp.file(), fp);
        }
        return new Matched(fps, matched);
    }

    /**
     * The release gate's question: which checks block these changed files now? Records the files first
     * (source release, so a change no hook saw still counts), then returns the open checks whose content
     * is the file's current content.
     */
    public List<PendingCheck> pendingForFiles(Path root, String project, List<String> files, String sessionId) {
        Matched m = match(root, project, files, null);
        record(root, project, m, PendingSource.RELEASE, sessionId);
        return current(project, m, List.copyOf(m.fingerprints().keySet()));
    }

    /**
     * The release gate for a whole repository: the checks that block what a push would send now (the
     * working tree's changes and the commits no remote has). Runs no git when the project has no features.
     */
    public List<PendingCheck> releaseCheck(Path root, String project, String sessionId) {
        if (!hasActiveFeatures(project)) {
            return List.of();
        }
        return pendingForFiles(root, project, DiffFingerprint.changedFiles(root), sessionId);
    }

    /** At the end of a turn: opens checks for the repository's changed feature files (what no hook saw, too). */
    public Recorded recordTurn(Path root, String project, String sessionId) {
        if (!hasActiveFeatures(project)) {
            return Recorded.NONE;
        }
        return recordChanges(root, project, DiffFingerprint.changedFiles(root), PendingSource.STOP, sessionId);
    }

    /**
     * Opens the checks an agent's edit needs (a recorded tool call, live or replayed from the spool): the files
     * the call modified, relative to the repository.
     */
    public Recorded recordEdits(FeatureRoot where, List<String> modified, String sessionId) {
        List<String> files = where.files(modified);
        if (files.isEmpty()) {
            return Recorded.NONE;
        }
        return recordChanges(where.root(), where.project(), files, PendingSource.POST_TOOL_USE, sessionId);
    }

    /** At turn end: the repository's changed feature files get their checks, also the ones no hook saw. */
    public void turnEnded(FeatureRoot where, String sessionId) {
        if (where.root() != null) {
            recordTurn(where.root(), where.project(), sessionId);
        }
    }

    private boolean hasActiveFeatures(String project) {
        return !db.read(tx -> features.activePatterns(tx, project)).isEmpty();
    }

    /**
     * Every open check of the project. With a root, the working tree's changed files and the files of open
     * checks are recorded first (source cli): a change no hook saw opens a check, a file edited again since
     * its check supersedes it, a reverted file's check is closed. The list is what the gate would block now.
     */
    public List<PendingCheck> pending(Path root, String project) {
        List<PendingRow> open = db.read(tx -> pending.open(tx, project, null));
        if (root == null) {
            return checks(open);
        }
        Matched m = match(root, project, workingTreeFiles(root, open), null);
        record(root, project, m, PendingSource.CLI, null);
        return current(project, m, null);
    }

    /**
     * What {@code pending} re-checks: the working tree's changed files (uncommitted changes and the commits
     * a push would send, see {@link DiffFingerprint#changedFiles}) and the files of the given open checks.
     */
    private static List<String> workingTreeFiles(Path root, List<PendingRow> open) {
        Set<String> files = new LinkedHashSet<>(DiffFingerprint.changedFiles(root));
        open.forEach(p -> files.add(p.file()));
        return List.copyOf(files);
    }

    private List<PendingCheck> current(String project, Matched m, List<String> files) {
        if (files != null && files.isEmpty()) {
            return List.of();
        }
        List<PendingRow> open = db.read(tx -> pending.open(tx, project, files));
        return checks(open.stream().filter(p -> {
            Fingerprint fp = m.fingerprints().get(p.file());
            return fp == null || fp.finalBlob().equals(p.finalBlob());
        }).toList());
    }

    private List<PendingCheck> checks(List<PendingRow> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        return db.read(tx -> {
            Map<Long, List<String>> smoke = new HashMap<>();
            List<PendingCheck> out = new ArrayList<>();
            for (PendingRow p : rows) {
                List<String> tests = smoke.get(p.featureId());
                if (tests == null) {
                    tests = features.smokeTests(tx, p.featureId());
                    smoke.put(p.featureId(), tests);
                }
                out.add(FeatureService.check(p, tests));
            }
            return out;
        });
    }

    /**
     * Marks the feature verified: its open checks and a history entry. With {@code root} the working tree's
     * changes of the feature's files are recorded first (as {@code pending} records them), so the
     * verification covers the files as they are now and the gate finds that content verified.
     */
    public VerifyResult verify(String project, Path root, String name, String notes) {
        String text = required(notes, "--notes", "eagle-mem feature verify " + name + " --notes \"cart tests pass\"");
        FeatureRow f = db.read(tx -> FeatureService.require(tx, features, project, name));
        recordFeature(root, project, f);
        return db.write(tx -> resolve(tx, f, pending.openForFeature(tx, f.id()), text, List.of(), clock.instant()));
    }

    /** Resolves those of {@code rows} still open (one changed since, by a hook say, is not) as verified. */
    private VerifyResult resolve(Tx tx, FeatureRow f, List<PendingRow> rows, String notes, List<SmokeResult> commands,
            Instant now) {
        List<PendingCheck> resolved = resolveRows(tx, f, rows, Resolution.VERIFIED, notes, now);
        features.markVerified(tx, f.id(), notes, now);
        features.addVerification(tx, f.id(), Resolution.VERIFIED.id(), notes, commands, resolved.size(), now);
        return new VerifyResult(f.name(), Resolution.VERIFIED, notes, resolved);
    }

    private List<PendingCheck> resolveRows(Tx tx, FeatureRow f, List<PendingRow> rows, Resolution as, String notes,
            Instant now) {
        List<PendingRow> resolved = new ArrayList<>();
        for (PendingRow p : rows) {
            if (pending.resolveOne(tx, p.id(), as.id(), notes, now)) {
                resolved.add(p);
            }
        }
        return checksIn(tx, resolved, f.id());
    }

    /**
     * Waives one check (a number) or every open check of a feature (a name; like verify, the working tree's
     * changes of its files are recorded first, so the waiver covers the files as they are now). A waiver
     * covers only the content it was given for; the reason is required.
     */
    public VerifyResult waive(String project, Path root, String idOrName, String reason) {
        String id = idOrName == null ? "" : idOrName.strip().replaceFirst("^#", "");
        String text = required(reason, "--reason", "eagle-mem feature waive " + id + " --reason \"why this is safe\"");
        if (!id.isEmpty() && id.chars().allMatch(Character::isDigit)) {
            return waiveOne(project, Long.parseLong(id), text);
        }
        FeatureRow f = db.read(tx -> FeatureService.require(tx, features, project, id));
        recordFeature(root, project, f);
        return db.write(tx -> new VerifyResult(f.name(), Resolution.WAIVED, text,
                resolveRows(tx, f, pending.openForFeature(tx, f.id()), Resolution.WAIVED, text, clock.instant())));
    }

    private VerifyResult waiveOne(String project, long id, String reason) {
        return db.write(tx -> {
            Optional<PendingRow> row = pending.find(tx, id).filter(p -> p.project().equals(project));
            if (row.isEmpty() || !row.get().status().equals("pending")) {
                throw EagleException.notFound("no open check #" + id + " in " + project
                        + row.map(p -> " (it is " + p.status() + ")").orElse(""), "eagle-mem feature pending");
            }
            PendingCheck check = checksIn(tx, List.of(row.get()), row.get().featureId()).getFirst();
            pending.resolveOne(tx, id, Resolution.WAIVED.id(), reason, clock.instant());
            return new VerifyResult(row.get().featureName(), Resolution.WAIVED, reason, List.of(check));
        });
    }

    /**
     * Runs the feature's smoke tests in order in the project root, streaming their output to {@code out}.
     * Every command runs (a later failure is worth knowing too); the feature is verified only when all
     * exit 0 having run some test (a runner that says it ran none does not count, see NoTests), and the run is recorded in its history either way. The working tree's changes of the
     * feature's files are recorded before the commands start, so a pass resolves the checks of the content
     * that was tested (a file changed during the run opens a new check) and a failure leaves them open.
     */
    public RunResult run(String project, Path root, String name, PrintWriter out) {
        if (root == null) {
            throw EagleException.invalidInput("feature run needs the project's directory; EAGLE_MEM_PROJECT names no directory",
                    "cd into the project and unset EAGLE_MEM_PROJECT, then: eagle-mem feature run " + name);
        }
        FeatureRow f = db.read(tx -> FeatureService.require(tx, features, project, name));
        List<String> commands = db.read(tx -> features.smokeTests(tx, f.id()));
        if (commands.isEmpty()) {
            throw EagleException.invalidInput("feature '" + f.name() + "' has no smoke tests",
                    "eagle-mem feature update " + f.name() + " --smoke 'npm test -- cart'");
        }
        List<PendingRow> tested = recordFeature(root, project, f);
        List<SmokeResult> results = new ArrayList<>();
        for (String command : commands) {
            out.println("$ " + command);
            out.flush();
            SmokeResult r = SmokeRunner.run(root, command, out);
            out.println("  -> exit " + r.exitCode() + " in " + r.durationMs() + " ms"
                    + (r.noTests() == null ? "" : ", but it ran no test (\"" + r.noTests() + "\"): not a pass"));
            out.flush();
            results.add(r);
        }
        boolean passed = results.stream().allMatch(SmokeResult::passed);
        String notes = "feature run: " + results.stream()
                .map(r -> r.command() + " (exit " + r.exitCode() + (r.noTests() == null ? "" : ", ran no test") + ", "
                        + r.durationMs() + " ms)")
                .collect(Collectors.joining("; "));
        if (!passed) {
            db.write(tx -> features.addVerification(tx, f.id(), "failed", notes, results, 0, clock.instant()));
            return new RunResult(f.name(), false, results, List.of());
        }
        VerifyResult v = db.write(tx -> resolve(tx, f, tested, notes, results, clock.instant()));
        return new RunResult(f.name(), true, results, v.resolved());
    }

    /**
     * Records the working tree's changes of the feature's files the way {@link #pending} does (for this
     * feature only: other features' checks, a dependent's included, are left alone) and returns the
     * feature's open checks afterwards: what resolving it now covers. Without a root nothing is recorded.
     */
    private List<PendingRow> recordFeature(Path root, String project, FeatureRow f) {
        if (root != null) {
            List<PendingRow> open = db.read(tx -> pending.openForFeature(tx, f.id()));
            record(root, project, match(root, project, workingTreeFiles(root, open), f.id()), PendingSource.CLI, null);
        }
        return db.read(tx -> pending.openForFeature(tx, f.id()));
    }

    private List<PendingCheck> checksIn(Tx tx, List<PendingRow> rows, long featureId) {
        List<String> smoke = features.smokeTests(tx, featureId);
        return rows.stream().map(p -> FeatureService.check(p, smoke)).toList();
    }

    /** Notes and reasons are stored and shown to agents: redacted like everything else. */
    private String required(String value, String option, String example) {
        if (value == null || value.isBlank()) {
            throw EagleException.invalidInput(option + " is required and must not be blank", example);
        }
        return redactor.redact(value).strip();
    }
}
