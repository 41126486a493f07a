package dev.eaglemem.redact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Removes secrets from text before it is stored or sent anywhere.
 *
 * <p>{@link #redact(String)} first drops {@code <private>…</private>} blocks, then replaces every secret the rules
 * find with a marker: {@code [REDACTED]}, {@code [REDACTED_JWT]} or {@code [REDACTED_PRIVATE_KEY]}. Name/value rules
 * keep the name ({@code API_KEY=[REDACTED]}). Redacting twice changes nothing: the result is checked against the
 * rules until they find nothing more, and text that already is a marker is left alone.
 *
 * <p>Immutable and thread-safe. All patterns are compiled once, so {@link #defaults()} and the {@code with…} methods
 * are cheap. A call costs linear passes over the text (rules whose literal prefix does not occur are skipped), and a
 * second round when the first found something: tens of microseconds for a command, ~0.1 s for 100 KB.
 */
public final class Redactor {

    private static final Redactor DEFAULTS = new Redactor(List.of(), true);
    private static final int MAX_ROUNDS = 5;
    private static final Pattern MARKER = Pattern.compile("\\[REDACTED(?:_JWT|_PRIVATE_KEY)?]");

    // Stable sort on (start, longest first) keeps rule-table order for identical spans: the earlier rule names them.
    private static final Comparator<Finding> BY_POSITION = Comparator.comparingInt(Finding::start)
            .thenComparing(Comparator.comparingInt(Finding::end).reversed());

    private final List<PatternRule> extraPatterns;
    private final boolean highEntropy;
    private final List<Detector> detectors;

    private Redactor(List<PatternRule> extraPatterns, boolean highEntropy) {
        this.extraPatterns = List.copyOf(extraPatterns);
        this.highEntropy = highEntropy;
        List<Detector> all = new ArrayList<>(SecretRules.BUILT_IN);
        if (highEntropy) {
            all.add(EntropyDetector.INSTANCE);
        }
        all.addAll(this.extraPatterns);
        this.detectors = List.copyOf(all);
    }

    /** Built-in rules with high-entropy detection on. */
    public static Redactor defaults() {
        return DEFAULTS;
    }

    /**
     * A redactor that also replaces every match of these regexes ({@code redaction.extra_patterns}); they replace any
     * extra patterns set before. A regex with a group named {@code secret} replaces only that group, so a rule can
     * keep its context: {@code ticket=(?<secret>\d{6})}.
     *
     * @throws IllegalArgumentException naming the config key, index, pattern and regex error of the first bad entry
     */
    public Redactor withExtraPatterns(List<String> regexes) {
        Objects.requireNonNull(regexes, "regexes");
        List<PatternRule> rules = new ArrayList<>(regexes.size());
        for (int i = 0; i < regexes.size(); i++) {
            String regex = regexes.get(i);
            String name = "redaction.extra_patterns[" + i + "]";
            if (regex == null || regex.isEmpty()) {
                throw new IllegalArgumentException(name + ": empty regex");
            }
            try {
                rules.add(new PatternRule(name, Pattern.compile(regex), value -> true, List.of()));
            } catch (PatternSyntaxException e) {
                String where = e.getIndex() >= 0 ? " near index " + e.getIndex() : "";
                throw new IllegalArgumentException(
                        name + ": invalid regex '" + regex + "': " + e.getDescription() + where, e);
            }
        }
        return new Redactor(rules, highEntropy);
    }

    /** Turns detection of unnamed high-entropy tokens on or off ({@code redaction.high_entropy}, default on). */
    public Redactor withHighEntropy(boolean enabled) {
        return enabled == highEntropy ? this : new Redactor(extraPatterns, enabled);
    }

    /** The text without private blocks and with every secret replaced by a marker; {@code null} stays {@code null}. */
    public String redact(String text) {
        if (text == null) {
            return null;
        }
        List<Finding> findings = scan(text);
        return findings.isEmpty() ? text : Rendering.of(text, findings).text();
    }

    /**
     * Removes {@code <private>…</private>} blocks: case-insensitive tags, any number of blocks, nested blocks as a
     * whole; an opening tag that is never closed removes everything after it. {@code null} stays {@code null}.
     */
    public static String stripPrivate(String text) {
        return PrivateBlocks.strip(text);
    }

    /**
     * Exactly what {@link #redact(String)} replaces: sorted, non-overlapping spans of {@code text}, private blocks
     * included (rule {@link Finding#PRIVATE_BLOCK}). Overlapping matches are merged into one span named after the
     * rule that matched first. {@code null} has no findings.
     */
    public List<Finding> scan(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        StrippedText stripped = PrivateBlocks.find(text);
        List<Finding> found = settle(stripped.visible());
        List<Finding> all = new ArrayList<>(found.size() + stripped.removed().size());
        for (Finding f : found) {
            all.add(stripped.toOriginal(f));
        }
        // Private blocks go last so that a secret spanning one (found because the block was cut out) names the span.
        all.addAll(stripped.removed());
        return merge(all);
    }

    /**
     * The findings on {@code text} plus whatever the rules only see once those are replaced, until nothing new turns
     * up: a value that looked like a {@code $VAR} reference stops looking like one when part of it became a marker.
     * This is what makes {@code redact(redact(x))} equal {@code redact(x)}; it costs a second pass over texts that
     * had findings, and one round almost always settles it.
     */
    private List<Finding> settle(String text) {
        List<Finding> findings = findOnce(text);
        for (int round = 1; round < MAX_ROUNDS && !findings.isEmpty(); round++) {
            Rendering rendering = Rendering.of(text, findings);
            List<Finding> more = findOnce(rendering.text());
            if (more.isEmpty()) {
                break;
            }
            List<Finding> all = new ArrayList<>(findings);
            for (Finding f : more) {
                all.add(rendering.toSource(f));
            }
            List<Finding> merged = merge(all);
            if (merged.equals(findings)) {
                break;
            }
            findings = merged;
        }
        return findings;
    }

    private List<Finding> findOnce(String text) {
        List<Finding> raw = new ArrayList<>();
        for (Detector detector : detectors) {
            detector.find(text, raw);
        }
        return merge(text.contains("[REDACTED") ? outsideMarkers(text, raw) : raw);
    }

    /**
     * Drops findings that lie inside a marker already in the text: a marker hides nothing, and a rule or an extra
     * pattern matching inside one must not wrap it in another marker.
     */
    private static List<Finding> outsideMarkers(String text, List<Finding> findings) {
        findings.sort(BY_POSITION);
        List<Finding> kept = new ArrayList<>(findings.size());
        Matcher marker = MARKER.matcher(text);
        boolean more = marker.find();
        for (Finding f : findings) {
            while (more && marker.end() <= f.start()) {
                more = marker.find();
            }
            if (!(more && marker.start() <= f.start() && f.end() <= marker.end())) {
                kept.add(f);
            }
        }
        return kept;
    }

    private static List<Finding> merge(List<Finding> findings) {
        findings.sort(BY_POSITION);
        List<Finding> merged = new ArrayList<>(findings.size());
        for (Finding next : findings) {
            Finding last = merged.isEmpty() ? null : merged.getLast();
            if (last != null && next.start() < last.end()) {
                if (next.end() > last.end()) {
                    merged.set(merged.size() - 1, new Finding(last.rule(), last.start(), next.end()));
                }
            } else {
                merged.add(next);
            }
        }
        return merged;
    }
}
