package dev.eaglemem.jobs;

import java.nio.file.Path;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.scan.ScanResult;
import dev.eaglemem.scan.ScanService;
import dev.eaglemem.store.JobRow;

/**
 * The project overview from its files ({@link ScanService}), queued when a session starts in a project without one.
 * The payload names the directory; the scan runs on its project's root and never replaces an overview a person
 * wrote. Running it twice only writes the same overview again. A directory that has gone fails the attempt, so the
 * job ends in the dead letter with the reason instead of vanishing.
 */
@ApplicationScoped
public class ScanJob implements JobKind {

    public static final String KIND = "scan";
    public static final String DIRECTORY = "directory";

    private final ScanService scans;

    public ScanJob(ScanService scans) {
        this.scans = scans;
    }

    public static String dedupeKey(String project) {
        return KIND + ":" + project;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        String project = job.project();
        if (project == null || project.isBlank()) {
            throw new IllegalArgumentException("scan job " + job.id() + " names no project");
        }
        String directory = job.payloadText(DIRECTORY).orElseThrow(() -> new IllegalArgumentException(
                "scan job " + job.id() + " has no " + DIRECTORY + " in its payload"));
        ScanResult r = scans.scan(project, Path.of(directory), false);
        String scanned = "scanned " + r.report().files() + " files in " + r.root() + " (" + r.report().tookMs() + " ms): ";
        return scanned + switch (r.reason()) {
            case NO_OVERVIEW, REPLACED_SCAN, FORCED -> "overview stored (" + r.overview().length() + " characters)";
            case KEPT_MANUAL -> "kept the overview a person wrote";
        };
    }
}
