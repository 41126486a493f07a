package dev.eaglemem.jobs;

import java.nio.file.Path;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.notes.NoteSyncService;
import dev.eaglemem.notes.SyncReport;
import dev.eaglemem.store.JobRow;

/**
 * The agents' own notes and plans of a project mirrored as note memories ({@link NoteSyncService}), queued when a
 * session starts. Incremental: an unchanged file costs a read and a hash. Running it twice changes nothing more.
 */
@ApplicationScoped
public class NoteSyncJob implements JobKind {

    public static final String KIND = "note-sync";
    public static final String ROOT = "root";

    private final NoteSyncService notes;

    public NoteSyncJob(NoteSyncService notes) {
        this.notes = notes;
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
            throw new IllegalArgumentException("note-sync job " + job.id() + " names no project");
        }
        String root = job.payloadText(ROOT).orElseThrow(() -> new IllegalArgumentException(
                "note-sync job " + job.id() + " has no " + ROOT + " in its payload"));
        SyncReport r = notes.sync(project, Path.of(root));
        return "agent notes of " + project + ": " + r.added() + " added, " + r.updated() + " updated, " + r.unchanged()
                + " unchanged, " + r.gone() + " gone";
    }
}
