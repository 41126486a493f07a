package dev.eaglemem.anchor;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.llm.Llm;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.llm.LlmReply;
import dev.eaglemem.llm.LlmRequest;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AnchorStore.Anchor;
import dev.eaglemem.store.AnchorStore.Target;

/**
 * Looks again at a project's records whose code changed since they were written, and decides what it can. Without a model:
 * a record whose file changed while the declarations it names did not, or that was only renamed, or whose named lines
 * ({@code app.py:42}) are all still there, is fresh again and re-anchored; a named declaration that no longer exists is
 * gone (the check itself says so). With a model provider (under the cost governor), it asks whether the change contradicts
 * the record: "holds" re-anchors it, "contradicted" labels it with the model's one-line reason (never deletes it; a
 * confirm takes the verdict back), "unsure" leaves it changed. Content it could not decide about is not looked at again
 * until the file changes once more.
 */
@ApplicationScoped
public class Reverifier {

    /** What one pass did. {@code more}: it stopped at its cap and records are left for the next pass. */
    public record Result(int checked, int reanchored, int contradicted, int gone, int undecided, int asked, long tokens,
            boolean more) {

        public String describe() {
            return "checked " + checked + " anchored records: " + reanchored + " fresh again (re-anchored), " + contradicted
                    + " contradicted, " + gone + " gone, " + undecided + " left as changed" + (asked == 0 ? ""
                            : "; asked the model about " + asked + " (" + tokens + " tokens)")
                    + (more ? "; more to do" : "");
        }
    }

    /** Records a pass asks a model about at most (each one call). */
    static final int MAX_ASKED = 20;
    private static final String PURPOSE = "reverify";
    private static final String REVERIFIED = "reverified";

    private final AnchorService anchors;
    private final Llm llm;
    private final Redactor redactor;
    private final Clock clock;

    public Reverifier(AnchorService anchors, Llm llm, Redactor redactor, Clock clock) {
        this.anchors = anchors;
        this.llm = llm;
        this.redactor = redactor;
        this.clock = clock;
    }

    /** One pass over the project's anchored records in {@code root} (null: the project's tree). */
    public Result run(String project, Path root, Long jobId) {
        Path tree = root != null ? root : anchors.rootOf(project);
        if (tree == null) {
            return new Result(0, 0, 0, 0, 0, 0, 0, false);
        }
        int reanchored = 0;
        int contradicted = 0;
        int gone = 0;
        int undecided = 0;
        int asked = 0;
        long tokens = 0;
        boolean more = false;
        List<AnchorService.Checked> all = anchors.all(project, tree);
        for (AnchorService.Checked c : all) {
            Optional<Anchor> found = anchors.find(c.recordKind(), c.recordId());
            if (found.isEmpty()) {
                continue;
            }
            Anchor a = found.get();
            Freshness f = c.freshness();
            switch (f.state()) {
                case FRESH -> {
                    if (fileMovedOn(a, tree) && anchors.reanchor(c.recordKind(), c.recordId(), tree, REVERIFIED)) {
                        reanchored++; // its declarations held while the rest of the file changed: follow the file
                    }
                }
                case MOVED -> {
                    if (anchors.reanchor(c.recordKind(), c.recordId(), tree, REVERIFIED)) {
                        reanchored++;
                    }
                }
                case GONE -> gone++;
                case CONTRADICTED -> {
                    // a verdict stays until someone confirms or corrects the record
                }
                case CHANGED -> {
                    List<Target> changed = changedTargets(a, f);
                    if (!changed.isEmpty() && changed.stream().allMatch(t -> reviewed(t, tree))) {
                        undecided++;
                        continue;
                    }
                    Optional<AnchorService.Written> w = anchors.written(c.recordKind(), c.recordId());
                    if (w.isEmpty()) {
                        continue;
                    }
                    if (namedLinesHold(a, w.get().text(), tree)) {
                        anchors.reanchor(c.recordKind(), c.recordId(), tree, REVERIFIED);
                        reanchored++;
                        continue;
                    }
                    if (!llm.configured() || a.commit() == null) {
                        markReviewed(a, changed, tree);
                        undecided++;
                        continue;
                    }
                    if (asked >= MAX_ASKED) {
                        more = true;
                        continue;
                    }
                    String diff = diff(a, changed, tree);
                    if (diff.isBlank()) {
                        markReviewed(a, changed, tree);
                        undecided++;
                        continue;
                    }
                    LlmReply reply;
                    try {
                        reply = llm.complete(new LlmRequest(PURPOSE, jobId, project, ReverifyPrompt.SYSTEM,
                                ReverifyPrompt.build(w.get().text(), diff, redactor), ReverifyPrompt.MAX_TOKENS, true,
                                ReverifyPrompt.JSON_SCHEMA));
                    } catch (LlmFailure e) {
                        if (e.retryable() || asked == 0) {
                            throw e; // the job is retried (or deferred to the next day's budget); what it stored stays
                        }
                        more = true;
                        break;
                    }
                    asked++;
                    tokens += reply.inputTokens() + reply.outputTokens();
                    ReverifyPrompt.Answer answer = ReverifyPrompt.parse(reply.text());
                    switch (answer.verdict()) {
                        case HOLDS -> {
                            anchors.reanchor(c.recordKind(), c.recordId(), tree, REVERIFIED);
                            reanchored++;
                        }
                        case CONTRADICTED -> {
                            String by = reply.provider() + (reply.model() == null ? "" : "/" + reply.model());
                            anchors.db().write(tx -> {
                                anchors.store().contradicted(tx, a.id(), redactor.redact(answer.reason()), by, clock.instant());
                                return null;
                            });
                            contradicted++;
                        }
                        case UNSURE -> {
                            markReviewed(a, changed, tree);
                            undecided++;
                        }
                    }
                }
            }
        }
        return new Result(all.size(), reanchored, contradicted, gone, undecided, asked, tokens, more);
    }

