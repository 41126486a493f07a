package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Swift, Dart/Flutter and Elixir: Package.swift and mix.exs are programs and pubspec.yaml is YAML, none of which
 * eagle-mem parses fully; each declares its dependencies in one literal form that is read here
 * ({@code .package(url: …)}, {@code name: ^1.0} under {@code dependencies:}, {@code {:name, "~> 1.0"}}).
 */
final class SwiftDartElixirManifests {

    static final Catalog SWIFT = Catalog.exact("vapor/vapor", "Vapor", "hummingbird-project/hummingbird", "Hummingbird",
            "pointfreeco/swift-composable-architecture", "Composable Architecture");
    static final Catalog DART = Catalog.exact("flutter", "Flutter", "flutter_bloc", "BLoC", "riverpod", "Riverpod",
            "flutter_riverpod", "Riverpod", "get", "GetX", "shelf", "Shelf", "dart_frog", "Dart Frog");
    static final Catalog ELIXIR = Catalog.exact("phoenix", "Phoenix", "phoenix_live_view", "Phoenix LiveView", "ecto",
            "Ecto", "ecto_sql", "Ecto", "absinthe", "Absinthe", "oban", "Oban", "nerves", "Nerves", "broadway", "Broadway");

    private static final Pattern SWIFT_PACKAGE = Pattern.compile("\\.package\\s*\\(\\s*(?:name:\\s*\"[^\"]*\"\\s*,\\s*)?"
            + "(?:url:\\s*\"[^\"]*?github\\.com/([^\"/]+/[^\"/.]+)|path:)");
    private static final Pattern MIX_DEPENDENCY = Pattern.compile("\\{\\s*:(\\w+)\\s*,([^}]*)}");

    private SwiftDartElixirManifests() {
    }

    static void packageSwift(ManifestFile m, Findings f) {
        List<String> repos = new ArrayList<>();
        Matcher p = SWIFT_PACKAGE.matcher(m.text());
        int count = 0;
        while (p.find()) {
            count++;
            if (p.group(1) != null) {
                repos.add(p.group(1));
            }
        }
        if (count > 0) {
            f.dependencies(m.path(), "swiftpm", count, null);
        }
        SWIFT.frameworks(repos, m.path(), f);
        if (m.text().contains(".testTarget(")) {
            f.testFramework("XCTest");
        }
    }

    static void pubspec(ManifestFile m, Findings f) {
        f.name(m.path(), YamlLines.scalar(m.text(), "name"));
        List<String> runtime = YamlLines.mappingKeys(m.text(), "dependencies");
        List<String> dev = YamlLines.mappingKeys(m.text(), "dev_dependencies");
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "pub", runtime.size(), dev.size());
        }
        DART.frameworks(runtime, m.path(), f);
        if (dev.contains("flutter_test")) {
            f.testFramework("flutter_test");
        } else if (dev.contains("test")) {
            f.testFramework("package:test");
        }
    }

    static void mixExs(ManifestFile m, Findings f) {
        List<String> names = new ArrayList<>();
        int runtime = 0;
        int dev = 0;
        // the tuples of the deps function; other tuples in mix.exs ({:ok, …}) are not dependencies
        int deps = m.text().indexOf("defp deps");
        Matcher d = MIX_DEPENDENCY.matcher(deps < 0 ? m.text() : m.text().substring(deps));
        while (d.find()) {
            names.add(d.group(1));
            // only: :test, only: [:dev, :test] — development-only
            if (d.group(2).matches("(?s).*only:\\s*\\[?\\s*:(dev|test)\\b.*")) {
                dev++;
            } else {
                runtime++;
            }
        }
        if (runtime + dev > 0) {
            f.dependencies(m.path(), "mix", runtime, dev);
        }
        ELIXIR.frameworks(names, m.path(), f);
    }
}
