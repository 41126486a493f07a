package dev.eaglemem.scan;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.scan.ScanReport.LanguageKind;

/**
 * A file's language from its name: the extension, or the whole name for files that have none (Dockerfile,
 * Makefile). Only languages worth a line count are known; any other file is listed but never read for lines.
 */
final class FileLanguages {

    record Lang(String name, LanguageKind kind) {
    }

    /** Languages that build or package a project rather than make it (a Dockerfile in a test folder is no test). */
    static final Set<String> BUILD_LANGUAGES = Set.of("Dockerfile", "Makefile", "CMake", "Starlark", "Batchfile", "Nix");

    private static final Map<String, Lang> BY_EXTENSION = new HashMap<>();
    private static final Map<String, Lang> BY_NAME = new HashMap<>();

    static {
        programming("Java", "java");
        programming("Kotlin", "kt", "kts");
        programming("Scala", "scala", "sc");
        programming("Groovy", "groovy", "gradle");
        programming("Clojure", "clj", "cljs", "cljc", "edn");
        programming("Python", "py", "pyi", "pyw");
        programming("Ruby", "rb", "rake", "gemspec");
        programming("Go", "go");
        programming("Rust", "rs");
        programming("C", "c", "h");
        programming("C++", "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "ipp");
        programming("C#", "cs", "csx");
        programming("F#", "fs", "fsi", "fsx");
        programming("Visual Basic", "vb");
        programming("Swift", "swift");
        programming("Objective-C", "m", "mm");
        programming("PHP", "php");
        programming("JavaScript", "js", "mjs", "cjs", "jsx");
        programming("TypeScript", "ts", "mts", "cts", "tsx");
        programming("Vue", "vue");
        programming("Svelte", "svelte");
        programming("Astro", "astro");
        programming("Dart", "dart");
        programming("Lua", "lua");
        programming("Perl", "pl", "pm");
        programming("R", "r");
        programming("Julia", "jl");
        programming("Elixir", "ex", "exs");
        programming("Erlang", "erl", "hrl");
        programming("Haskell", "hs");
        programming("OCaml", "ml", "mli");
        programming("Elm", "elm");
        programming("Zig", "zig");
        programming("Nim", "nim");
        programming("Shell", "sh", "bash", "zsh", "ksh");
        programming("Fish", "fish");
        programming("PowerShell", "ps1", "psm1");
        programming("Batchfile", "bat", "cmd");
        programming("SQL", "sql");
        programming("HCL", "tf", "hcl");
        programming("Solidity", "sol");
        programming("CUDA", "cu", "cuh");
        programming("Assembly", "asm", "s");
        programming("Nix", "nix");
        markup("HTML", "html", "htm", "xhtml");
        markup("CSS", "css");
        markup("SCSS", "scss", "sass");
        markup("Less", "less");
        markup("Templates", "hbs", "handlebars", "mustache", "ejs", "erb", "twig", "jinja", "j2", "liquid", "njk");
        data("JSON", "json", "jsonc", "json5");
        data("YAML", "yaml", "yml");
        data("TOML", "toml");
        data("XML", "xml", "xsd", "xsl", "plist", "csproj", "fsproj", "vbproj", "props", "targets");
        data("INI", "ini", "cfg", "conf", "properties");
        data("Protocol Buffers", "proto");
        data("GraphQL", "graphql", "gql");
        data("CSV", "csv", "tsv");
        prose("Markdown", "md", "markdown", "mdx");
        prose("reStructuredText", "rst");
        prose("AsciiDoc", "adoc", "asciidoc");
        prose("TeX", "tex");
        prose("Text", "txt");
        BY_NAME.put("Dockerfile", new Lang("Dockerfile", LanguageKind.PROGRAMMING));
        BY_NAME.put("Containerfile", new Lang("Dockerfile", LanguageKind.PROGRAMMING));
        BY_NAME.put("Makefile", new Lang("Makefile", LanguageKind.PROGRAMMING));
        BY_NAME.put("GNUmakefile", new Lang("Makefile", LanguageKind.PROGRAMMING));
        BY_NAME.put("CMakeLists.txt", new Lang("CMake", LanguageKind.PROGRAMMING));
        BY_NAME.put("Jenkinsfile", new Lang("Groovy", LanguageKind.PROGRAMMING));
        BY_NAME.put("Gemfile", new Lang("Ruby", LanguageKind.PROGRAMMING));
        BY_NAME.put("Rakefile", new Lang("Ruby", LanguageKind.PROGRAMMING));
        BY_NAME.put("Vagrantfile", new Lang("Ruby", LanguageKind.PROGRAMMING));
        BY_NAME.put("BUILD", new Lang("Starlark", LanguageKind.PROGRAMMING));
        BY_NAME.put("BUILD.bazel", new Lang("Starlark", LanguageKind.PROGRAMMING));
        BY_NAME.put("WORKSPACE", new Lang("Starlark", LanguageKind.PROGRAMMING));
    }

    private FileLanguages() {
    }

    private static void programming(String name, String... extensions) {
        add(name, LanguageKind.PROGRAMMING, extensions);
    }

    private static void markup(String name, String... extensions) {
        add(name, LanguageKind.MARKUP, extensions);
    }

    private static void data(String name, String... extensions) {
        add(name, LanguageKind.DATA, extensions);
    }

    private static void prose(String name, String... extensions) {
        add(name, LanguageKind.PROSE, extensions);
    }

    private static void add(String name, LanguageKind kind, String... extensions) {
        Lang lang = new Lang(name, kind);
        for (String ext : extensions) {
            if (BY_EXTENSION.put(ext, lang) != null) {
                throw new IllegalStateException("extension ." + ext + " has two languages");
            }
        }
    }

    /** True for the code a project is made of: a programming language that is not a build language. */
    static boolean isSourceCode(Lang lang) {
        return lang != null && lang.kind() == LanguageKind.PROGRAMMING && !BUILD_LANGUAGES.contains(lang.name());
    }

    /** The language of a file name (no directories), or null when it is not one worth counting. */
    static Lang of(String fileName) {
        Lang byName = BY_NAME.get(fileName);
        if (byName != null) {
            return byName;
        }
        if (fileName.startsWith("Dockerfile.") || fileName.endsWith(".dockerfile") || fileName.endsWith(".Dockerfile")) {
            return BY_NAME.get("Dockerfile");
        }
        int dot = fileName.lastIndexOf('.');
        // ".env" and other dot files have no extension, only a name
        return dot <= 0 ? null : BY_EXTENSION.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /**
     * Non-blank lines: lines with at least one byte that is not a space, tab, carriage return, vertical tab or form
     * feed. Counted on the bytes, so no decoding is paid for; multi-byte UTF-8 characters are all non-blank bytes.
     */
    static long nonBlankLines(byte[] content, int length) {
        long lines = 0;
        boolean seen = false;
        for (int i = 0; i < length; i++) {
            byte b = content[i];
            if (b == '\n') {
                if (seen) {
                    lines++;
                }
                seen = false;
            } else if (b != ' ' && b != '\t' && b != '\r' && b != 0x0b && b != '\f') {
                seen = true;
            }
        }
        return seen ? lines + 1 : lines;
    }
}
