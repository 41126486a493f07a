package dev.eaglemem.platform;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files of a project, as {@code scan} and the code index see them: what git would commit (tracked files plus
 * untracked ones that are not ignored), or, without git, a directory walk that skips the usual build output and
 * dependency folders. Plus the rules both apply before reading a file: generated or vendored paths, binary content,
 * files over {@link #MAX_FILE_BYTES}.
 */
public final class ProjectFileList {

    /** Files larger than this are not read: minified bundles, data dumps and fixtures say little about a project. */
    public static final long MAX_FILE_BYTES = 1L << 20;
    /** How much of a file {@link #looksBinary} looks at; git's own heuristic looks at the same 8 KiB. */
    public static final int SNIFF_BYTES = 8192;

    /**
     * The listed files.
     *
     * @param root the directory listed, absolute and with symlinks resolved
     * @param paths paths relative to {@code root} with '/' separators: sorted, distinct, regular files (never symlinks)
     *     that existed when listed
     * @param git true when git listed them (so .gitignore applies)
     * @param fallbackReason why a directory walk was used instead of git, for people ("not a git repository",
     *     "git is not on PATH"); null when git listed them
     */
    public record Listing(Path root, List<String> paths, boolean git, String fallbackReason) {

        public Listing {
            paths = List.copyOf(paths);
        }
    }

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Directories a walk never enters. Each is either version-control metadata, something a package manager
     * downloads, or something a build or a tool writes; none is source a person wrote, and several hold tens of
     * thousands of files. Names are matched exactly, at any depth.
     */
    static final Set<String> WALK_SKIPS = Set.of(
            ".git", ".hg", ".svn", // version-control metadata
            "node_modules", "bower_components", ".pnpm-store", ".yarn", // JavaScript package managers' downloads
            "vendor", // Go modules, Composer and Bundler vendoring: other people's code
            "target", // Maven and Cargo build output
            "build", "out", "dist", // Gradle, CMake, bundlers and most other build output
            ".gradle", ".m2", // Gradle's and Maven's caches when kept in the project
            ".venv", "venv", "__pycache__", ".eggs", // Python virtualenvs and bytecode (other venv names: pyvenv.cfg)
            ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", // Python tool caches
            ".idea", // JetBrains workspace state (.vscode stays: its settings are small and shared on purpose)
            ".next", ".nuxt", ".svelte-kit", ".angular", ".turbo", ".parcel-cache", ".cache", ".expo", // framework caches
            "coverage", ".nyc_output", // test coverage reports
            ".terraform", ".dart_tool", ".stack-work", "elm-stuff", "Pods", "DerivedData", ".zig-cache", "zig-cache",
            ".direnv"); // tool state of Terraform, Dart, Stack, Elm, CocoaPods, Xcode, Zig, direnv

    /** Directory names whose contents are someone else's code or a tool's output, wherever git lists them. */
    private static final Set<String> GENERATED_DIRS = Set.of("vendor", "third_party", "third-party", "thirdparty",
            "node_modules", "bower_components", "jspm_packages", "dist", "build", "out", "target", "generated",
            "__generated__", "gen-src", "site-packages", ".next", ".nuxt", ".svelte-kit", ".yarn", "coverage", "Pods",
            "__pycache__", ".venv", "venv", ".git");

    /** Lock files: written by package managers, long, and no one reads them for meaning. */
    private static final Set<String> LOCK_FILES = Set.of("package-lock.json", "npm-shrinkwrap.json", "yarn.lock",
            "pnpm-lock.yaml", "bun.lockb", "bun.lock", "Cargo.lock", "Gemfile.lock", "poetry.lock", "Pipfile.lock",
            "uv.lock", "pdm.lock", "composer.lock", "go.sum", "go.work.sum", "packages.lock.json", "gradle.lockfile",
            "flake.lock", "mix.lock", "pubspec.lock", "Podfile.lock", "Package.resolved", "deno.lock");

    /** File-name endings of generated code (protobuf, gRPC, Dart builders, designers) and minified or mapped bundles. */
    private static final List<String> GENERATED_SUFFIXES = List.of(".min.js", ".min.mjs", ".min.css", ".map",
            "_pb2.py", "_pb2.pyi", "_pb2_grpc.py", ".pb.go", ".pb.gw.go", ".pb.cc", ".pb.h", ".pb.swift", ".pb.rs",
            "_pb.js", "_pb.d.ts", "_grpc_pb.js", ".g.dart", ".freezed.dart", ".gr.dart", ".designer.cs", ".g.cs",
            ".g.i.cs", ".generated.ts", ".generated.js", ".generated.cs", ".generated.go", ".snap", ".lock", ".pyc",
            ".class");

    private ProjectFileList() {
    }

    /** {@link #list(Path, Map)} with this process's environment. */
    public static Listing list(Path root) throws IOException {
        return list(root, System.getenv());
    }

    /**
     * The project's files under {@code root}. Inside a git work tree (also when {@code root} is a directory below
     * its top level): {@code git ls-files --cached --others --exclude-standard} under {@code root}, minus tracked
     * files deleted from disk. Otherwise, or when git is missing or fails, a walk of the directory that skips
     * {@link #WALK_SKIPS}, any virtualenv and symlinked directories; the listing says why.
     *
     * @param environment the variables to find git with ({@code PATH}) and give it ({@code GIT_CEILING_DIRECTORIES})
     * @throws IOException when {@code root} is not a directory
     */
    public static Listing list(Path root, Map<String, String> environment) throws IOException {
        Path dir = root.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw Files.exists(dir) ? new NotDirectoryException(dir.toString())
                    : new NoSuchFileException(dir.toString());
        }
        dir = dir.toRealPath();
        Optional<Path> git = Executables.find(environment, "git");
        if (git.isEmpty()) {
            return walk(dir, "git is not on PATH");
        }
        ProcessRequest request = ProcessRequest.of(List.of(git.get().toString(), "-C", dir.toString(), "ls-files", "-z",
                "--cached", "--others", "--exclude-standard")).withTimeout(GIT_TIMEOUT);
        String ceilings = environment.get("GIT_CEILING_DIRECTORIES");
        if (ceilings != null) {
            request = request.withEnv("GIT_CEILING_DIRECTORIES", ceilings);
        }
        ProcessResult r = ProcessRunner.run(request);
        if (!r.ok()) {
            return walk(dir, gitProblem(r));
        }
        TreeSet<String> paths = new TreeSet<>();
        for (String path : r.out().split("\0")) {
            // a tracked file deleted from disk is still in the index; a submodule or a nested repository is a directory
            if (!path.isEmpty() && Files.isRegularFile(dir.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
                paths.add(path);
            }
        }
        return new Listing(dir, new ArrayList<>(paths), true, null);
    }

    private static String gitProblem(ProcessResult r) {
        String err = r.err().strip();
        if (r.timedOut()) {
            return "git ls-files did not finish in " + GIT_TIMEOUT.toSeconds() + " s";
        }
        if (!r.exited()) {
            return "git could not run (" + err + ")";
        }
        if (err.toLowerCase(Locale.ROOT).contains("not a git repository")) {
            return "not a git repository";
        }
        String first = err.lines().findFirst().orElse("exit " + r.exit());
        return "git ls-files failed: " + first.replaceFirst("^(fatal|error): ", "");
    }

    private static Listing walk(Path dir, String reason) throws IOException {
        TreeSet<String> paths = new TreeSet<>();
        // no FOLLOW_LINKS: a symlinked directory is reported as a link and not entered (it may point anywhere, or loop)
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                return d.equals(dir) || !skipped(d) ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) {
                    paths.add(dir.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/"));
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // unreadable: not ours to list
            }
        });
        return new Listing(dir, new ArrayList<>(paths), false, reason);
    }

    private static boolean skipped(Path d) {
        String name = d.getFileName().toString();
        // a virtualenv under any name carries pyvenv.cfg; *.egg-info is setuptools' build metadata
        return WALK_SKIPS.contains(name) || name.endsWith(".egg-info") || Files.isRegularFile(d.resolve("pyvenv.cfg"));
    }

    /**
     * True for paths whose content is someone else's code or a tool's output: a vendored or build directory
     * anywhere in the path ({@code vendor/}, {@code third_party/}, {@code node_modules/}, {@code dist/},
     * {@code build/}, {@code generated/}…), lock files, minified bundles and source maps, and generated sources
     * ({@code *_pb2.py}, {@code *.pb.go}, {@code *.g.dart}, {@code *.Designer.cs}…).
     *
     * @param path relative, with '/' separators
     */
    public static boolean generatedOrVendored(String path) {
        String[] parts = path.split("/");
        for (int i = 0; i < parts.length - 1; i++) {
            if (GENERATED_DIRS.contains(parts[i]) || parts[i].endsWith(".egg-info")) {
                return true;
            }
        }
        String name = parts[parts.length - 1];
        if (LOCK_FILES.contains(name)) {
            return true;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        for (String suffix : GENERATED_SUFFIXES) {
            if (lower.endsWith(suffix)) {
                return true;
            }
        }
        // Kubernetes' code generators and similar tools mark their output in the name
        return lower.startsWith("zz_generated") || lower.contains(".generated.");
    }

    /**
     * True when the first {@link #SNIFF_BYTES} of a file are not text: a NUL byte (as git decides), or more than one
     * control character in ten (other than tab, newline, carriage return, form feed, backspace and escape). UTF-8 and
     * Latin-1 text pass; UTF-16 counts as binary, as it does for git.
     */
    public static boolean looksBinary(byte[] head) {
        int n = Math.min(head.length, SNIFF_BYTES);
        int control = 0;
        for (int i = 0; i < n; i++) {
            int b = head[i] & 0xff;
            if (b == 0) {
                return true;
            }
            if (b == 0x7f || b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != '\b' && b != 0x1b) {
                control++;
            }
        }
        return control * 10 > n;
    }
}
