package dev.eaglemem.status;

import java.nio.file.Path;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectResolver;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TableCounts;

/**
 * The Claude Code status bar line. It runs after every assistant message, so it never fails: an
 * unreadable database shows as such instead of an error.
 */
@ApplicationScoped
public class StatusLine {

    private final Provider<Db> db;
    private final StatsStore stats;
    private final EagleEnv env;

    public StatusLine(Provider<Db> db, StatsStore stats, EagleEnv env) {
        this.db = db;
        this.stats = stats;
        this.env = env;
    }

    /** @param dir the agent's directory, or null for this process's */
    public String render(Path dir) {
        try {
            Path where = dir == null ? env.cwd() : dir;
            Optional<String> project = new ProjectResolver().resolve(env.withCwd(where), where).map(Project::key);
            if (project.isEmpty()) {
                return "eagle-mem · no project here";
            }
            TableCounts c = db.get().read(tx -> stats.counts(tx, project.get()));
            long memories = c.memories() + c.personalMemories();
            return "eagle-mem · " + project.get() + " · " + memories + (memories == 1 ? " memory · " : " memories · ")
                    + c.sessions() + (c.sessions() == 1 ? " session" : " sessions");
        } catch (RuntimeException e) {
            return "eagle-mem · database unavailable (eagle-mem doctor)";
        }
    }
}
