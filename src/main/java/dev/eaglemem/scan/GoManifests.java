package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go: go.mod and go.work, read line by line. Both are line formats with one-line and parenthesized block
 * directives ({@code require x v1} or {@code require ( ... )}), so a small reader is exact for them.
 */
final class GoManifests {

    /** Matched on module paths with any major-version suffix ({@code /v5}) removed. */
    static final Catalog FRAMEWORKS = Catalog.exact("github.com/gin-gonic/gin", "Gin", "github.com/labstack/echo", "Echo",
            "github.com/gofiber/fiber", "Fiber", "github.com/go-chi/chi", "chi", "github.com/gorilla/mux", "Gorilla mux",
            "google.golang.org/grpc", "gRPC", "github.com/spf13/cobra", "Cobra", "github.com/urfave/cli", "urfave/cli",
            "github.com/charmbracelet/bubbletea", "Bubble Tea", "gorm.io/gorm", "GORM", "entgo.io/ent", "ent",
            "k8s.io/client-go", "Kubernetes client-go", "sigs.k8s.io/controller-runtime", "controller-runtime");
    static final Catalog TESTS = Catalog.exact("github.com/stretchr/testify", "testify",
            "github.com/onsi/ginkgo", "Ginkgo");

    private static final Pattern MAJOR_SUFFIX = Pattern.compile("/v\\d+$");
    private static final Pattern DIRECTIVE = Pattern.compile("^(\\w+)\\s*(.*)$");

    /** One directive: its keyword and its arguments, from a one-line form or a line inside a block. */
    record Directive(String keyword, String args, String comment) {
    }

    private GoManifests() {
    }

    static void goMod(ManifestFile m, Findings f) {
        List<String> direct = new ArrayList<>();
        for (Directive d : directives(m.text())) {
            if (d.keyword().equals("module")) {
                f.name(m.path(), unquote(d.args()));
            } else if (d.keyword().equals("require") && !d.args().isEmpty() && !d.comment().contains("indirect")) {
                direct.add(MAJOR_SUFFIX.matcher(unquote(d.args().split("\\s+")[0])).replaceFirst(""));
            }
        }
        if (!direct.isEmpty()) {
            // go.mod does not mark test-only modules; indirect ones are left out, as they are not the project's choice
            f.dependencies(m.path(), "go", direct.size(), null);
        }
        FRAMEWORKS.frameworks(direct, m.path(), f);
        TESTS.testFrameworks(direct, f);
    }

    static void goWork(ManifestFile m, Findings f) {
        List<String> uses = directives(m.text()).stream().filter(d -> d.keyword().equals("use") && !d.args().isEmpty())
                .map(d -> unquote(d.args())).toList();
        if (!uses.isEmpty()) {
            f.workspace("go", m.path(), uses, "go.mod");
        }
    }

    /** The directives of a go.mod or go.work file, block members expanded to one directive each. */
    static List<Directive> directives(String text) {
        List<Directive> out = new ArrayList<>();
        String block = null;
        for (String raw : text.lines().toList()) {
            int slashes = raw.indexOf("//");
            String comment = slashes < 0 ? "" : raw.substring(slashes + 2).strip();
            String line = (slashes < 0 ? raw : raw.substring(0, slashes)).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (block != null) {
                if (line.equals(")")) {
                    block = null;
                } else {
                    out.add(new Directive(block, line, comment));
                }
                continue;
            }
            Matcher m = DIRECTIVE.matcher(line);
            if (m.matches()) {
                if (m.group(2).equals("(")) {
                    block = m.group(1);
                } else {
                    out.add(new Directive(m.group(1), m.group(2).strip(), comment));
                }
            }
        }
        return out;
    }

    private static String unquote(String s) {
        String t = s.strip();
        return t.length() >= 2 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("`") && t.endsWith("`"))
                ? t.substring(1, t.length() - 1) : t;
    }
}
