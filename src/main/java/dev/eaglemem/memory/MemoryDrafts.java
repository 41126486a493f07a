package dev.eaglemem.memory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.NewMemoryRow;

/** Validates a draft and turns it into the row that is stored: redacted, normalized, hashed. */
public final class MemoryDrafts {

    private static final Pattern TOPIC = Pattern.compile("[a-z0-9][a-z0-9._/:-]{0,119}");

    private MemoryDrafts() {
    }

    public static NewMemoryRow toRow(MemoryDraft d, Redactor redactor) {
        if (d.scope() == MemoryScope.PROJECT && d.project() == null) {
            throw EagleException.invalidInput("no project to attach a project memory to",
                    "run it inside the project's repository, name the project (--project KEY; \"project\" over HTTP and"
                            + " MCP), or make it personal (--scope personal)");
        }
        MemoryDetails details = redacted(d.details(), redactor);
        checkStructure(d.kind(), details);
        String notes = clean(d.content(), redactor);
        String content = d.kind().structured() ? MemoryText.render(d.kind(), details, notes) : notes;
        if (content == null) {
            throw EagleException.invalidInput("a " + d.kind().id() + " memory needs content",
                    "eagle-mem memories add --kind " + d.kind().id() + " --content \"what to remember\"");
        }
        checkLength("content", content, MemoryText.MAX_CONTENT);
        String title = title(d, details, content, redactor);
        checkLength("title", title, MemoryText.MAX_TITLE);
        return new NewMemoryRow(d.scope() == MemoryScope.PERSONAL ? null : d.project(), d.scope().id(), d.kind().id(),
                title, content, details, topic(d.topicKey()), files(d.files()), MemoryText.hash(d.kind(), content),
                d.agent(), d.sessionId());
    }

    private static String title(MemoryDraft d, MemoryDetails details, String content, Redactor redactor) {
        String given = clean(d.title(), redactor);
        if (given != null) {
            return MemoryText.oneLine(given);
        }
        if (d.kind() == MemoryKind.FACT) {
            return MemoryText.oneLine(details.subject() + " " + details.predicate());
        }
        return MemoryText.titleFrom(d.kind() == MemoryKind.FEEDBACK ? details.situation() : content);
    }

    private static MemoryDetails redacted(MemoryDetails d, Redactor r) {
        return new MemoryDetails(clean(d.situation(), r), clean(d.behavior(), r), clean(d.impact(), r),
                clean(d.action(), r), clean(d.subject(), r), clean(d.predicate(), r), clean(d.object(), r));
    }

    /** Redacted and stripped; null when nothing is left. */
    static String clean(String text, Redactor redactor) {
        if (text == null) {
            return null;
        }
        String out = redactor.redact(text).strip();
        return out.isEmpty() ? null : out;
    }

    private static void checkStructure(MemoryKind kind, MemoryDetails d) {
        List<String> missing = new ArrayList<>();
        List<String> misplaced = new ArrayList<>();
        part(d.situation(), "situation", kind.structured(), missing, misplaced);
        part(d.behavior(), "behavior", kind == MemoryKind.FEEDBACK, missing, misplaced);
        part(d.impact(), "impact", kind == MemoryKind.FEEDBACK, missing, misplaced);
        part(d.action(), "action", kind == MemoryKind.FEEDBACK, missing, misplaced);
        part(d.subject(), "subject", kind == MemoryKind.FACT, missing, misplaced);
        part(d.predicate(), "predicate", kind == MemoryKind.FACT, missing, misplaced);
        part(d.object(), "object", kind == MemoryKind.FACT, missing, misplaced);
        if (!misplaced.isEmpty()) {
            throw EagleException.invalidInput("--" + String.join(", --", misplaced) + " only apply to "
                    + (misplaced.contains("subject") || misplaced.contains("object") ? "--kind fact" : "--kind feedback")
                    + " (this memory is a " + kind.id() + ")", "drop them, or choose the matching --kind");
        }
        if (!missing.isEmpty()) {
            throw EagleException.invalidInput("a " + kind.id() + " memory needs --" + String.join(", --", missing),
                    kind == MemoryKind.FEEDBACK
                            ? "eagle-mem memories add --kind feedback --situation … --behavior … --impact … --action …"
                            : "eagle-mem memories add --kind fact --situation … --subject … --predicate … --object …");
        }
    }

    private static void part(String value, String name, boolean expected, List<String> missing, List<String> misplaced) {
        if (expected && value == null) {
            missing.add(name);
        } else if (!expected && value != null) {
            misplaced.add(name);
        }
    }

    private static void checkLength(String what, String text, int max) {
        if (text.length() > max) {
            throw EagleException.invalidInput("the " + what + " is " + text.length() + " characters; the limit is " + max,
                    "shorten it, or keep the detail in a file and reference it with --file");
        }
    }

    /** Topic keys are lower-case paths like {@code architecture/storage}; blank means none. */
    static String topic(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String topic = raw.strip().toLowerCase(Locale.ROOT);
        if (!TOPIC.matcher(topic).matches()) {
            throw EagleException.invalidInput("invalid topic key '" + raw
                    + "': use 1-120 characters from a-z 0-9 . _ / : - starting with a letter or digit",
                    "--topic architecture/storage");
        }
        return topic;
    }

    private static List<String> files(List<String> files) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String f : files) {
            if (f != null && !f.isBlank()) {
                out.add(f.strip());
            }
        }
        return List.copyOf(out);
    }
}
