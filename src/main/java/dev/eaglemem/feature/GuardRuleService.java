package dev.eaglemem.feature;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.ProjectPath;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.ProjectStore;

/**
 * Manual per-file rules ("Do not revert the retry loop without asking") shown before an edit of a
 * matching file. Patterns follow {@link PathPattern}; {@code **} applies a rule to every file.
 */
@ApplicationScoped
public class GuardRuleService {

    static final int MAX_RULE = 2048;

    private final Db db;
    private final Redactor redactor;
    private final GuardRuleStore rules;
    private final ProjectStore projects;
    private final Clock clock;

    public GuardRuleService(Db db, GuardRuleStore rules, ProjectStore projects, Redactor redactor, Clock clock) {
        this.redactor = redactor;
        this.db = db;
        this.rules = rules;
        this.projects = projects;
        this.clock = clock;
    }

    /** The rule and whether it was new (adding an identical live rule returns the existing one). */
    public GuardRuleStore.Added add(String project, String pattern, String rule) {
        String p;
        try {
            p = PathPattern.of(pattern == null ? "" : pattern).text();
        } catch (IllegalArgumentException e) {
            throw EagleException.invalidInput("pattern: " + e.getMessage(),
                    "eagle-mem guard add 'src/pay/**' --rule \"Do not change retry timings without asking\"");
        }
        String text = rule == null ? "" : redactor.redact(rule).strip();
        if (text.isEmpty() || text.length() > MAX_RULE) {
            throw EagleException.invalidInput("--rule must be 1 to " + MAX_RULE + " characters",
                    "eagle-mem guard add " + p + " --rule \"Do not revert without asking\"");
        }
        return db.write(tx -> {
            Instant now = clock.instant();
            projects.touch(tx, project, null, now);
            return rules.add(tx, project, p, text, now);
        });
    }

    public List<GuardRuleRow> list(String project) {
        return db.read(tx -> rules.live(tx, project));
    }

    public GuardRuleRow remove(String project, long id) {
        return db.write(tx -> {
            Optional<GuardRuleRow> row = rules.find(tx, id).filter(r -> r.project().equals(project) && r.deletedAt() == null);
            if (row.isEmpty()) {
                throw EagleException.notFound("no guard rule #" + id + " in " + project, "eagle-mem guard list");
            }
            rules.remove(tx, id, clock.instant());
            return rules.find(tx, id).orElseThrow();
        });
    }

    /**
     * The live rules whose pattern matches the file (absolute or root-relative; nothing for a file outside
     * the root): plain paths before globs, then oldest first.
     */
    public List<GuardRuleRow> rulesFor(String project, Path root, String file) {
        Optional<String> rel = ProjectPath.relative(root, file);
        if (rel.isEmpty()) {
            return List.of();
        }
        return list(project).stream()
                .filter(r -> matches(r.pattern(), rel.get()))
                .sorted(Comparator.comparing((GuardRuleRow r) -> PathPattern.of(r.pattern()).isGlob())
                        .thenComparingLong(GuardRuleRow::id))
                .toList();
    }

    private static boolean matches(String pattern, String file) {
        try {
            return PathPattern.of(pattern).matches(file);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
