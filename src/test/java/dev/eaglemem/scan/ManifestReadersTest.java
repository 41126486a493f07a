package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;

import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Framework;
import dev.eaglemem.scan.ScanReport.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each manifest reader on a small real-looking manifest, and the workspace layouts the fixture trees leave out. */
class ManifestReadersTest {

    @TempDir
    Path dir;

    private static Findings read(String path, String text) {
        Findings f = new Findings();
        Manifests.read(Manifests.forPath(path), new ManifestFile(path, text), f);
        return f;
    }

    private static List<String> frameworks(Findings f) {
        return f.frameworks().stream().map(Framework::name).toList();
    }

    @Test
    void gradleKotlinAndGroovyBuildsWithSettingsIncludes() throws IOException {
        Tree tree = Tree.at(dir.resolve("gradle")).files(
                "settings.gradle.kts", """
                        rootProject.name = "inventory"
                        include(
                            ":app",
                            ":lib:core",
                        )
                        include(":missing")
                        """,
                "app/build.gradle.kts", """
                        plugins {
                            id("io.quarkus")
                            kotlin("jvm")
                        }
                        dependencies {
                            implementation(enforcedPlatform("io.quarkus.platform:quarkus-bom:3.33.2"))
                            implementation("io.quarkus:quarkus-rest")
                            implementation(libs.jackson.databind)
                            implementation(project(":lib:core"))
                            testImplementation("io.quarkus:quarkus-junit5")
                            testImplementation(libs.junit.jupiter.api)
                        }
                        tasks.test { useJUnitPlatform() }
                        """,
                "app/src/main/kotlin/App.kt", "fun main() {\n    println(\"inventory\")\n}\n",
                "lib/core/build.gradle", """
                        plugins { id 'java-library' }
                        apply plugin: 'org.springframework.boot'
                        dependencies {
                            api 'com.google.guava:guava:33.0.0-jre'
                            compileOnly 'org.projectlombok:lombok:1.18.30'
                            testImplementation 'org.testng:testng:7.9.0'
                        }
                        """,
                "lib/core/src/main/java/Core.java", "class Core {}\n");

        ScanReport r = ProjectScanner.scan(tree.root, Map.of("PATH", "/nonexistent"));

        assertThat(r.fallbackReason()).isEqualTo("git is not on PATH");
        assertThat(r.name()).isEqualTo("inventory");
        assertThat(r.workspaces()).containsExactly(new Workspace("gradle", "settings.gradle.kts",
                List.of(":app", ":lib:core", ":missing"), List.of("app", "lib/core")));
        assertThat(r.frameworks()).extracting(Framework::name).containsExactly("Quarkus", "Spring Boot");
        assertThat(r.dependencies()).containsExactly(new Dependencies("app/build.gradle.kts", "gradle", 3, 2),
                new Dependencies("lib/core/build.gradle", "gradle", 2, 1));
        assertThat(r.tests().frameworks()).containsExactlyInAnyOrder("JUnit 5", "TestNG");
        assertThat(r.entryPoints()).containsExactly(new EntryPoint("app/src/main/kotlin/App.kt", "main", null));
    }

    @Test
    void pnpmLernaNxAndGoWorkspacesFindTheirMembers() throws IOException {
        Tree tree = Tree.at(dir.resolve("mono")).files(
                "pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n  - \"apps/**\"   # every app\n  - '!packages/legacy'\n",
                "lerna.json", "{\"version\": \"independent\", // lerna allows comments\n \"packages\": [\"packages/*\"],}\n",
                "nx.json", "{}\n",
                "apps/site/project.json", "{}\n",
                "apps/site/package.json", "{\"name\": \"site\"}\n",
                "apps/admin/nested/package.json", "{\"name\": \"admin\"}\n",
                "packages/kit/package.json", "{\"name\": \"kit\"}\n",
                "packages/kit/project.json", "{}\n",
                "packages/legacy/package.json", "{\"name\": \"legacy\"}\n",
                "packages/readme-only/README.md", "no package here\n",
                "go.work", "go 1.22\n\nuse (\n\t./svc/api\n\t./svc/gone\n)\nuse ./tools\n",
                "svc/api/go.mod", "module example.com/api\n",
                "tools/go.mod", "module example.com/tools\n");

        ScanReport r = ProjectScanner.scan(tree.root, Map.of("PATH", "/nonexistent"));

        assertThat(r.workspaces()).as("in the order the manifests are listed").containsExactly(
                new Workspace("go", "go.work", List.of("./svc/api", "./svc/gone", "./tools"), List.of("svc/api", "tools")),
                new Workspace("lerna", "lerna.json", List.of("packages/*"), List.of("packages/kit", "packages/legacy")),
                new Workspace("nx", "nx.json", List.of(), List.of("apps/site", "packages/kit")),
                new Workspace("pnpm", "pnpm-workspace.yaml", List.of("packages/*", "apps/**", "!packages/legacy"),
                        List.of("apps/admin/nested", "apps/site", "packages/kit")));
        assertThat(OverviewText.render(r)).contains("Workspaces (go + lerna + nx + pnpm): apps/admin/nested, apps/site,"
                + " packages/kit, packages/legacy, svc/api, tools.");
    }

