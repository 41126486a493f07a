package dev.eaglemem.anchor;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.AnchorStore.Anchor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.Tx;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Anchors records when they are written and says how they stand now. Every path that shows a record asks here
 * ({@link #memories}, {@link #summaries}); the check reads file attributes and, for records that name declarations,
 * parses the files it has not seen at their size and mtime. Git runs only where {@link #useGit} allowed it (serve; the
 * CLI's stale listing) and only for evidence of a change, once per HEAD and target.
 */
@ApplicationScoped
public class AnchorService implements AutoCloseable {

    public static final String MEMORY = "memory";
    public static final String SUMMARY = "summary";

    private final Db db;
    private final AnchorStore anchors;
    private final GraphStore graph;
    private final ProjectStore projects;
    private final SummaryStore summaryStore;
    private final MemoryStore memoryStore;
    private final CurrentContext context;
    private final Clock clock;
    private final WorkingFiles files = new WorkingFiles();
    private final Snapshots snapshots = new Snapshots(files);
    private volatile boolean git;

    @Inject
    public AnchorService(Db db, AnchorStore anchors, GraphStore graph, ProjectStore projects, SummaryStore summaryStore,
            MemoryStore memoryStore, CurrentContext context, Clock clock) {
        this.summaryStore = summaryStore;
        this.memoryStore = memoryStore;
        this.db = db;
        this.anchors = anchors;
        this.graph = graph;
        this.projects = projects;
        this.context = context;
        this.clock = clock;
    }

    /** Serve calls this once: from then on, checks may ask git for evidence (hook processes never do). */
    public void useGit(boolean allowed) {
        this.git = allowed;
    }

    /** A record's anchor taken now, before the transaction that writes the record (file reads stay out of the lock). */
    public Optional<Snapshot> snapshot(String project, Path root, String text, List<String> files) {
        if (project == null) {
            return Optional.empty();
        }
        Path where = root != null ? root : rootOf(project);
        try {
            return snapshots.take(where, text, files, name -> db.read(tx -> graph.symbolsExactly(tx, project, name, 4)));
        } catch (RuntimeException e) {
            return Optional.empty(); // an anchor is a help, never a reason a memory is not stored
        }
    }

    /** Stores a snapshot as the record's anchor, in the transaction that wrote the record. */
    public void save(Tx tx, String recordKind, long recordId, String project, Snapshot s, String how) {
        anchors.save(tx, recordKind, recordId, project, s.commit(), how, s.targets(), clock.instant());
    }

    public void anchor(String recordKind, long recordId, String project, Path root, String text, List<String> named,
            String how) {
        snapshotOf(recordKind, recordId, project, root, text, named).ifPresent(s -> db.write(tx -> {
            save(tx, recordKind, recordId, project, s, how);
            return null;
        }));
    }

    /**
     * {@link #snapshot} of a record anchored before: a file its anchor followed through a rename is anchored again where
     * it is now, remembered under the name the record uses ({@code named_as}). Without it the record, which still names
     * the old path, would be anchored to nothing and never checked again. Followed only while the record names the old
     * path.
     */
    public Optional<Snapshot> snapshotOf(String recordKind, long recordId, String project, Path root, String text,
            List<String> named) {
        Map<String, String> followed = new HashMap<>();
        find(recordKind, recordId).ifPresent(a -> a.targets().forEach(t -> {
            String name = t.namedAs() != null ? t.namedAs() : t.movedFrom();
            if (name != null && !name.equals(t.path()) && (named.contains(name) || text != null && text.contains(name))) {
                followed.put(t.path(), name);
            }
        }));
        if (followed.isEmpty()) {
            return snapshot(project, root, text, named);
        }
        List<String> all = Stream.concat(named.stream(), followed.keySet().stream().sorted()).distinct().toList();
        return snapshot(project, root, text, all).map(s -> new Snapshot(s.commit(), s.targets().stream()
                .map(t -> followed.containsKey(t.path()) ? t.namedAs(followed.get(t.path())) : t).toList()));
    }

    /** A memory's anchor from its text and files. */
    public void anchorMemory(MemoryRow m, Path root, String how) {
        anchor(MEMORY, m.id(), m.project(), root, textOf(m), m.files(), how);
    }

    /** A session summary's anchor: its decisions and gotchas, its key and modified files. */
    public void anchorSummary(SummaryRow s, Path root, String how) {
        var f = s.fields();
        List<String> named = Stream.concat(f.keyFiles().stream(), f.filesModified().stream()).distinct().limit(12).toList();
        anchor(SUMMARY, s.id(), s.project(), root, join(f.decisions(), f.gotchas()), named, how);
    }

    /** The session's summary, anchored after a turn wrote it (a later turn of the session anchors it again). */
    public void anchorSession(String sessionId, Path root) {
        db.read(tx -> summaryStore.findBySession(tx, sessionId)).ifPresent(s -> anchorSummary(s, root, "written"));
    }

    static String textOf(MemoryRow m) {
        return join(m.title(), m.content());
    }

    private static String join(String a, String b) {
        return (a == null ? "" : a) + "\n" + (b == null ? "" : b);
    }

    /**
     * Re-anchors a record someone checked still holds against the code as it is now (clears a model's verdict too), and
     * says how it stood before. A record outside git cannot be confirmed: there is nothing to hold it to.
     */
    public Confirmed confirm(String recordKind, long id, Path root) {
        String project;
        Runnable anchor;
        if (MEMORY.equals(recordKind)) {
            MemoryRow m = db.read(tx -> memoryStore.find(tx, id)).orElseThrow(() -> EagleException.notFound(
                    "no memory with id " + id, "eagle-mem memories list"));
            if (m.project() == null) {
                throw EagleException.invalidInput("memory " + id + " is a personal memory outside any project: it is not "
                        + "held to any code", "eagle-mem memories show " + id);
            }
            project = m.project();
            anchor = () -> anchorMemory(m, root, "confirmed");
        } else {
            SummaryRow s = db.read(tx -> summaryStore.find(tx, id)).orElseThrow(() -> EagleException.notFound(
                    "no session summary sum-" + id, "eagle-mem session list"));
            project = s.project();
            anchor = () -> anchorSummary(s, root, "confirmed");
        }
        Path tree = root != null ? root : rootOf(project);
        if (tree == null || !java.nio.file.Files.exists(tree.resolve(".git"))) {
            throw EagleException.invalidInput("the project's working tree " + (tree == null ? "is not known" : tree
                    + " is not a git checkout") + ": records are anchored to git", "run it inside the project's checkout");
        }
        Freshness before = of(recordKind, id, project, tree).orElse(null);
        anchor.run();
        Freshness after = of(recordKind, id, project, tree).orElseThrow();
        return new Confirmed(recordKind, id, before, after);
    }

    /** What a confirm did: the state before (null: the record had no anchor) and after (fresh, at HEAD). */
    @RegisterForReflection
    public record Confirmed(String recordKind, long id, Freshness before, Freshness after) {
    }

    /** How each anchored memory stands in {@code root} (null: the project's own tree); unanchored ones are absent. */
    public Map<Long, Freshness> memories(String project, Path root, Collection<Long> ids) {
        return states(MEMORY, project, root, ids, git);
    }

    public Map<Long, Freshness> summaries(String project, Path root, Collection<Long> ids) {
        return states(SUMMARY, project, root, ids, git);
    }

    /** The state of one record, asking git for evidence (the CLI's and the API's single-record views). */
    public Optional<Freshness> of(String recordKind, long id, String project, Path root) {
        return Optional.ofNullable(states(recordKind, project, root, List.of(id), true).get(id));
    }

    private Map<Long, Freshness> states(String kind, String project, Path root, Collection<Long> ids, boolean askGit) {
        if (ids.isEmpty() || project == null) {
            return Map.of();
        }
        try {
            List<Anchor> found = db.read(tx -> anchors.forRecords(tx, kind, ids));
            return check(found, root != null ? root : rootOf(project), askGit);
        } catch (RuntimeException e) {
            return Map.of(); // a record whose state cannot be told is shown as it is, never hidden
        }
    }

    /** Whether the project has an anchored record at all (re-verification has nothing to do without one). */
    public boolean anchored(String project) {
        return db.read(tx -> anchors.anyIn(tx, project));
    }

    /** Every anchored record of a project that is not fresh, by kind and id, checked with git's evidence. */
    public List<Checked> stale(String project, Path root) {
        List<Anchor> all = db.read(tx -> anchors.ofProject(tx, project));
        Map<Long, Anchor> byId = new HashMap<>();
        all.forEach(a -> byId.put(a.id(), a));
        Map<Long, Freshness> states = checkByAnchor(all, root != null ? root : rootOf(project), true);
        return all.stream().filter(a -> states.containsKey(a.id()) && states.get(a.id()).state().labelled())
                .map(a -> new Checked(a.recordKind(), a.recordId(), a.id(), states.get(a.id()))).toList();
    }

    /** {@link #stale} with each record's id and title, and how many records of the project are anchored. */
    public StaleReport report(String project, Path root) {
        Path tree = root != null ? root : rootOf(project);
        List<Checked> stale = stale(project, tree);
        int anchored = db.read(tx -> anchors.ofProject(tx, project)).size();
        List<StaleReport.Item> items = db.read(tx -> stale.stream().map(c -> {
            if (MEMORY.equals(c.recordKind())) {
                Optional<MemoryRow> m = memoryStore.find(tx, c.recordId());
                return new StaleReport.Item("mem-" + c.recordId(), MEMORY, m.map(MemoryRow::kind).orElse(null),
                        m.map(MemoryRow::title).orElse(""), c.freshness());
            }
            Optional<SummaryRow> s = summaryStore.find(tx, c.recordId());
            String title = s.map(x -> x.fields().request() != null ? x.fields().request() : x.fields().completed())
                    .orElse("");
            return new StaleReport.Item("sum-" + c.recordId(), SUMMARY, null, title == null ? "" : title, c.freshness());
        }).toList());
        return new StaleReport(project, tree == null ? null : tree.toString(), anchored, items);
    }

    /** A record and how it stands; {@code anchorId} for the re-verification job. */
    public record Checked(String recordKind, long recordId, long anchorId, Freshness freshness) {
    }

    /** Every anchor of the project with its state, including fresh ones (the re-verification job reads them). */
    List<Checked> all(String project, Path root) {
        List<Anchor> all = db.read(tx -> anchors.ofProject(tx, project));
        Map<Long, Freshness> states = checkByAnchor(all, root != null ? root : rootOf(project), true);
        return all.stream().filter(a -> states.containsKey(a.id()))
                .map(a -> new Checked(a.recordKind(), a.recordId(), a.id(), states.get(a.id()))).toList();
    }

    private Map<Long, Freshness> check(List<Anchor> found, Path root, boolean askGit) {
        Map<Long, Freshness> byAnchor = checkByAnchor(found, root, askGit);
        Map<Long, Freshness> out = new HashMap<>();
        found.forEach(a -> {
            if (byAnchor.containsKey(a.id())) {
                out.put(a.recordId(), byAnchor.get(a.id()));
            }
        });
        return out;
    }

    private Map<Long, Freshness> checkByAnchor(List<Anchor> found, Path root, boolean askGit) {
        if (found.isEmpty() || root == null) {
            return Map.of();
        }
        String head = HeadCommit.of(root).orElse(null);
        AnchorCheck checker = new AnchorCheck(files, askGit);
        AnchorCheck.Learned learned = AnchorCheck.Learned.none();
        Map<Long, Freshness> out = new HashMap<>();
        for (Anchor a : found) {
            out.put(a.id(), a.targets().isEmpty() && a.verdict() == null ? Freshness.fresh(a.commit(), a.anchoredAt())
                    : checker.check(a, root, head, learned));
        }
        if (!learned.isEmpty()) {
            keep(learned);
        }
        return out;
    }

    /** Stores git's evidence and the renames: renames first, since they reset what was seen about the old path. */
    private void keep(AnchorCheck.Learned learned) {
        try {
            db.write(tx -> {
                learned.renames().forEach(r -> anchors.follow(tx, r.anchorId(), r.from(), r.to()));
                learned.evidence().forEach(e -> anchors.saw(tx, e.anchorId(), e.path(), e.decl(), e.seen()));
                return null;
            });
        } catch (RuntimeException e) {
            // evidence is a cache: the next check asks again
        }
    }

    /**
     * The working tree records of {@code project} are checked against: the current directory's when it is a checkout
     * of that project (a worktree on another branch is checked as the agent sees it), else the project's recorded root.
     */
    public Path rootOf(String project) {
        Optional<Project> here = context.here();
        if (here.isPresent() && here.get().key().equals(project)) {
            Optional<Path> tree = WorkTree.of(context.env().cwd());
            if (tree.isPresent()) {
                return tree.get();
            }
        }
        return db.read(tx -> projects.rootOf(tx, project)).map(Path::of).orElse(null);
    }

    /** A record's text and the files it names, as anchoring reads them; empty when it is gone or forgotten. */
    Optional<Written> written(String recordKind, long id) {
        if (MEMORY.equals(recordKind)) {
            return db.read(tx -> memoryStore.find(tx, id)).filter(m -> !m.isDeleted())
                    .map(m -> new Written(textOf(m), m.files(), m.project()));
        }
        return db.read(tx -> summaryStore.find(tx, id)).map(s -> new Written(join(s.fields().decisions(),
                s.fields().gotchas()),
                Stream.concat(s.fields().keyFiles().stream(), s.fields().filesModified().stream())
                        .distinct().limit(12).toList(),
                s.project()));
    }

    record Written(String text, List<String> files, String project) {
    }

    /** Anchors a record again in {@code root} ({@code how}: reverified, confirmed); false when it is gone. */
    boolean reanchor(String recordKind, long id, Path root, String how) {
        Optional<Written> w = written(recordKind, id);
        w.ifPresent(x -> anchor(recordKind, id, x.project(), root, x.text(), x.files(), how));
        return w.isPresent();
    }

    Optional<Anchor> find(String recordKind, long id) {
        return db.read(tx -> anchors.find(tx, recordKind, id));
    }

    WorkingFiles files() {
        return files;
    }

    Db db() {
        return db;
    }

    AnchorStore store() {
        return anchors;
    }

    @PreDestroy
    @Override
    public void close() {
        files.close();
    }
}
