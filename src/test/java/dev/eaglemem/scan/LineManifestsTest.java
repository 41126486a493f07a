package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.Framework;
import org.junit.jupiter.api.Test;

/** The readers of line formats (go.mod, go.work, Gemfile) on the forms the fixture trees leave out. */
class LineManifestsTest {

    private static Findings read(String path, String text) {
        Findings f = new Findings();
        Manifests.read(Manifests.forPath(path), new ManifestFile(path, text), f);
        return f;
    }

    @Test
    void goModCountsDirectRequiresInBothFormsAndLeavesIndirectOnesOut() {
        Findings f = read("go.mod", """
                module `example.com/shop`

                go 1.22

                require github.com/labstack/echo/v4 v4.11.0
                require (
                    github.com/jackc/pgx/v5 v5.5.0
                    github.com/gin-gonic/gin v1.9.1 // the router
                    github.com/stretchr/testify v1.9.0
                    golang.org/x/sys v0.1.0 // indirect
                )
                replace github.com/foo/bar => ../bar
                // require github.com/commented/out v1.0.0
                """);

        assertThat(f.name()).isEqualTo("example.com/shop");
        assertThat(f.dependencies()).containsExactly(new Dependencies("go.mod", "go", 4, null));
        assertThat(f.frameworks()).as("a /v4 module is its framework; ordered by the table, not the file")
                .containsExactly(new Framework("Gin", "go.mod"), new Framework("Echo", "go.mod"));
        assertThat(f.testFrameworks()).containsExactly("testify");
    }

    @Test
    void aGoModWithOnlyIndirectRequiresDeclaresNoDependencies() {
        Findings f = read("tools/go.mod", "module \"example.com/tools\"\nrequire golang.org/x/mod v0.1.0 // indirect\n");

        assertThat(f.name()).isEqualTo("example.com/tools");
        assertThat(f.dependencies()).isEmpty();
    }

    @Test
    void goWorkUsesInBlocksAndOneLinersAreTheWorkspacesMembers() {
        Findings f = read("go.work", """
                go 1.22

                use (
                    ./api
                    "./lib" // shared
                )
                use ./tools
                """);

        assertThat(f.workspaces()).containsExactly(
                new Findings.Declared("go", "go.work", "", List.of("./api", "./lib", "./tools"), "go.mod"));
        assertThat(read("go.work", "go 1.22\n").workspaces()).isEmpty();
    }

    @Test
    void aGemfileCountsDevelopmentAndTestGemsByGroupBlockOrOption() {
        Findings f = read("Gemfile", """
                source "https://rubygems.org"
                gem "rails", "~> 7.1" # the framework
                gem 'pg'
                gem "rspec-rails", group: :test
                gem "debug", groups: [:development, :test]
                platforms :jruby do
                  gem "jdbc"
                end
                group :development, :test do
                  gem "capybara"
                  git "https://example.com/y.git" do
                    gem "y"
                  end
                  gem "rubocop"
                end
                gem "puma"
                # gem "commented"
                """);

        assertThat(f.dependencies()).as("rails, pg, jdbc, puma; the rest are development or test")
                .containsExactly(new Dependencies("Gemfile", "bundler", 4, 5));
        assertThat(f.frameworks()).containsExactly(new Framework("Rails", "Gemfile"));
        assertThat(f.testFrameworks()).containsExactly("RSpec", "Capybara");
    }
}
