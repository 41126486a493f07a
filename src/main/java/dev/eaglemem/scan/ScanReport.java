package dev.eaglemem.scan;

import java.nio.file.Path;
import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem scan} found in a project, from its files and manifests alone. Lists are ordered most
 * telling first and capped (see {@link ProjectScanner}); {@code --json} prints this whole.
 *
 * @param root the directory scanned
 * @param git true when git listed the files (so .gitignore applied); false for a directory walk
 * @param fallbackReason why the files were walked instead of listed by git; null when git listed them
 * @param name the project's name from its top-most manifest (package.json, pom.xml, Cargo.toml…), else the
 *     directory's name
 * @param files files listed, generated and vendored ones included
 * @param topLevelFiles files directly in {@code root}
 * @param lines non-blank lines of the files counted in {@code languages}
 * @param skipped files not read, and why
 * @param languages by lines, most first
 * @param frameworks from the manifests, top-most manifest first
 * @param structure the top-level directories with their file counts, most files first
 * @param entryPoints where the project starts: declared executables, main functions, container commands, conventions
 * @param tests test files, the directories that hold them, and the test frameworks
 * @param config configuration files (containers, CI, build, lint, deployment, agent instructions…)
 * @param dependencies declared dependencies per manifest
 * @param workspaces monorepo layouts (npm/yarn/pnpm workspaces, lerna, nx, turbo, go.work, Cargo, Maven, Gradle)
 * @param warnings manifests that could not be read, and why
 * @param tookMs how long the scan took, listing included
 */
@RegisterForReflection
public record ScanReport(Path root, boolean git, String fallbackReason, String name, int files, int topLevelFiles,
        long lines, Skipped skipped, List<Language> languages, List<Framework> frameworks, List<Folder> structure,
        List<EntryPoint> entryPoints, Tests tests, List<ConfigFile> config, List<Dependencies> dependencies,
        List<Workspace> workspaces, List<String> warnings, long tookMs) {

    public ScanReport {
        languages = List.copyOf(languages);
        frameworks = List.copyOf(frameworks);
        structure = List.copyOf(structure);
        entryPoints = List.copyOf(entryPoints);
        config = List.copyOf(config);
        dependencies = List.copyOf(dependencies);
        workspaces = List.copyOf(workspaces);
        warnings = List.copyOf(warnings);
    }

    /** Files listed but not read. */
    @RegisterForReflection
    public record Skipped(int generated, int binary, int tooLarge, int unreadable) {
    }

    /** What a language's lines are: code, markup, data or prose (the categories GitHub's linguist uses). */
    @RegisterForReflection
    public enum LanguageKind {
        PROGRAMMING, MARKUP, DATA, PROSE
    }

    @RegisterForReflection
    public record Language(String name, LanguageKind kind, int files, long lines) {
    }

    /** @param manifest the manifest it was found in (the top-most one when several name it) */
    @RegisterForReflection
    public record Framework(String name, String manifest) {
    }

    @RegisterForReflection
    public record Folder(String path, int files) {
    }

    /**
     * @param path the file that starts it (or the manifest that declares it)
     * @param kind {@code bin} (a declared executable), {@code main} (a main function), {@code start} (a package's
     *     start script or main module), {@code container} (a Dockerfile's ENTRYPOINT/CMD), {@code procfile},
     *     {@code conventional} (a name such as manage.py or src/main.rs) or {@code script} (a Python
     *     {@code __main__} guard)
     * @param detail the command or name, when the source says one; else null
     */
    @RegisterForReflection
    public record EntryPoint(String path, String kind, String detail) {
    }

    /**
     * @param files test source files (by name or by living in a test directory)
     * @param dirs the test directories, most files first
     * @param frameworks from manifests, config files and the test sources' imports
     */
    @RegisterForReflection
    public record Tests(int files, List<String> dirs, List<String> frameworks) {

        public Tests {
            dirs = List.copyOf(dirs);
            frameworks = List.copyOf(frameworks);
        }
    }

    /**
     * @param kind {@code container}, {@code ci}, {@code build}, {@code typescript}, {@code lint}, {@code bundler},
     *     {@code test}, {@code env}, {@code deploy}, {@code agent}, {@code toolchain}, {@code dependencies} or
     *     {@code app}
     * @param tool what it configures, for people ("GitHub Actions", "ESLint", ".env example")
     */
    @RegisterForReflection
    public record ConfigFile(String path, String kind, String tool) {
    }

    /**
     * @param ecosystem npm, maven, gradle, pip, poetry, go, cargo, bundler, composer, nuget, swiftpm, pub, mix
     * @param runtime dependencies the software needs to run
     * @param dev development, test and build dependencies; null when the manifest does not tell them apart
     */
    @RegisterForReflection
    public record Dependencies(String manifest, String ecosystem, int runtime, Integer dev) {
    }

    /**
     * @param tool npm, yarn, pnpm, bun, lerna, nx, turborepo, go, cargo, maven or gradle
     * @param manifest the file that declares it
     * @param patterns the member patterns as written (globs, module paths, Gradle project paths)
     * @param members the member directories found in the project
     */
    @RegisterForReflection
    public record Workspace(String tool, String manifest, List<String> patterns, List<String> members) {

        public Workspace {
            patterns = List.copyOf(patterns);
            members = List.copyOf(members);
        }
    }
}
