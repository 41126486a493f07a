package dev.eaglemem.cli;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Option;

/**
 * {@code -p/--project KEY} or {@code -a/--all-projects}: which projects a listing covers (memories list, search,
 * session list). The {@link ProjectOption} plus one flag, declared once so every listing takes both alike.
 */
public class ProjectsOption extends ProjectOption {

    @Option(names = { "-a", "--all-projects" }, description = "Every project (instead of -p or the working directory's).")
    boolean all;

    /** The project to list, or null for every project; both -p and -a is a contradiction, not a precedence. */
    String scope(CurrentContext context) {
        if (all && key != null) {
            throw EagleException.invalidInput("-p " + key + " and --all-projects contradict each other",
                    "give one of them: -p " + key + "   or   --all-projects");
        }
        return all ? null : context.requireProject(key);
    }
}
