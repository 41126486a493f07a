package dev.eaglemem.cli;

import java.nio.file.Path;
import java.util.Optional;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectSwitch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "project", header = "Turn eagle-mem off or on for a project.",
        description = { "A project that is off records nothing and recalls nothing: every hook stays silent, except one line"
                + " at the start of each session saying so. What is already stored stays (and eagle-mem commands still read it).",
                "A file named " + ProjectSwitch.REPO_FILE
                        + " in the repository's root does the same for everyone who clones it." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem project off", "  eagle-mem project on -p code/shop",
                "  eagle-mem project status --json" })
public class ProjectCommand {

    @Spec
    CommandSpec spec;

    private final ProjectSwitch projects;
    private final CurrentContext context;

    public ProjectCommand(ProjectSwitch projects, CurrentContext context) {
        this.projects = projects;
        this.context = context;
    }

    @Command(name = "off", header = "Record and recall nothing for the project.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem project off", "  eagle-mem project off -p code/shop --json" })
    int off(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        boolean changed = projects.set(key, true);
        return show(output, key, changed ? "turned_off" : "already_off");
    }

    @Command(name = "on", header = "Record and recall again for the project.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem project on", "  eagle-mem project on -p code/shop --json" })
    int on(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        boolean changed = projects.set(key, false);
        return show(output, key, changed ? "turned_on" : "already_on");
    }

    @Command(name = "status", header = "Say whether eagle-mem is on for the project.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem project status", "  eagle-mem project status --json" })
    int status(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        return show(output, context.requireProject(project.key), null);
    }

    private int show(OutputMixin output, String key, String change) {
        Optional<ProjectSwitch.Off> off = projects.off(key, root(key));
        String repoFile = off.map(ProjectSwitch.Off::repoFile).map(Path::toString).orElse(null);
        if (output.json) {
            Console.json(spec, new ProjectState(key, off.isEmpty(), change, off.map(ProjectSwitch.Off::listed).orElse(false),
                    repoFile));
            return 0;
        }
        var out = Console.out(spec);
        if (off.isEmpty()) {
            out.println("eagle-mem is on for " + key + ".");
        } else if (!off.get().listed()) {
            out.println("eagle-mem is off for " + key + " by " + repoFile + "; delete that file to turn it on.");
        } else {
            out.println("eagle-mem is off for " + key + ": hooks record and recall nothing. Turn it on: eagle-mem project on"
                    + (key.equals(here()) ? "" : " -p " + key));
        }
        return 0;
    }

    /** The repository root when the key is the working directory's project (the repository file lives there). */
    private Path root(String key) {
        return context.here().filter(p -> p.key().equals(key)).map(Project::root).orElse(null);
    }

    private String here() {
        return context.here().map(Project::key).orElse(null);
    }
}
