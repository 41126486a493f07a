package dev.eaglemem.scan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.GitRepos;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectResolver;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.OverviewRow;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;

/**
 * Scans a project and stores the result as its overview with source {@code scan}, for the {@code scan} command and
 * the {@code scan} job alike. A person's overview ({@code overview set}) is never replaced unless forced; an older
 * scan's always is. The files are read before the one short write transaction, so hooks never wait on a scan.
 */
@ApplicationScoped
public class ScanService {

    static final String SOURCE = "scan";

    private final Db db;
    private final OverviewStore overviews;
    private final ProjectStore projects;
    private final Redactor redactor;
    private final Clock clock;
    private final EagleEnv env;
    private final ProjectResolver resolver = new ProjectResolver();

    public ScanService(Db db, OverviewStore overviews, ProjectStore projects, Redactor redactor, Clock clock, EagleEnv env) {
        this.db = db;
        this.overviews = overviews;
        this.projects = projects;
        this.redactor = redactor;
        this.clock = clock;
        this.env = env;
    }

    /** Scans the project {@code dir} belongs to (the same key the hooks and other commands use) and stores it. */
    public ScanResult scan(Path dir, boolean force) {
        Path directory = existingDirectory(dir);
        Optional<Project> project = project(directory);
        String key = project.map(Project::key).orElseThrow(() -> EagleException.invalidInput(
                "no project at " + directory + " (a temporary directory, or no name to make a key of)",
                "scan a directory inside a project, or name one: EAGLE_MEM_PROJECT=code/my-repo eagle-mem scan " + directory));
        return scanAndStore(key, root(project.map(Project::root).orElse(null), directory), force);
    }

    /** Scans the root of the project {@code dir} belongs to and stores the overview under {@code project}. */
    public ScanResult scan(String project, Path dir, boolean force) {
        Path directory = existingDirectory(dir);
        return scanAndStore(project, root(project(directory).map(Project::root).orElse(null), directory), force);
    }

    private ScanResult scanAndStore(String project, Path root, boolean force) {
        ScanReport report;
        try {
            report = ProjectScanner.scan(root, env.vars());
        } catch (IOException e) {
            throw EagleException.failure("scan_failed", "cannot list the files of " + root + ": " + e.getMessage(),
                    "check that " + root + " is a readable directory: ls -ld " + root, e);
        }
        String text = redactor.redact(OverviewText.render(report)).strip();
        return db.write(tx -> {
            Instant now = clock.instant();
            Optional<OverviewRow> before = overviews.findRow(tx, project);
            String previous = before.map(OverviewRow::source).orElse(null);
            if (before.isPresent() && !before.get().scanned() && !force) {
                return new ScanResult(project, report.root(), false, ScanResult.Reason.KEPT_MANUAL, previous, text,
                        before.get().content(), report);
            }
            projects.touch(tx, project, null, now);
            overviews.set(tx, project, text, SOURCE, now);
            ScanResult.Reason reason = before.isEmpty() ? ScanResult.Reason.NO_OVERVIEW
                    : before.get().scanned() ? ScanResult.Reason.REPLACED_SCAN : ScanResult.Reason.FORCED;
            return new ScanResult(project, report.root(), true, reason, previous, text, null, report);
        });
    }

    private Path existingDirectory(Path dir) {
        Path directory = env.cwd().resolve(dir).normalize();
        if (!Files.exists(directory)) {
            throw EagleException.notFound("no directory " + directory, "eagle-mem scan PATH   (a project directory that exists)");
        }
        if (!Files.isDirectory(directory)) {
            throw EagleException.invalidInput(directory + " is a file, not a directory",
                    "eagle-mem scan " + (directory.getParent() == null ? "." : directory.getParent()));
        }
        return directory;
    }

    private Optional<Project> project(Path directory) {
        try {
            return resolver.resolve(env, directory);
        } catch (IllegalArgumentException e) {
            throw EagleException.invalidInput(e.getMessage(), "unset EAGLE_MEM_PROJECT, or set it to a key such as code/my-repo");
        }
    }

    /**
     * The directory to scan for {@code directory}: the root its project key comes from (the git top level, the main
     * checkout of a linked worktree), or when {@code EAGLE_MEM_PROJECT} named the project (no key root) the git top
     * level of {@code directory}; else {@code directory} itself.
     */
    private Path root(Path keyRoot, Path directory) {
        if (keyRoot != null) {
            return keyRoot;
        }
        return GitRepos.topLevel(directory, GitRepos.parseCeilings(env.get("GIT_CEILING_DIRECTORIES").orElse(null)))
                .orElse(directory);
    }
}
