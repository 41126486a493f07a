package dev.eaglemem.anchor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.store.AnchorStore.Anchor;
import dev.eaglemem.store.AnchorStore.Seen;
import dev.eaglemem.store.AnchorStore.Target;

/**
 * Checks one anchor against a working tree. The state itself needs no git: each file's blob id now (cached by size and
 * mtime) against the anchored one, each named declaration's hash now against the anchored one. Git is asked only for the
 * evidence (how many commits touched a changed file since, the newest; where a missing file went) and only when allowed
 * (serve and the CLI); what it said is kept per HEAD ({@link Learned}), so a hook without serve reads it back instead.
 */
final class AnchorCheck {

    /** What a check learnt that the store should keep: git's evidence per target, and renames the anchor follows. */
    record Learned(List<Evidence> evidence, List<Rename> renames) {

        static Learned none() {
            return new Learned(new ArrayList<>(), new ArrayList<>());
        }

        boolean isEmpty() {
            return evidence.isEmpty() && renames.isEmpty();
        }
    }

    record Evidence(long anchorId, String path, String decl, Seen seen) {
    }

    record Rename(long anchorId, String from, String to) {
    }

    private final WorkingFiles files;
    private final boolean git;

    AnchorCheck(WorkingFiles files, boolean git) {
        this.files = files;
        this.git = git;
    }

    /** @param head the working tree's HEAD now (null when unknown): git's stored evidence is used only for this HEAD */
    Freshness check(Anchor a, Path root, String head, Learned learned) {
        Map<String, List<Target>> byPath = new LinkedHashMap<>();
        a.targets().forEach(t -> byPath.computeIfAbsent(t.path(), k -> new ArrayList<>()).add(t));
        List<Finding> findings = new ArrayList<>();
        for (Map.Entry<String, List<Target>> e : byPath.entrySet()) {
            findings.addAll(checkFile(a, root, head, e.getKey(), e.getValue(), learned));
        }
        findings.sort(Comparator.comparing((Finding f) -> -f.state().ordinal()));
        AnchorState state = stateOf(findings, byPath.size());
        if (a.verdict() != null) {
            return new Freshness(AnchorState.CONTRADICTED, a.commit(), a.anchoredAt(), findings, a.verdictReason());
        }
        return new Freshness(state, a.commit(), a.anchoredAt(), findings, null);
    }

    /**
     * Gone only when every file it names is gone (or the declarations it names were deleted) and that is certain; any
     * other finding of a change or a loss is a change; renames alone are a move.
     */
    private static AnchorState stateOf(List<Finding> findings, int files) {
        if (findings.isEmpty()) {
            return AnchorState.FRESH;
        }
        long goneFiles = findings.stream().filter(f -> f.state() == AnchorState.GONE && sure(f)).map(Finding::path).distinct()
                .count();
        if (goneFiles == files && findings.stream().allMatch(f -> f.state() == AnchorState.GONE && sure(f))) {
            return AnchorState.GONE;
        }
        return findings.stream().anyMatch(f -> f.state() != AnchorState.MOVED) ? AnchorState.CHANGED : AnchorState.MOVED;
    }

    /** A missing declaration in a file that was read is certain; a missing file is certain once git said it was deleted. */
    private static boolean sure(Finding f) {
        return f.decl() != null || f.commits() != null;
    }

    private List<Finding> checkFile(Anchor a, Path root, String head, String path, List<Target> targets, Learned learned) {
        Path file = root.resolve(path);
        Optional<String> blob = files.blob(file);
        String movedFrom = targets.getFirst().movedFrom();
        if (blob.isEmpty()) {
            return missing(a, root, head, path, targets, learned);
        }
        List<Finding> out = new ArrayList<>();
        Optional<Map<String, String>> declared = targets.stream().anyMatch(t -> t.decl() != null)
                ? files.declarations(file, path) : Optional.empty();
        boolean changed = false;
        for (Target t : targets) {
            if (t.decl() != null && declared.isPresent()) {
                String now = declared.get().get(t.decl());
                if (now == null) {
                    out.add(new Finding(path, t.decl(), AnchorState.GONE, movedFrom, null, null, null));
                } else if (!now.equals(t.declHash())) {
                    out.add(changed(a, root, head, t, path, t.decl(), movedFrom, learned));
                }
            } else if (!blob.get().equals(t.blob()) && !changed) {
                changed = true; // one finding per file, however many targets it holds
                out.add(changed(a, root, head, t, path, null, movedFrom, learned));
            }
        }
        if (out.isEmpty() && movedFrom != null) {
            out.add(new Finding(path, null, AnchorState.MOVED, movedFrom, null, null, null));
        }
        return out;
    }

    private Finding changed(Anchor a, Path root, String head, Target t, String path, String decl, String movedFrom,
            Learned learned) {
        Seen seen = evidence(a, root, head, t, path, false, learned);
        return new Finding(path, decl, AnchorState.CHANGED, movedFrom, seen == null ? null : seen.commits(),
                seen == null ? null : seen.newest(), seen == null ? null : seen.subject());
    }

    /** A file that is not in the working tree: renamed (the anchor follows it), deleted, or unknown without git. */
    private List<Finding> missing(Anchor a, Path root, String head, String path, List<Target> targets, Learned learned) {
        Target t = targets.getFirst();
        if (t.seen() != null && t.seen().deleted() && head != null && head.equals(t.seen().head())) {
            return List.of(gone(path, t.seen()));
        }
        if (git && a.commit() != null) {
            Optional<GitHistory.Missing> where = GitHistory.missing(root, a.commit(), path);
            if (where.isPresent() && where.get().to() != null) {
                String to = where.get().to();
                learned.renames().add(new Rename(a.id(), path, to));
                List<Target> moved = targets.stream().map(x -> new Target(to, x.blob(), x.decl(), x.declHash(),
                        x.movedFrom() == null ? path : x.movedFrom(), x.namedAs(), null, x.reviewedBlob())).toList();
                return checkFile(a, root, head, to, moved, learned);
            }
            if (where.isPresent()) {
                Seen seen = evidence(a, root, head, t, path, true, learned);
                return List.of(gone(path, seen == null ? new Seen(head, 0, null, null, true) : seen));
            }
        }
        return List.of(new Finding(path, null, AnchorState.GONE, t.movedFrom(), null, null, null));
    }

    private static Finding gone(String path, Seen seen) {
        return new Finding(path, null, AnchorState.GONE, null, seen.commits() == null ? 0 : seen.commits(), seen.newest(),
                seen.subject());
    }

    /** Git's word on a changed or deleted target: kept from an earlier check at this HEAD, else asked now when allowed. */
    private Seen evidence(Anchor a, Path root, String head, Target t, String path, boolean deleted, Learned learned) {
        if (t.seen() != null && head != null && head.equals(t.seen().head()) && path.equals(t.path())) {
            return t.seen();
        }
        if (!git || a.commit() == null || head == null) {
            return null;
        }
        // HEAD still holds what the record was written against: the change is in the working tree, not in a commit
        Optional<GitHistory.Since> since = !deleted && GitHistory.headBlob(root, path).filter(t.blob()::equals).isPresent()
                ? Optional.of(new GitHistory.Since(0, null, null)) : GitHistory.since(root, a.commit(), path);
        if (since.isEmpty()) {
            return null; // the anchor's commit is not here (a shallow clone, another clone's history): no counts
        }
        Seen seen = new Seen(head, since.get().commits(), since.get().newest(), since.get().subject(), deleted);
        learned.evidence().add(new Evidence(a.id(), t.path(), t.decl(), seen));
        return seen;
    }
}
