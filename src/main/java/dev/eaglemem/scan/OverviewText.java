package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Language;
import dev.eaglemem.scan.ScanReport.LanguageKind;
import dev.eaglemem.scan.ScanReport.Workspace;

/**
 * The scan as the project's overview: a few short sentences, most telling first, within {@link #MAX_CHARS}.
 * SessionStart shows an overview on one line and cut at 600 characters, so what the agent needs most (what the
 * project is, its parts, where it starts, how it is tested) comes before structure, dependencies and config.
 * Lists shrink until the whole fits; nothing is cut mid-word.
 */
final class OverviewText {

    static final int MAX_CHARS = 1500;
    private static final int[] LIST_SIZES = { 8, 6, 4, 3, 2, 1 };
    private static final int MAX_DETAIL = 60;

    private OverviewText() {
    }

    static String render(ScanReport r) {
        String text = "";
        for (int size : LIST_SIZES) {
            text = render(r, size);
            if (text.length() <= MAX_CHARS) {
                return text;
            }
        }
        // one item per list and still too long (very long names): cut at a word
        int cut = text.lastIndexOf(' ', MAX_CHARS - 1);
        return text.substring(0, cut < 0 ? MAX_CHARS - 1 : cut) + "…";
    }

    private static String render(ScanReport r, int n) {
        List<String> lines = new ArrayList<>();
        lines.add(summary(r, n));
        workspaces(r.workspaces(), n).ifPresent(lines::add);
        if (!r.entryPoints().isEmpty()) {
            lines.add("Entry points: " + list(r.entryPoints().stream().map(OverviewText::entry).toList(), n) + ".");
        }
        lines.add(tests(r.tests(), n));
        if (!r.structure().isEmpty()) {
            List<String> folders = new ArrayList<>();
            for (int i = 0; i < r.structure().size(); i++) {
                ScanReport.Folder folder = r.structure().get(i);
                // only the first folder names its unit; the others follow it
                String unit = i > 0 ? "" : folder.files() == 1 ? " file" : " files";
                folders.add(folder.path() + "/ (" + folder.files() + unit + ")");
            }
            lines.add("Structure: " + list(folders, n) + (r.topLevelFiles() == 0 ? "" : "; " + r.topLevelFiles()
                    + (r.topLevelFiles() == 1 ? " file" : " files") + " at the top") + ".");
        }
        if (!r.dependencies().isEmpty()) {
            lines.add("Dependencies: " + list(r.dependencies().stream().map(OverviewText::dependencies).toList(), n) + ".");
        }
        if (!r.config().isEmpty()) {
            lines.add("Config: " + list(configTools(r.config()), n + 4) + ".");
        }
        return String.join("\n", lines);
    }

    private static String summary(ScanReport r, int n) {
        List<Language> code = r.languages().stream()
                .filter(l -> l.kind() == LanguageKind.PROGRAMMING || l.kind() == LanguageKind.MARKUP).toList();
        long codeLines = code.stream().mapToLong(Language::lines).sum();
        StringBuilder s = new StringBuilder(r.name()).append(": ");
        // a build language (Dockerfile, Makefile) is never what a project "is" while it has another
        String primary = code.stream().map(Language::name).filter(l -> !FileLanguages.BUILD_LANGUAGES.contains(l)).findFirst()
                .orElse(code.isEmpty() ? null : code.getFirst().name());
        s.append(primary == null ? "" : primary + " ").append(r.workspaces().isEmpty() ? "project" : "monorepo");
        if (!r.frameworks().isEmpty()) {
            s.append(" using ").append(list(r.frameworks().stream().map(ScanReport.Framework::name).toList(), n));
        }
        s.append(" (").append(r.files()).append(r.files() == 1 ? " file" : " files");
        if (codeLines > 0) {
            s.append(", ~").append(scale(codeLines)).append(" lines of code: ");
            List<String> shares = new ArrayList<>();
            for (Language l : code) {
                long percent = Math.round(100.0 * l.lines() / codeLines);
                if (percent >= 1 && shares.size() < Math.min(n, 4)) {
                    shares.add(l.name() + " " + percent + "%");
                }
            }
            s.append(String.join(", ", shares));
        } else {
            s.append(", no source code recognised");
        }
        return s.append(").").toString();
    }

