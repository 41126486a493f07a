package dev.eaglemem.hook;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.anchor.WorkTree;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.code.CodeUsage;
import dev.eaglemem.curate.FileHints;
import dev.eaglemem.dialect.HookResponse;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureRoot;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.GuardRuleService;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.Recorded;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.gate.AgentReleaseGate;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.tokenguard.TokenDecision;
import dev.eaglemem.tokenguard.TokenPolicy;

/**
 * The guardrails around a tool call: before it, the release gate, the token guard and what is known about
 * the files an edit touches; after it, the feature checks an edit opened, a stale-memory hint and, after a
 * read, the feature a file belongs to. Every line is short: this text lands in the agent's context. This is the
 * answer only: opening the checks is the event's follow-up (VerificationService, reached through EventIntake).
 */
@ApplicationScoped
public class GuardHandlers {

    /** Files per call that get recall (an apply_patch can touch dozens). */
    static final int FILES_PER_CALL = 3;
    static final int STUCK_WARN = 5;
    static final int STUCK_STOP = 8;

    private final AgentReleaseGate gate;
    private final TokenPolicy tokens;
    private final FeatureService features;
    private final GuardRuleService rules;
    private final MemoryService memories;
    private final CaptureService capture;
    private final CodeUsage usage;
    private final FileHints hints;

    public GuardHandlers(AgentReleaseGate gate, TokenPolicy tokens, FeatureService features, GuardRuleService rules,
            MemoryService memories, CaptureService capture, CodeUsage usage, FileHints hints) {
        this.gate = gate;
        this.tokens = tokens;
        this.features = features;
        this.rules = rules;
        this.memories = memories;
        this.capture = capture;
        this.usage = usage;
        this.hints = hints;
    }

    public HookResponse before(HookEvent.PreToolUse e) {
        HookContext c = e.context();
        ToolCall call = e.call();
        if (call.kind() == ToolCall.Kind.SHELL) {
            Optional<String> refusal = gate.refusal(call.command(), root(c), c.cwdProject(), c.sessionId());
            if (refusal.isPresent()) {
                return new HookResponse.Deny(refusal.get());
            }
            return switch (tokens.decide(c.agent(), c.cwdProject(), call.command())) {
                case TokenDecision.Allow a -> HookResponse.SILENT;
                case TokenDecision.Advise a -> new HookResponse.Context(a.context());
                case TokenDecision.Deny d -> new HookResponse.Deny(d.reason());
                case TokenDecision.Rewrite r -> new HookResponse.Rewrite(e.toolInput().deepCopy().put("command", r.command()),
                        r.context());
            };
        }
        if (call.kind() == ToolCall.Kind.WRITE || call.kind() == ToolCall.Kind.PATCH) {
            List<String> lines = new ArrayList<>(beforeEdit(c, files(c, call.filesModified())));
            lines.addAll(usedBy(c, files(c, call.filesModified()), replacedText(e.toolInput())));
            lines.addAll(fileHints(c, files(c, call.filesModified())));
            return context(lines);
        }
        return HookResponse.SILENT;
    }

