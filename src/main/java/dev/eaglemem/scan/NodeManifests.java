package dev.eaglemem.scan;

import static dev.eaglemem.scan.ManifestFile.keys;
import static dev.eaglemem.scan.ManifestFile.strings;
import static dev.eaglemem.scan.ManifestFile.text;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/** JavaScript and TypeScript manifests: package.json, pnpm-workspace.yaml, lerna.json, nx.json, turbo.json. */
final class NodeManifests {

    static final Catalog FRAMEWORKS = Catalog.exact("next", "Next.js", "nuxt", "Nuxt", "@sveltejs/kit", "SvelteKit",
            "@remix-run/react", "Remix", "astro", "Astro", "gatsby", "Gatsby", "@angular/core", "Angular", "react-native",
            "React Native", "expo", "Expo", "electron", "Electron", "@tauri-apps/api", "Tauri", "react", "React", "vue",
            "Vue", "svelte", "Svelte", "solid-js", "Solid", "preact", "Preact", "@builder.io/qwik", "Qwik",
            "ember-source", "Ember", "@nestjs/core", "NestJS", "express", "Express", "fastify", "Fastify", "hono", "Hono",
            "koa", "Koa", "@hapi/hapi", "hapi", "@apollo/server", "Apollo Server", "@trpc/server", "tRPC", "socket.io",
            "Socket.IO", "@docusaurus/core", "Docusaurus", "prisma", "Prisma", "@prisma/client", "Prisma", "drizzle-orm",
            "Drizzle", "typeorm", "TypeORM", "mongoose", "Mongoose", "sequelize", "Sequelize", "tailwindcss",
            "Tailwind CSS", "three", "three.js", "@anthropic-ai/sdk", "Anthropic SDK", "openai", "OpenAI SDK", "vite",
            "Vite", "webpack", "webpack");
    static final Catalog TESTS = Catalog.exact("jest", "Jest", "vitest", "Vitest", "mocha", "Mocha", "@playwright/test",
            "Playwright", "playwright", "Playwright", "cypress", "Cypress", "jasmine", "Jasmine", "jasmine-core",
            "Jasmine", "karma", "Karma", "ava", "AVA", "tap", "tap", "uvu", "uvu");
    /** Words in a package.json test script that name the runner. */
    private static final Map<String, String> TEST_COMMANDS = Map.of("jest", "Jest", "vitest", "Vitest", "mocha", "Mocha",
            "playwright", "Playwright", "cypress", "Cypress", "ava", "AVA", "jasmine", "Jasmine", "karma", "Karma",
            "--test", "node:test");

    private NodeManifests() {
    }

    static void packageJson(ManifestFile m, Findings f) throws IOException {
        JsonNode root = m.json();
        if (!root.isObject()) {
            f.warn(m.path(), "not a JSON object");
            return;
        }
        f.name(m.path(), text(root.get("name")));
        List<String> runtime = new ArrayList<>(keys(root.get("dependencies")));
        runtime.addAll(keys(root.get("optionalDependencies")));
        List<String> dev = keys(root.get("devDependencies"));
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "npm", runtime.size(), dev.size());
        }
        List<String> all = new ArrayList<>(runtime);
        all.addAll(dev);
        all.addAll(keys(root.get("peerDependencies")));
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
        workspaces(m, root.get("workspaces"), f);
        entries(m, root, f);
        String test = text(root.path("scripts").get("test"));
        if (test != null) {
            for (String word : test.split("[\\s&|;]+")) {
                String runner = TEST_COMMANDS.get(word);
                if (runner != null) {
                    f.testFramework(runner);
                }
            }
        }
    }

    /** npm, yarn and bun read {@code workspaces} as an array, yarn 1 also as {@code {packages: [...]}}. */
    private static void workspaces(ManifestFile m, JsonNode workspaces, Findings f) {
        List<String> patterns = workspaces != null && workspaces.isObject() ? strings(workspaces.get("packages"))
                : strings(workspaces);
        if (!patterns.isEmpty()) {
            // the tool is settled later from the lock file beside it (ProjectScanner)
            f.workspace("npm", m.path(), patterns, "package.json");
        }
    }

    private static void entries(ManifestFile m, JsonNode root, Findings f) {
        JsonNode bin = root.get("bin");
        if (bin != null && bin.isTextual()) {
            addEntry(m, f, bin.asText(), "bin", text(root.get("name")));
        } else if (bin != null && bin.isObject()) {
            for (String name : keys(bin)) {
                addEntry(m, f, text(bin.get(name)), "bin", name);
            }
        }
        String main = text(root.get("main"));
        if (main != null) {
            addEntry(m, f, main, "start", "main module");
        }
        String start = text(root.path("scripts").get("start"));
        if (start != null) {
            f.entry(m.path(), "start", "npm start: " + start);
        }
    }

    private static void addEntry(ManifestFile m, Findings f, String file, String kind, String detail) {
        String path = m.resolve(file);
        if (path != null) {
            f.entry(path, kind, detail);
        }
    }

    static void pnpmWorkspace(ManifestFile m, Findings f) {
        List<String> patterns = YamlLines.sequence(m.text(), "packages");
        if (!patterns.isEmpty()) {
            f.workspace("pnpm", m.path(), patterns, "package.json");
        }
    }

    static void lerna(ManifestFile m, Findings f) throws IOException {
        List<String> patterns = strings(m.json().get("packages"));
        // lerna's default when the file names none
        f.workspace("lerna", m.path(), patterns.isEmpty() ? List.of("packages/*") : patterns, "package.json");
    }

    /** nx finds its projects by their project.json (or package.json); the members are the project.json folders. */
    static void nx(ManifestFile m, Findings f) {
        f.workspace("nx", m.path(), List.of(), "project.json");
    }

    /** Turborepo runs over the package manager's workspaces; it declares no members of its own. */
    static void turbo(ManifestFile m, Findings f) {
        f.workspace("turborepo", m.path(), List.of(), null);
    }
}
