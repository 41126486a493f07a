package dev.eaglemem.jobs;

import java.nio.file.Files;
import java.nio.file.Path;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.anchor.Reverifier;
import dev.eaglemem.store.JobRow;

/**
 * Background re-verification of a project's anchored records (see {@link Reverifier}): queued when a session starts or
 * ends, one pending run per project. A pass that stopped at its cap of model calls queues the next.
 */
@ApplicationScoped
public class ReverifyJob implements JobKind {

    public static final String KIND = "reverify";
    static final String ROOT = "root";

    private final Reverifier reverifier;
    private final JobQueue queue;

    public ReverifyJob(Reverifier reverifier, JobQueue queue) {
        this.reverifier = reverifier;
        this.queue = queue;
    }

    static String dedupeKey(String project) {
        return KIND + ":" + project;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        if (job.project() == null) {
            return "no project: nothing to re-verify";
        }
        // the tree the session ran in (a worktree on its branch); gone since, the project's own
        Path root = job.payloadText(ROOT).map(Path::of).filter(Files::isDirectory).orElse(null);
        Reverifier.Result r = reverifier.run(job.project(), root, job.id());
        if (r.more()) {
            queue.reverify(job.project(), root);
        }
        return r.describe();
    }
}
