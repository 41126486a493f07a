package dev.eaglemem.scan;

import static dev.eaglemem.scan.ManifestFile.keys;
import static dev.eaglemem.scan.ManifestFile.strings;
import static dev.eaglemem.scan.ManifestFile.text;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** Rust: Cargo.toml through Jackson's TOML parser. */
final class CargoManifests {

    static final Catalog FRAMEWORKS = Catalog.exact("axum", "axum", "actix-web", "Actix Web", "rocket", "Rocket", "warp",
            "warp", "poem", "Poem", "tauri", "Tauri", "leptos", "Leptos", "yew", "Yew", "dioxus", "Dioxus", "bevy", "Bevy",
            "tokio", "Tokio", "async-std", "async-std", "tonic", "tonic", "diesel", "Diesel", "sqlx", "SQLx", "sea-orm",
            "SeaORM", "clap", "clap", "ratatui", "Ratatui", "wasm-bindgen", "wasm-bindgen");
    static final Catalog TESTS = Catalog.exact("proptest", "proptest", "criterion", "Criterion", "rstest", "rstest",
            "insta", "insta");

    private CargoManifests() {
    }

    static void cargoToml(ManifestFile m, Findings f) throws IOException {
        JsonNode root = m.toml();
        f.name(m.path(), text(root.path("package").get("name")));
        List<String> runtime = new ArrayList<>(keys(root.get("dependencies")));
        // build scripts' dependencies are not shipped: counted with the development ones
        List<String> dev = new ArrayList<>(keys(root.get("dev-dependencies")));
        dev.addAll(keys(root.get("build-dependencies")));
        JsonNode targets = root.get("target");
        for (String target : keys(targets)) {
            runtime.addAll(keys(targets.get(target).get("dependencies")));
            dev.addAll(keys(targets.get(target).get("dev-dependencies")));
        }
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "cargo", runtime.size(), dev.size());
        }
        List<String> all = new ArrayList<>(runtime);
        all.addAll(dev);
        // a workspace's shared versions say which crates its members use
        all.addAll(keys(root.path("workspace").get("dependencies")));
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
        List<String> members = strings(root.path("workspace").get("members"));
        if (!members.isEmpty()) {
            f.workspace("cargo", m.path(), members, "Cargo.toml");
        }
        JsonNode bins = root.get("bin");
        if (bins != null && bins.isArray()) {
            for (JsonNode bin : bins) {
                String path = text(bin.get("path"));
                String name = text(bin.get("name"));
                String file = path != null ? m.resolve(path) : name != null ? m.resolve("src/bin/" + name + ".rs") : null;
                if (file != null) {
                    f.entry(file, "bin", name);
                }
            }
        }
    }
}