    @Test
    void pythonSetupCfgPipfileAndPoetry() {
        Findings cfg = read("setup.cfg", """
                [metadata]
                name = billing

                [options]
                install_requires =
                    flask>=3
                    celery[redis]
                python_requires = >=3.10

                [options.extras_require]
                test =
                    pytest
                docs = sphinx

                [options.entry_points]
                console_scripts =
                    billing = billing.cli:main

                [tool:pytest]
                addopts = -q
                """);
        assertThat(cfg.name()).isEqualTo("billing");
        assertThat(cfg.dependencies()).containsExactly(new Dependencies("setup.cfg", "pip", 2, 2));
        assertThat(frameworks(cfg)).containsExactly("Flask", "Celery");
        assertThat(cfg.testFrameworks()).containsExactly("pytest");
        assertThat(cfg.entryPoints()).containsExactly(new EntryPoint("setup.cfg", "bin", "billing = billing.cli:main"));

        Findings pipfile = read("Pipfile", "[packages]\ndjango = \"*\"\n\n[dev-packages]\npytest = \"*\"\nblack = \"*\"\n");
        assertThat(pipfile.dependencies()).containsExactly(new Dependencies("Pipfile", "pipenv", 1, 2));
        assertThat(frameworks(pipfile)).containsExactly("Django");

        Findings poetry = read("pyproject.toml", """
                [tool.poetry]
                name = "reports"

                [tool.poetry.dependencies]
                python = "^3.11"
                Pandas = "^2.2"
                streamlit = "^1.35"

                [tool.poetry.group.test.dependencies]
                pytest = "^8"

                [tool.poetry.scripts]
                reports = "reports.main:run"
                """);
        assertThat(poetry.name()).isEqualTo("reports");
        assertThat(poetry.dependencies()).containsExactly(new Dependencies("pyproject.toml", "poetry", 2, 1));
        assertThat(frameworks(poetry)).containsExactly("Streamlit", "pandas");
        assertThat(poetry.entryPoints()).containsExactly(new EntryPoint("pyproject.toml", "bin", "reports = reports.main:run"));
    }

