package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Framework;
import dev.eaglemem.scan.ScanReport.Language;
import dev.eaglemem.scan.ScanReport.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scanner on small real-looking projects written by the tests, listed by real git or by a directory walk. */
class ProjectScannerTest {

    @TempDir
    Path dir;

    private static final Map<String, String> ENV = Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));

    private static ScanReport scan(Tree tree) throws IOException {
        return ProjectScanner.scan(tree.root, ENV);
    }

    @Test
    void aJavaScriptMonorepoWithYarnWorkspacesAndTurborepo() throws IOException {
        Tree tree = Tree.at(dir.resolve("shop")).files(
                ".gitignore", "node_modules/\n.env\n",
                "package.json", """
                        {"name": "shop", "private": true, "workspaces": ["apps/*", "packages/*"],
                         "scripts": {"test": "vitest run", "build": "turbo run build"},
                         "devDependencies": {"turbo": "^2.0.0", "typescript": "^5.4.0", "vitest": "^1.6.0"}}
                        """,
                "yarn.lock", "# yarn lockfile v1\n",
                "turbo.json", "{\"tasks\": {\"build\": {}}}\n",
                "apps/web/package.json", """
                        {"name": "@shop/web", "scripts": {"start": "next start", "dev": "next dev"},
                         "dependencies": {"next": "14.2.0", "react": "18.3.0", "react-dom": "18.3.0", "@shop/ui": "*"},
                         "devDependencies": {"@playwright/test": "1.44.0"}}
                        """,
                "apps/web/pages/index.tsx", "export default function Home() {\n  return <main>Shop</main>;\n}\n",
                "apps/web/next.config.mjs", "export default {};\n",
                "apps/api/package.json", """
                        {"name": "@shop/api", "main": "./src/server.ts", "bin": {"shop-api": "bin/cli.js"},
                         "dependencies": {"express": "4.19.0"}, "devDependencies": {"@types/express": "4.17.21"}}
                        """,
                "apps/api/src/server.ts", "import express from 'express';\n\nconst app = express();\napp.listen(3000);\n",
                "apps/api/src/server.test.ts", "import { it, expect } from 'vitest';\n\nit('starts', () => expect(1).toBe(1));\n",
                "apps/api/bin/cli.js", "#!/usr/bin/env node\nrequire('../dist/server.js');\n",
                "packages/ui/package.json", "{\"name\": \"@shop/ui\", \"peerDependencies\": {\"react\": \"^18\"}}\n",
                "packages/ui/src/Button.tsx", "export function Button() {\n\n  return <button />;\n}\n",
                "packages/ui/__tests__/Button.test.tsx", "import { render } from '@testing-library/react';\n",
                "dist/bundle.min.js", "var a=1;\n",
                "Dockerfile", "FROM node:20 AS build\nRUN yarn build\nCMD [\"yarn\", \"dev\"]\n\nFROM node:20-slim\n"
                        + "COPY --from=build /app /app\nENTRYPOINT [\"node\"]\nCMD [\"apps/api/dist/server.js\"]\n",
                ".github/workflows/ci.yml", "on: push\njobs: {}\n",
                ".github/workflows/release.yml", "on: release\njobs: {}\n",
                "tsconfig.json", "{\"compilerOptions\": {\"strict\": true}}\n",
                ".eslintrc.json", "{}\n",
                ".env.example", "DATABASE_URL=\n",
                "README.md", "# Shop\n\nA shop.\n")
                .gitCommitAll()
                .files("node_modules/react/index.js", "module.exports = {};\n", ".env", "DATABASE_URL=postgres://x\n");

        ScanReport r = scan(tree);

        assertThat(r.git()).isTrue();
        assertThat(r.name()).isEqualTo("shop");
        assertThat(r.files()).as("node_modules and .env are ignored by git").isEqualTo(22);
        assertThat(r.skipped().generated()).as("yarn.lock and dist/bundle.min.js").isEqualTo(2);
        assertThat(r.languages().stream().filter(l -> l.kind() == ScanReport.LanguageKind.PROGRAMMING).findFirst())
                .get().extracting(Language::name, Language::files).containsExactly("TypeScript", 5);
        assertThat(r.languages()).extracting(Language::name).contains("JavaScript", "JSON", "Markdown", "Dockerfile");
        assertThat(r.workspaces()).extracting(Workspace::tool, Workspace::manifest, Workspace::members).containsExactly(
                tuple("yarn", "package.json", java.util.List.of("apps/api", "apps/web", "packages/ui")),
                tuple("turborepo", "turbo.json", java.util.List.of()));
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("Next.js", "React", "Express");
        assertThat(r.frameworks()).contains(new Framework("Next.js", "apps/web/package.json"));
        assertThat(r.tests().files()).isEqualTo(2);
        assertThat(r.tests().dirs()).containsExactly("packages/ui/__tests__");
        assertThat(r.tests().frameworks()).containsExactlyInAnyOrder("Vitest", "Playwright");
        assertThat(r.entryPoints()).containsExactly(
                new EntryPoint("apps/api/bin/cli.js", "bin", "shop-api"),
                new EntryPoint("apps/web/package.json", "start", "npm start: next start"),
                new EntryPoint("apps/api/src/server.ts", "start", "main module"),
                new EntryPoint("Dockerfile", "container", "ENTRYPOINT [\"node\"] CMD [\"apps/api/dist/server.js\"]"));
        assertThat(r.dependencies()).containsExactly(new Dependencies("package.json", "npm", 0, 3),
                new Dependencies("apps/api/package.json", "npm", 1, 1), new Dependencies("apps/web/package.json", "npm", 4, 1));
        assertThat(r.config()).extracting(ConfigFile::tool).containsExactlyInAnyOrder("ESLint", ".env example", "Dockerfile",
                "tsconfig", "GitHub Actions", "GitHub Actions", "Next.js config");
        assertThat(r.warnings()).isEmpty();

        String overview = OverviewText.render(r);
        assertThat(overview).startsWith("shop: TypeScript monorepo using Next.js, React, Express (22 files, ~")
                .contains("Workspaces (yarn + turborepo): apps/api, apps/web, packages/ui.")
                .contains("Tests: 2 files in packages/ui/__tests__; Vitest, Playwright.")
                .contains("GitHub Actions (2)")
                .doesNotContain("node_modules");
        assertThat(overview.length()).isLessThanOrEqualTo(OverviewText.MAX_CHARS);
    }

    @Test
    void aMavenMultiModuleQuarkusApplication() throws IOException {
        Tree tree = Tree.at(dir.resolve("billing")).files(
                "pom.xml", """
                        <?xml version="1.0" encoding="UTF-8"?>
                        <project xmlns="http://maven.apache.org/POM/4.0.0">
                          <modelVersion>4.0.0</modelVersion>
                          <groupId>com.acme</groupId>
                          <artifactId>billing-parent</artifactId>
                          <packaging>pom</packaging>
                          <modules>
                            <module>core</module>
                            <module>app</module>
                          </modules>
                          <dependencyManagement>
                            <dependencies>
                              <dependency>
                                <groupId>io.quarkus.platform</groupId>
                                <artifactId>quarkus-bom</artifactId>
                                <version>3.33.2</version>
                                <type>pom</type>
                                <scope>import</scope>
                              </dependency>
                            </dependencies>
                          </dependencyManagement>
                        </project>
                        """,
                "core/pom.xml",
                """
                        <project>
                          <parent><groupId>com.acme</groupId><artifactId>billing-parent</artifactId></parent>
                          <artifactId>billing-core</artifactId>
                          <dependencies>
                            <dependency><groupId>com.fasterxml.jackson.core</groupId><artifactId>jackson-databind</artifactId></dependency>
                            <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><scope>test</scope></dependency>
                          </dependencies>
                        </project>
                        """,
                "core/src/main/java/com/acme/core/Money.java", """
                        package com.acme.core;

                        /**
                         * Amounts in cents. Not a program: there is no {@code static void main(String[] args)} here.
                         */
                        public record Money(long cents) {
                        }
                        """,
                "app/pom.xml",
                """
                        <project>
                          <artifactId>billing-app</artifactId>
                          <dependencies>
                            <dependency><groupId>io.quarkus</groupId><artifactId>quarkus-rest</artifactId></dependency>
                            <dependency><groupId>io.quarkus</groupId><artifactId>quarkus-junit5</artifactId><scope>test</scope></dependency>
                            <dependency><groupId>io.rest-assured</groupId><artifactId>rest-assured</artifactId><scope>test</scope></dependency>
                          </dependencies>
                          <build>
                            <plugins>
                              <plugin>
                                <groupId>io.quarkus.platform</groupId>
                                <artifactId>quarkus-maven-plugin</artifactId>
                                <dependencies>
                                  <dependency><groupId>org.ow2.asm</groupId><artifactId>asm</artifactId></dependency>
                                </dependencies>
                              </plugin>
                              <plugin><artifactId>maven-surefire-plugin</artifactId></plugin>
                            </plugins>
                          </build>
                        </project>
                        """,
                "app/src/main/java/com/acme/app/BillingMain.java", """
                        package com.acme.app;

                        import io.quarkus.runtime.annotations.QuarkusMain;

                        @QuarkusMain
                        public class BillingMain {
                        }
                        """,
                "app/src/main/java/com/acme/app/Migrate.java", """
                        package com.acme.app;

                        public final class Migrate {
                            public static void main(String... args) {
                                System.out.println("migrating");
                            }
                        }
                        """,
                "app/src/main/resources/application.properties", "quarkus.http.port=8080\n",
                "app/src/test/java/com/acme/app/BillingTest.java", """
                        package com.acme.app;

                        import org.junit.jupiter.api.Test;

                        class BillingTest {
                            @Test
                            void bills() {
                            }
                        }
                        """,
                "app/src/test/resources/fixture/package.json", "{\"dependencies\": {\"react\": \"18\"}}\n",
                "app/src/test/resources/fixture/Dockerfile", "FROM scratch\nCMD [\"/fixture\"]\n",
                "app/src/test/resources/fixture/main.go", "package main\n\nfunc main() {\n}\n")
                .gitCommitAll();

        ScanReport r = scan(tree);

        assertThat(r.name()).isEqualTo("billing-parent");
        assertThat(r.workspaces()).containsExactly(new Workspace("maven", "pom.xml", java.util.List.of("core", "app"),
                java.util.List.of("app", "core")));
        assertThat(r.frameworks()).as("the fixture's React is test data").containsExactly(new Framework("Quarkus", "pom.xml"));
        assertThat(r.dependencies()).containsExactly(new Dependencies("app/pom.xml", "maven", 1, 2),
                new Dependencies("core/pom.xml", "maven", 1, 1));
        assertThat(r.tests().frameworks()).containsExactly("JUnit 5");
        assertThat(r.tests().files()).isEqualTo(1);
        assertThat(r.tests().dirs()).containsExactly("app/src/test");
        assertThat(r.entryPoints()).as("the fixture's Dockerfile and main.go are test data").containsExactly(
                new EntryPoint("app/src/main/java/com/acme/app/BillingMain.java", "main", "@QuarkusMain"),
                new EntryPoint("app/src/main/java/com/acme/app/Migrate.java", "main", null));
        assertThat(r.config()).containsExactly(new ConfigFile("app/src/main/resources/application.properties", "app",
                "application config"));
        assertThat(r.structure()).extracting(ScanReport.Folder::path, ScanReport.Folder::files)
                .containsExactly(tuple("app", 8), tuple("core", 2));
        assertThat(OverviewText.render(r)).startsWith("billing-parent: Java monorepo using Quarkus (11 files, ~")
                .contains("Entry points: app/src/main/java/com/acme/app/BillingMain.java (@QuarkusMain),"
                        + " app/src/main/java/com/acme/app/Migrate.java (main).")
                .contains("Dependencies: app/pom.xml 1 + 2 dev, core/pom.xml 1 + 1 dev.");
    }

    @Test
    void aPythonFastApiServiceTestedWithPytest() throws IOException {
        Tree tree = Tree.at(dir.resolve("api")).files(
                "pyproject.toml", """
                        [project]
                        name = "shop-api"
                        dependencies = ["fastapi>=0.110", "uvicorn[standard]", "SQLAlchemy==2.0.30"]

                        [project.optional-dependencies]
                        dev = ["pytest>=8", "ruff"]
                        postgres = ["psycopg[binary]"]

                        [project.scripts]
                        shop = "shop.cli:main"

                        [tool.pytest.ini_options]
                        testpaths = ["tests"]
                        """,
                "requirements-dev.txt", "# tools\npytest==8.2.0\nhttpx  # for TestClient\n-r requirements.txt\n",
                "src/shop/__init__.py", "",
                "src/shop/__main__.py", "from shop.cli import main\n\nmain()\n",
                "src/shop/app.py", "from fastapi import FastAPI\n\napp = FastAPI()\n",
                "src/shop/cli.py", "import uvicorn\n\n\ndef main():\n    uvicorn.run('shop.app:app')\n\n\n"
                        + "if __name__ == \"__main__\":\n    main()\n",
                "tests/conftest.py", "import pytest\n",
                "tests/test_api.py", "import pytest\nfrom fastapi.testclient import TestClient\n\n\ndef test_root():\n    pass\n",
                "ruff.toml", "line-length = 100\n",
                ".python-version", "3.12\n")
                .gitCommitAll();

        ScanReport r = scan(tree);

        assertThat(r.name()).isEqualTo("shop-api");
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("FastAPI", "SQLAlchemy");
        assertThat(r.dependencies()).containsExactly(new Dependencies("pyproject.toml", "pip", 3, 2),
                new Dependencies("requirements-dev.txt", "pip", 0, 2));
        assertThat(r.tests().files()).isEqualTo(2);
        assertThat(r.tests().dirs()).containsExactly("tests");
        assertThat(r.tests().frameworks()).containsExactly("pytest");
        assertThat(r.entryPoints()).containsExactly(new EntryPoint("pyproject.toml", "bin", "shop = shop.cli:main"),
                new EntryPoint("src/shop/__main__.py", "conventional", "python -m shop"),
                new EntryPoint("src/shop/cli.py", "script", null));
        assertThat(r.config()).extracting(ConfigFile::tool).containsExactlyInAnyOrder("Ruff", "Python version", "pytest");
        assertThat(r.languages().getFirst().name()).isEqualTo("Python");
    }

    @Test
    void aGoModuleWithCommandsUnderCmd() throws IOException {
        Tree tree = Tree.at(dir.resolve("tool")).files(
                "go.mod", """
                        module github.com/acme/tool

                        go 1.22

                        require (
                        \tgithub.com/labstack/echo/v4 v4.11.4
                        \tgithub.com/spf13/cobra v1.8.0
                        \tgolang.org/x/sys v0.20.0 // indirect
                        )

                        require github.com/stretchr/testify v1.9.0
                        """,
                "go.sum", "github.com/spf13/cobra v1.8.0 h1:abc=\n",
                "cmd/tool/main.go",
                "package main\n\nimport \"github.com/acme/tool/internal/app\"\n\nfunc main() {\n\tapp.Run()\n}\n",
                "cmd/worker/main.go", "// Command worker drains the queue.\npackage main\n\nfunc main() {\n}\n",
                "internal/app/app.go", "package app\n\n// Run is not a main: package app.\nfunc Run() {}\n",
                "internal/app/app_test.go", "package app\n\nimport \"testing\"\n\nfunc TestRun(t *testing.T) { Run() }\n",
                "Makefile", "build:\n\tgo build ./...\n",
                ".golangci.yml", "linters: {}\n")
                .gitCommitAll();

        ScanReport r = scan(tree);

        assertThat(r.name()).isEqualTo("github.com/acme/tool");
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("Echo", "Cobra");
        assertThat(r.dependencies()).containsExactly(new Dependencies("go.mod", "go", 3, null));
        assertThat(r.tests().frameworks()).containsExactlyInAnyOrder("go test", "testify");
        assertThat(r.tests().files()).isEqualTo(1);
        assertThat(r.entryPoints()).containsExactly(new EntryPoint("cmd/tool/main.go", "main", null),
                new EntryPoint("cmd/worker/main.go", "main", null));
        assertThat(r.skipped().generated()).as("go.sum").isEqualTo(1);
        assertThat(r.config()).extracting(ConfigFile::tool).containsExactly("golangci-lint", "Makefile");
    }

    @Test
    void aRustWorkspace() throws IOException {
        Tree tree = Tree.at(dir.resolve("crab")).files(
                "Cargo.toml", """
                        [workspace]
                        members = ["crates/*"]
                        resolver = "2"

                        [workspace.dependencies]
                        tokio = { version = "1", features = ["full"] }
                        """,
                "Cargo.lock", "version = 3\n",
                "crates/cli/Cargo.toml", """
                        [package]
                        name = "crab-cli"
                        version = "0.1.0"

                        [dependencies]
                        clap = { version = "4", features = ["derive"] }
                        tokio.workspace = true
                        crab-core = { path = "../core" }

                        [dev-dependencies]
                        insta = "1"

                        [[bin]]
                        name = "crab"
                        path = "src/main.rs"
                        """,
                "crates/cli/src/main.rs", "fn main() {\n    println!(\"crab\");\n}\n",
                "crates/core/Cargo.toml", "[package]\nname = \"crab-core\"\n\n[dependencies]\naxum = \"0.7\"\n",
                "crates/core/src/lib.rs", "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\n#[cfg(test)]\nmod tests {\n"
                        + "    #[test]\n    fn adds() {\n        assert_eq!(super::add(1, 2), 3);\n    }\n}\n",
                "rust-toolchain.toml", "[toolchain]\nchannel = \"stable\"\n")
                .gitCommitAll();

        ScanReport r = scan(tree);

        assertThat(r.name()).as("the workspace root names no package; the shallowest member manifest does")
                .isEqualTo("crab-cli");
        assertThat(r.workspaces()).containsExactly(new Workspace("cargo", "Cargo.toml", java.util.List.of("crates/*"),
                java.util.List.of("crates/cli", "crates/core")));
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("Tokio", "axum", "clap");
        assertThat(r.dependencies()).containsExactly(new Dependencies("crates/cli/Cargo.toml", "cargo", 3, 1),
                new Dependencies("crates/core/Cargo.toml", "cargo", 1, 0));
        assertThat(r.tests().frameworks()).containsExactlyInAnyOrder("cargo test", "insta");
        assertThat(r.tests().files()).as("Rust's unit tests live in the sources").isZero();
        assertThat(OverviewText.render(r)).contains("Tests: insta, cargo test; no separate test files.");
        assertThat(r.entryPoints()).containsExactly(new EntryPoint("crates/cli/src/main.rs", "bin", "crab"),
                new EntryPoint("crates/cli/src/main.rs", "conventional", "Rust binary"));
    }

    @Test
    void aPlainDirectoryIsWalkedAndItsSkippedFilesAreCounted() throws IOException {
        byte[] big = new byte[(int) dev.eaglemem.platform.ProjectFileList.MAX_FILE_BYTES + 1];
        java.util.Arrays.fill(big, (byte) 'x');
        Tree tree = Tree.at(dir.resolve("blog")).files(
                "Gemfile", """
                        source "https://rubygems.org"

                        gem "rails", "~> 7.1"
                        gem "pg"
                        gem "debug", platforms: %i[mri windows], group: :development

                        group :development, :test do
                          gem "rspec-rails"
                          platforms :mri do
                            gem "byebug"
                          end
                          gem "rubocop"
                        end
                        """,
                "config.ru", "require_relative \"config/environment\"\nrun Rails.application\n",
                "app/models/post.rb", "class Post < ApplicationRecord\nend\n",
                "spec/models/post_spec.rb", "require \"rails_helper\"\n\nRSpec.describe Post do\nend\n",
                ".rspec", "--require spec_helper\n",
                "node_modules/left-pad/index.js", "module.exports = 1;\n",
                "vendor/bundle/ruby/gem.rb", "x\n",
                "tmp/broken/package.json", "{ not json",
                "db/schema.sql", "CREATE TABLE posts (id INTEGER);\n")
                .write("public/logo.png", new byte[] { (byte) 0x89, 'P', 'N', 'G', 0, 0 })
                .write("db/seed.sql", big)
                .write("lib/data.rb", new byte[] { 'a', 0, 'b' });

        ScanReport r = scan(tree);

        assertThat(r.git()).isFalse();
        assertThat(r.fallbackReason()).isEqualTo("not a git repository");
        assertThat(r.files()).as("node_modules and vendor are never walked into").isEqualTo(10);
        assertThat(r.skipped()).isEqualTo(new ScanReport.Skipped(0, 1, 1, 0));
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("Rails");
        assertThat(r.dependencies()).containsExactly(new Dependencies("Gemfile", "bundler", 2, 4));
        assertThat(r.tests().frameworks()).containsExactlyInAnyOrder("RSpec");
        assertThat(r.tests().dirs()).containsExactly("spec");
        assertThat(r.entryPoints()).containsExactly(new EntryPoint("config.ru", "conventional", "Rack"));
        assertThat(r.warnings()).singleElement().asString().startsWith("tmp/broken/package.json: not read: ");
        assertThat(r.languages()).extracting(Language::name).contains("Ruby", "SQL").doesNotContain("JavaScript");
    }

    @Test
    void theOverviewStaysWithinItsBudgetWhateverTheProjectHolds() throws IOException {
        Tree tree = Tree.at(dir.resolve("huge"));
        StringBuilder workspaces = new StringBuilder();
        for (int i = 0; i < 120; i++) {
            String pkg = "packages/a-rather-long-package-name-number-" + i;
            tree.files(pkg + "/package.json", "{\"name\": \"p" + i + "\", \"bin\": \"cli-with-a-long-name-" + i
                    + ".js\", \"dependencies\": {\"react\": \"18\", \"express\": \"4\"}}",
                    pkg + "/test/x.test.js", "it('x', () => {});\n",
                    "dir-with-a-long-name-" + i + "/f.txt", "x\n",
                    pkg + "/Dockerfile", "CMD [\"node\", \"a-very-long-command-line-that-goes-on-and-on-" + i + ".js\"]\n");
            workspaces.append(i == 0 ? "" : ", ").append('"').append(pkg).append('"');
        }
        tree.files("package.json", "{\"name\": \"huge\", \"workspaces\": [" + workspaces + "]}");

        String overview = OverviewText.render(scan(tree));

        assertThat(overview.length()).isLessThanOrEqualTo(OverviewText.MAX_CHARS);
        assertThat(overview).startsWith("huge: JavaScript monorepo using React, Express (481 files").contains("(+");
    }

    @Test
    void largeCountsReadShort() {
        assertThat(OverviewText.scale(850)).isEqualTo("850");
        assertThat(OverviewText.scale(9_412)).isEqualTo("9.4k");
        assertThat(OverviewText.scale(52_400)).isEqualTo("52k");
        assertThat(OverviewText.scale(999_600)).isEqualTo("1M");
        assertThat(OverviewText.scale(1_240_000)).isEqualTo("1.2M");
    }
}
