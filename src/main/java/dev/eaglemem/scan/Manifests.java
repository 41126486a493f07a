package dev.eaglemem.scan;

import java.io.IOException;
import java.util.List;

import javax.xml.stream.XMLStreamException;

/** Which reader takes which manifest, and the one place a manifest that cannot be read becomes a warning. */
final class Manifests {

    /** Reads one manifest into the findings. */
    interface Reader {
        void read(ManifestFile m, Findings f) throws IOException, XMLStreamException;
    }

    /** File names whose directories are workspace members (see ProjectScanner's member lookup). */
    static final List<String> MEMBER_MANIFESTS = List.of("package.json", "Cargo.toml", "pom.xml",
            "go.mod", "project.json");

    private Manifests() {
    }

    /** The reader for a project path, or null when it is not a manifest scan reads. */
    static Reader forPath(String path) {
        String name = ProjectLayout.fileName(path);
        return switch (name) {
            case "package.json" -> NodeManifests::packageJson;
            case "pnpm-workspace.yaml" -> NodeManifests::pnpmWorkspace;
            case "lerna.json" -> NodeManifests::lerna;
            case "nx.json" -> NodeManifests::nx;
            case "turbo.json" -> NodeManifests::turbo;
            case "pom.xml" -> JvmManifests::pom;
            case "build.gradle", "build.gradle.kts" -> JvmManifests::gradleBuild;
            case "settings.gradle", "settings.gradle.kts" -> JvmManifests::gradleSettings;
            case "pyproject.toml" -> PythonManifests::pyproject;
            case "Pipfile" -> PythonManifests::pipfile;
            case "setup.cfg" -> PythonManifests::setupCfg;
            case "go.mod" -> GoManifests::goMod;
            case "go.work" -> GoManifests::goWork;
            case "Cargo.toml" -> CargoManifests::cargoToml;
            case "Gemfile" -> RubyManifests::gemfile;
            case "composer.json" -> PhpManifests::composer;
            case "Package.swift" -> SwiftDartElixirManifests::packageSwift;
            case "pubspec.yaml" -> SwiftDartElixirManifests::pubspec;
            case "mix.exs" -> SwiftDartElixirManifests::mixExs;
            default -> other(path, name);
        };
    }

    private static Reader other(String path, String name) {
        if (name.endsWith(".txt") && (name.startsWith("requirements") || name.endsWith("requirements.txt")
                || path.contains("requirements/"))) {
            return PythonManifests::requirements;
        }
        if (name.endsWith(".csproj") || name.endsWith(".fsproj") || name.endsWith(".vbproj")) {
            return DotnetManifests::project;
        }
        return null;
    }

    /**
     * Runs the reader; a manifest it cannot read (malformed JSON, TOML or XML, or a shape no reader expected) becomes
     * a warning in the report instead of failing the scan: one odd file must not hide the rest of the project.
     */
    static void read(Reader reader, ManifestFile m, Findings f) {
        try {
            reader.read(m, f);
        } catch (IOException | XMLStreamException e) {
            f.warn(m.path(), "not read: " + firstLine(e.getMessage()));
        } catch (RuntimeException e) {
            f.warn(m.path(), "not read: " + e.getClass().getSimpleName() + " " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        String line = message.lines().findFirst().orElse("").strip();
        return line.length() > 160 ? line.substring(0, 159) + "…" : line;
    }
}