    /** The anchor's targets behind its "changed" findings (by path, as the findings name them). */
    private static List<Target> changedTargets(Anchor a, Freshness f) {
        List<String> paths = f.findings().stream().filter(x -> x.state() == AnchorState.CHANGED).map(Finding::path).toList();
        return a.targets().stream().filter(t -> paths.contains(t.path())).toList();
    }

    private boolean reviewed(Target t, Path tree) {
        return t.reviewedBlob() != null && anchors.files().blob(tree.resolve(t.path())).filter(t.reviewedBlob()::equals)
                .isPresent();
    }

    private void markReviewed(Anchor a, List<Target> targets, Path tree) {
        anchors.db().write(tx -> {
            for (Target t : targets) {
                anchors.files().blob(tree.resolve(t.path())).ifPresent(b -> anchors.store().reviewed(tx, a.id(), t.path(), b));
            }
            return null;
        });
    }

    /** A fresh record whose file content is no longer the anchored one (only its declarations were compared). */
    private boolean fileMovedOn(Anchor a, Path tree) {
        return a.targets().stream().anyMatch(t -> anchors.files().blob(tree.resolve(t.path()))
                .filter(b -> !b.equals(t.blob())).isPresent());
    }

    /**
     * Whether the record names lines ({@code src/app.py:42}) in each file that changed, and each of those lines, as it
     * was at the anchor, is still in the file: then the change touched none of them.
     */
    private boolean namedLinesHold(Anchor a, String text, Path tree) {
        Map<String, List<Integer>> named = NamedInText.lines(text);
        if (named.isEmpty()) {
            return false;
        }
        boolean anyChecked = false;
        for (Target t : a.targets()) {
            if (anchors.files().blob(tree.resolve(t.path())).filter(t.blob()::equals).isPresent()) {
                continue;
            }
            // the name the record uses: its own (kept through a re-anchor), else the one at the anchor
            String origin = t.namedAs() != null ? t.namedAs() : t.movedFrom() != null ? t.movedFrom() : t.path();
            List<Integer> lines = named.entrySet().stream().filter(e -> origin.equals(e.getKey())
                    || origin.endsWith("/" + e.getKey())).flatMap(e -> e.getValue().stream()).toList();
            if (lines.isEmpty()) {
                return false; // a changed file the record names no line of: the whole file is what it is about
            }
            Optional<String> before = GitHistory.blob(tree, t.blob());
            Optional<String> now = readNow(tree.resolve(t.path()));
            if (before.isEmpty() || now.isEmpty()) {
                return false;
            }
            String[] old = before.get().split("\n", -1);
            List<String> current = now.get().lines().map(String::strip).toList();
            for (int line : lines) {
                if (line < 1 || line > old.length || old[line - 1].isBlank() || !current.contains(old[line - 1].strip())) {
                    return false;
                }
            }
            anyChecked = true;
        }
        return anyChecked;
    }

    private static Optional<String> readNow(Path file) {
        try {
            return Optional.of(java.nio.file.Files.readString(file));
        } catch (java.io.IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The change of each changed file since the anchor's commit, up to the cap. */
    private static String diff(Anchor a, List<Target> targets, Path tree) {
        List<String> parts = new ArrayList<>();
        int size = 0;
        for (Target t : targets.stream().map(Target::path).distinct().map(p -> targets.stream()
                .filter(x -> x.path().equals(p)).findFirst().orElseThrow()).toList()) {
            Optional<String> d = GitHistory.diff(tree, a.commit(), t.path(), t.movedFrom());
            if (d.isPresent() && size < GitHistory.MAX_DIFF_CHARS) {
                parts.add(d.get());
                size += d.get().length();
            }
        }
        String all = String.join("\n", parts);
        return all.length() <= GitHistory.MAX_DIFF_CHARS ? all : all.substring(0, GitHistory.MAX_DIFF_CHARS) + "\n[diff cut]\n";
    }
}
