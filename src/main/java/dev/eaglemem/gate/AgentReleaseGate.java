package dev.eaglemem.gate;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.project.ProjectResolver;
import dev.eaglemem.shell.ReleaseBoundaries;
import dev.eaglemem.shell.ReleaseBoundary;

/**
 * The release gate over the feature package's pending verifications, for both ways a push happens: the
 * agent's PreToolUse (a shell command that is a release boundary) and git's pre-push hook
 * ({@code eagle-mem gate check}, as {@link PendingChecks}).
 */
@ApplicationScoped
public class AgentReleaseGate implements PendingChecks {

    /** Checks listed in the agent's deny; the rest are counted (feature pending lists them all). */
    static final int LISTED = 10;

    private final VerificationService verifications;
    private final EagleEnv env;
    private final ProjectResolver resolver = new ProjectResolver();

    public AgentReleaseGate(VerificationService verifications, EagleEnv env) {
        this.verifications = verifications;
        this.env = env;
    }

    /**
     * Why the agent may not run {@code command} now, or empty: only a release boundary is ever refused, and
     * only while a feature whose files it would publish awaits verification.
     */
    public Optional<String> refusal(String command, Path projectRoot, String project, String sessionId) {
        if (command == null || projectRoot == null || project == null) {
            return Optional.empty();
        }
        Optional<ReleaseBoundary> boundary = ReleaseBoundaries.detect(command);
        if (boundary.isEmpty()) {
            return Optional.empty();
        }
        List<PendingCheck> pending = verifications.releaseCheck(projectRoot, project, sessionId);
        if (pending.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(PrePushCheck.denyText("this release boundary (" + boundary.get().kind() + ")", pending, LISTED)
                + "\nDo not work around this gate; verify or waive, then run the same command again.\n");
    }

    @Override
    public List<PendingCheck> forChangedFiles(Path repoRoot, List<String> files) {
        return resolver.resolve(env, repoRoot)
                .map(p -> verifications.pendingForFiles(repoRoot, p.key(), files, null))
                .orElse(List.of());
    }
}