    @Test
    void composerDotnetSwiftDartAndElixir() throws XMLStreamException {
        Findings composer = read("composer.json", """
                {"name": "acme/shop", "require": {"php": "^8.2", "ext-json": "*", "laravel/framework": "^11.0",
                 "guzzlehttp/guzzle": "^7"}, "require-dev": {"phpunit/phpunit": "^11"}, "bin": ["bin/shop"]}
                """);
        assertThat(composer.dependencies()).containsExactly(new Dependencies("composer.json", "composer", 2, 1));
        assertThat(frameworks(composer)).containsExactly("Laravel");
        assertThat(composer.testFrameworks()).containsExactly("PHPUnit");
        assertThat(composer.entryPoints()).containsExactly(new EntryPoint("bin/shop", "bin", null));

        Findings web = read("src/Api/Api.csproj", """
                <Project Sdk="Microsoft.NET.Sdk.Web">
                  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="Microsoft.EntityFrameworkCore.Sqlite" Version="8.0.0" />
                    <PackageReference Include="Swashbuckle.AspNetCore" Version="6.5.0" />
                  </ItemGroup>
                </Project>
                """);
        assertThat(frameworks(web)).containsExactly("ASP.NET Core", "Entity Framework Core");
        assertThat(web.dependencies()).containsExactly(new Dependencies("src/Api/Api.csproj", "nuget", 2, 0));
        assertThat(web.entryPoints()).containsExactly(new EntryPoint("src/Api/Api.csproj", "bin",
                "dotnet run --project src/Api/Api.csproj"));
        Findings tests = read("tests/Api.Tests/Api.Tests.csproj", """
                <Project Sdk="Microsoft.NET.Sdk">
                  <ItemGroup>
                    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.8.0" />
                    <PackageReference Include="xunit" Version="2.6.0" />
                  </ItemGroup>
                </Project>
                """);
        assertThat(tests.dependencies()).containsExactly(new Dependencies("tests/Api.Tests/Api.Tests.csproj", "nuget", 0, 2));
        assertThat(tests.testFrameworks()).containsExactly("xUnit");
        assertThat(tests.entryPoints()).isEmpty();

        Findings swift = read("Package.swift", """
                // swift-tools-version:5.9
                let package = Package(name: "api", dependencies: [
                    .package(url: "https://github.com/vapor/vapor.git", from: "4.89.0"),
                    .package(path: "../shared"),
                ], targets: [.testTarget(name: "AppTests")])
                """);
        assertThat(swift.dependencies()).containsExactly(new Dependencies("Package.swift", "swiftpm", 2, null));
        assertThat(frameworks(swift)).containsExactly("Vapor");
        assertThat(swift.testFrameworks()).containsExactly("XCTest");

        Findings dart = read("pubspec.yaml", """
                name: shop_app
                environment:
                  sdk: ">=3.0.0 <4.0.0"
                dependencies:
                  flutter:
                    sdk: flutter
                  flutter_riverpod: ^2.5.0  # state
                  http: ^1.2.0
                dev_dependencies:
                  flutter_test:
                    sdk: flutter
                """);
        assertThat(dart.name()).isEqualTo("shop_app");
        assertThat(dart.dependencies()).containsExactly(new Dependencies("pubspec.yaml", "pub", 3, 1));
        assertThat(frameworks(dart)).containsExactly("Flutter", "Riverpod");
        assertThat(dart.testFrameworks()).containsExactly("flutter_test");

        Findings mix = read("mix.exs", """
                defmodule Shop.MixProject do
                  def project, do: [app: :shop, deps: deps()]
                  def start(_type, _args), do: {:ok, self()}

                  defp deps do
                    [
                      {:phoenix, "~> 1.7"},
                      {:ecto_sql, "~> 3.10"},
                      {:floki, ">= 0.30.0", only: :test},
                      {:credo, "~> 1.7", only: [:dev, :test], runtime: false}
                    ]
                  end
                end
                """);
        assertThat(mix.dependencies()).containsExactly(new Dependencies("mix.exs", "mix", 2, 2));
        assertThat(frameworks(mix)).containsExactly("Phoenix", "Ecto");
    }

    @Test
    void aPomThatIsNotXmlOrHasAnExternalEntityIsAWarningNotAFailureOrARead() {
        Findings broken = read("pom.xml", "<project><dependencies>");
        assertThat(broken.warnings()).singleElement().asString().startsWith("pom.xml: not read: ");
        Findings hostile = read("pom.xml", """
                <?xml version="1.0"?>
                <!DOCTYPE project [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <project><artifactId>&secret;</artifactId></project>
                """);
        assertThat(hostile.name()).as("the entity is never resolved").isNull();
        assertThat(hostile.warnings()).singleElement().asString().startsWith("pom.xml: not read: ");
    }

    @Test
    void aProcfileNamesEachProcess() {
        Findings f = new Findings();
        SourceHints.inspect("Procfile", "Procfile", null, false,
                "web: gunicorn shop.wsgi\n# comment\nworker: celery -A shop worker\n", f);
        assertThat(f.entryPoints()).containsExactly(new EntryPoint("Procfile", "procfile", "web: gunicorn shop.wsgi"),
                new EntryPoint("Procfile", "procfile", "worker: celery -A shop worker"));
    }
}
