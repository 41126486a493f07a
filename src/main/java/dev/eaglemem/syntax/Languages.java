package dev.eaglemem.syntax;

import java.util.Locale;
import java.util.Map;

/**
 * Which grammar reads a file: by its extension, by its name (Rakefile, Gemfile), else by the interpreter its shebang
 * names. A {@code .h} is C here; {@link SourceParser} reads it as C++ when only the C++ grammar parses it cleanly.
 */
final class Languages {

    private static final Map<String, Grammar> EXTENSIONS = Map.ofEntries(
            Map.entry("java", Grammar.JAVA),
            Map.entry("kt", Grammar.KOTLIN), Map.entry("kts", Grammar.KOTLIN),
            Map.entry("py", Grammar.PYTHON), Map.entry("pyi", Grammar.PYTHON),
            // JSX is part of the JavaScript grammar.
            Map.entry("js", Grammar.JAVASCRIPT), Map.entry("mjs", Grammar.JAVASCRIPT),
            Map.entry("cjs", Grammar.JAVASCRIPT), Map.entry("jsx", Grammar.JAVASCRIPT),
            Map.entry("ts", Grammar.TYPESCRIPT), Map.entry("mts", Grammar.TYPESCRIPT),
            Map.entry("cts", Grammar.TYPESCRIPT),
            Map.entry("tsx", Grammar.TSX),
            Map.entry("go", Grammar.GO),
            Map.entry("rs", Grammar.RUST),
            Map.entry("rb", Grammar.RUBY), Map.entry("rake", Grammar.RUBY),
            Map.entry("c", Grammar.C), Map.entry("h", Grammar.C),
            Map.entry("cc", Grammar.CPP), Map.entry("cpp", Grammar.CPP), Map.entry("cxx", Grammar.CPP),
            Map.entry("hpp", Grammar.CPP), Map.entry("hh", Grammar.CPP), Map.entry("hxx", Grammar.CPP),
            Map.entry("cs", Grammar.CSHARP),
            Map.entry("php", Grammar.PHP),
            Map.entry("sh", Grammar.SHELL), Map.entry("bash", Grammar.SHELL));

    private static final Map<String, Grammar> FILE_NAMES = Map.of("Rakefile", Grammar.RUBY, "Gemfile", Grammar.RUBY);

    private static final Map<String, Grammar> INTERPRETERS = Map.of(
            "sh", Grammar.SHELL, "bash", Grammar.SHELL, "dash", Grammar.SHELL, "ksh", Grammar.SHELL,
            "zsh", Grammar.SHELL, "python", Grammar.PYTHON, "ruby", Grammar.RUBY, "node", Grammar.JAVASCRIPT);

    private Languages() {
    }

    /** The grammar for a repo-relative path ('/'-separated) and its text, or null for plain text. */
    static Grammar detect(String path, String text) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        Grammar byName = FILE_NAMES.get(name);
        if (byName != null) {
            return byName;
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            Grammar byExtension = EXTENSIONS.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
            if (byExtension != null) {
                return byExtension;
            }
        }
        // Scripts often have no extension; an unknown one (deploy.cgi) gets the same chance.
        return byShebang(text);
    }

    /** {@code #!/bin/bash}, {@code #!/usr/bin/env -S python3 -u}, {@code #!/usr/local/bin/ruby2.7 -w}, … */
    static Grammar byShebang(String text) {
        if (!text.startsWith("#!")) {
            return null;
        }
        int end = text.indexOf('\n');
        String[] words = text.substring(2, end < 0 ? text.length() : end).strip().split("\\s+");
        int i = 0;
        if (words[0].endsWith("/env") || words[0].equals("env")) {
            i = 1;
            while (i < words.length && words[i].startsWith("-")) {
                i++;
            }
        }
        if (i >= words.length) {
            return null;
        }
        String program = words[i].substring(words[i].lastIndexOf('/') + 1);
        return INTERPRETERS.get(program.replaceFirst("[0-9.]+$", ""));
    }
}