    /**
     * Context to add after the call ran (the observation is stored; {@code recorded} is what its edit opened, see
     * VerificationService#recordEdits).
     */
    public List<String> after(HookEvent.PostToolUse e, Recorded recorded) {
        HookContext c = e.context();
        ToolCall call = e.call();
        Path root = root(c);
        if (root == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (call.kind() == ToolCall.Kind.WRITE || call.kind() == ToolCall.Kind.PATCH) {
            recorded.created().stream().map(PendingCheck::feature).distinct().forEach(f -> out.add("Eagle Mem: feature '"
                    + f + "' now needs verification before release: run its smoke tests, then eagle-mem feature verify "
                    + ShellWords.quote(f) + " --notes \"what passed\"."));
            for (String file : limit(files(c, call.filesModified()))) {
                memories.aboutFile(c.cwdProject(), file, List.of(), 1).forEach(m -> out.add("Eagle Mem memory check: mem-"
                        + m.id() + " (" + m.kind() + ") may reference " + file + ": \"" + Snippets.oneLine(m.content(), 120)
                        + "\". If this edit contradicts it, update it: eagle-mem memories update " + m.id()
                        + " --content \"…\""));
            }
        } else if (call.kind() == ToolCall.Kind.READ) {
            for (String file : limit(files(c, call.filesRead()))) {
                for (Feature f : features.featuresOf(c.cwdProject(), root, file, FILES_PER_CALL)) {
                    out.add(featureNote(file, f));
                }
            }
        }
        return out;
    }

    private List<String> beforeEdit(HookContext c, List<String> files) {
        Path root = root(c);
        if (root == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String file : limit(files)) {
            for (GuardRuleRow r : rules.rulesFor(c.cwdProject(), root, file).stream().limit(3).toList()) {
                out.add("Eagle Mem guardrail for " + file + ": " + r.rule());
            }
            List<MemoryRow> about = memories.aboutFile(c.cwdProject(), file, List.of(MemoryKind.DECISION, MemoryKind.GOTCHA), 2);
            Map<Long, Freshness> states = memories.anchors().memories(c.cwdProject(), WorkTree.orElse(c.cwd(), root),
                    about.stream().map(MemoryRow::id).toList());
            for (MemoryRow m : about) {
                Freshness f = states.get(m.id());
                if (f != null && f.state() == AnchorState.GONE) {
                    continue; // about code that no longer exists: no guard to keep
                }
                boolean fresh = f == null || !f.state().labelled();
                out.add("Eagle Mem " + m.kind() + " about " + file + " (mem-" + m.id() + "): "
                        + Snippets.oneLine(m.content(), 240)
                        + (fresh ? "" : f.tag())
                        + (m.kind().equals("decision") && fresh ? " Do not revert this without asking the user."
                                : m.kind().equals("decision") ? " Check it still holds before relying on it." : ""));
            }
            int edits = capture.editsOf(c.sessionId(), file);
            if (edits >= STUCK_STOP) {
                out.add("Eagle Mem warning: " + file + " has been edited " + edits + " times this session. You may be stuck;"
                        + " step back and rethink the approach before changing it again.");
            } else if (edits >= STUCK_WARN) {
                out.add("Eagle Mem: " + file + " has been edited " + edits + " times this session. If the changes are not"
                        + " converging, consider a different approach.");
            }
        }
        return out;
    }

    /** What else uses the code an edit changes (the code graph), for the first files of the call. */
    private List<String> usedBy(HookContext c, List<String> files, List<String> replaced) {
        Path root = root(c);
        if (root == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String file : limit(files)) {
            out.addAll(usage.usedBy(c.cwdProject(), root, file, files.size() == 1 ? replaced : List.of()));
        }
        return out;
    }

    /**
     * For the call's first files, curate's hints: the files usually edited with each and whether it is a hot file,
     * one line per file (key lookups only).
     */
    private List<String> fileHints(HookContext c, List<String> files) {
        if (c.cwdProject() == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String file : limit(files)) {
            String note = hints.note(c.cwdProject(), file, files);
            if (!note.isEmpty()) {
                out.add(note);
            }
        }
        return out;
    }

    /**
     * The text an edit replaces: Claude Code's Edit ({@code old_string}) and MultiEdit ({@code edits[].old_string}).
     * Empty for a Write and for Codex's apply_patch: the whole file counts as changed.
     */
    static List<String> replacedText(JsonNode input) {
        if (input == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (input.path("old_string").isTextual()) {
            out.add(input.get("old_string").asText());
        }
        for (JsonNode edit : input.path("edits")) {
            if (edit.path("old_string").isTextual()) {
                out.add(edit.get("old_string").asText());
            }
        }
        return out;
    }

    private static String featureNote(String file, Feature f) {
        return "Eagle Mem feature guardrail: " + file + " is part of feature '" + f.name() + "'"
                + (f.description() == null || f.description().isBlank() ? ""
                        : " (" + Snippets.oneLine(f.description(), 160) + ")")
                + ". Smoke tests: " + (f.smokeTests().isEmpty() ? "none" : String.join("; ", f.smokeTests()))
                + (f.dependsOn().isEmpty() ? "" : ". Depends on: " + String.join(", ", f.dependsOn()))
                + ". Last verified: " + (f.lastVerifiedAt() == null ? "never" : f.lastVerifiedAt())
                + ". A change needs verification before release.";
    }

    /** The call's files relative to the repository, as the checks its edit opens name them (see FeatureRoot). */
    private static List<String> files(HookContext c, List<String> given) {
        return where(c).files(given);
    }

    /** The repository the guardrails work in (as the feature commands see it); null without a project. */
    private static Path root(HookContext c) {
        return where(c).root();
    }

    private static FeatureRoot where(HookContext c) {
        return FeatureRoot.of(c.cwdProject(), c.projectRoot(), c.cwd());
    }

    private static List<String> limit(List<String> files) {
        return files.size() <= FILES_PER_CALL ? files : files.subList(0, FILES_PER_CALL);
    }

    private static HookResponse context(List<String> lines) {
        return lines.isEmpty() ? HookResponse.SILENT : new HookResponse.Context(String.join("\n", lines));
    }
}