    private static Optional<String> workspaces(List<Workspace> workspaces, int n) {
        if (workspaces.isEmpty()) {
            return Optional.empty();
        }
        Set<String> tools = new LinkedHashSet<>();
        Set<String> members = new TreeSet<>();
        Set<String> patterns = new LinkedHashSet<>();
        for (Workspace w : workspaces) {
            tools.add(w.tool());
            members.addAll(w.members());
            patterns.addAll(w.patterns());
        }
        List<String> shown = members.isEmpty() ? new ArrayList<>(patterns) : new ArrayList<>(members);
        String what = shown.isEmpty() ? "" : ": " + list(shown, n + 2);
        return Optional.of("Workspaces (" + String.join(" + ", tools) + ")" + what + ".");
    }

    private static String entry(EntryPoint e) {
        String detail = e.detail() == null ? e.kind().equals("main") ? "main" : null : e.detail();
        if (detail == null) {
            return e.path();
        }
        return e.path() + " (" + (detail.length() > MAX_DETAIL ? detail.substring(0, MAX_DETAIL - 1) + "…" : detail) + ")";
    }

    private static String tests(ScanReport.Tests t, int n) {
        if (t.files() == 0) {
            // Rust and others keep unit tests inside the sources: a framework without test files is still tests
            return t.frameworks().isEmpty() ? "Tests: none found."
                    : "Tests: " + list(t.frameworks(), n) + "; no separate test files.";
        }
        StringBuilder s = new StringBuilder("Tests: ").append(t.files()).append(t.files() == 1 ? " file" : " files");
        if (!t.dirs().isEmpty()) {
            s.append(" in ").append(list(t.dirs(), n));
        }
        if (!t.frameworks().isEmpty()) {
            s.append("; ").append(list(t.frameworks(), n));
        }
        return s.append('.').toString();
    }

    private static String dependencies(Dependencies d) {
        return d.manifest() + " " + d.runtime() + (d.dev() == null || d.dev() == 0 ? "" : " + " + d.dev() + " dev");
    }

    /** Config kinds, the ones that say most about how the project is built and run first. */
    private static final List<String> CONFIG_KINDS = List.of("container", "ci", "build", "deploy", "test", "typescript",
            "bundler", "lint", "env", "app", "agent", "toolchain", "dependencies");

    /** The tools the config files configure, by kind, with a count where there are several files. */
    private static List<String> configTools(List<ConfigFile> config) {
        Map<String, Integer> tools = new LinkedHashMap<>();
        config.stream().sorted(Comparator.comparingInt(c -> CONFIG_KINDS.indexOf(c.kind())))
                .forEach(c -> tools.merge(c.tool(), 1, Integer::sum));
        List<String> out = new ArrayList<>();
        tools.forEach((tool, count) -> out.add(count > 1 ? tool + " (" + count + ")" : tool));
        return out;
    }

    private static String list(List<String> items, int n) {
        if (items.size() <= n) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, n)) + " (+" + (items.size() - n) + " more)";
    }

    /** 850, 9.4k, 52k, 1.2M. */
    static String scale(long n) {
        if (n < 1000) {
            return Long.toString(n);
        }
        if (n < 10_000) {
            return String.format(Locale.ROOT, "%.1fk", n / 1000.0).replace(".0k", "k");
        }
        if (n < 999_500) {
            return Math.round(n / 1000.0) + "k";
        }
        return String.format(Locale.ROOT, "%.1fM", n / 1_000_000.0).replace(".0M", "M");
    }
}
