package dev.eaglemem.status;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
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

    private static final ObjectMapper JSON = PlainJson.MAPPER;

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
        return render(env, dir);
    }

    /**
     * The line for Claude's statusLine JSON ({@code {"workspace":{"current_dir":…},"cwd":…}}) as it arrives on the
     * command's stdin or in serve's request body; anything else means "the directory of {@code caller}".
     *
     * @param caller the environment of the process that asks (serve passes the shim's, not its own)
     */
    public String renderForClaude(EagleEnv caller, byte[] statusJson) {
        return render(caller, directoryOf(statusJson));
    }

    private static Path directoryOf(byte[] statusJson) {
        if (statusJson == null || statusJson.length == 0) {
            return null;
        }
        try {
            JsonNode root = JSON.readTree(statusJson);
            String dir = root.path("workspace").path("current_dir").asText(root.path("cwd").asText(""));
            return dir.isBlank() ? null : Path.of(dir);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String render(EagleEnv caller, Path dir) {
        try {
            Path where = dir == null ? caller.cwd() : dir;
            Optional<String> project = new ProjectResolver().resolve(caller.withCwd(where), where).map(Project::key);
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
