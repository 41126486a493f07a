package dev.eaglemem.jobs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.code.IndexReport;
import dev.eaglemem.store.JobRow;

/**
 * The code index, in the background: a whole project when SessionStart finds it unindexed or stale, or the one file
 * an edit changed. Both are safe to run twice (unchanged files cost a hash and no parse; a file's rows are replaced
 * in one transaction). Queued with a dedupe key, so edits of one file while its job waits queue it once.
 */
@ApplicationScoped
public class IndexJob implements JobKind {

    public static final String KIND = "index";
    static final String ROOT = "root";
    static final String PATH = "path";

    private final CodeIndexer indexer;

    public IndexJob(CodeIndexer indexer) {
        this.indexer = indexer;
    }

    @Override
    public String name() {
        return KIND;
    }

    static String dedupeKey(String project, String path) {
        return KIND + ":" + project + (path == null ? "" : ":" + path);
    }

    @Override
    public String run(JobRow job) {
        if (job.project() == null) {
            throw new IllegalArgumentException("index job " + job.id() + " names no project");
        }
        Path root = job.payloadText(ROOT).map(Path::of).orElseThrow(() -> new IllegalArgumentException(
                "index job " + job.id() + " has no " + ROOT + " in its payload"));
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("index job " + job.id() + ": " + root + " is not a directory any more");
        }
        var path = job.payloadText(PATH);
        if (path.isPresent()) {
            IndexReport r = indexer.indexPaths(job.project(), root, List.of(path.get()));
            return "re-indexed " + path.get() + " (" + (r.removed() > 0 ? "removed" : r.indexed() > 0 ? "changed" : "unchanged")
                    + ")";
        }
        IndexReport r = indexer.index(job.project(), root, false, CodeIndexer.Progress.NONE);
        return "indexed " + r.files() + " files in " + r.millis() + " ms: " + r.indexed() + " parsed, " + r.unchanged()
                + " unchanged, " + r.removed() + " removed, " + r.skipped() + " skipped";
    }
}
