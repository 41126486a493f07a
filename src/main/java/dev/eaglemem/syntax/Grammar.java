package dev.eaglemem.syntax;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.treesitter.TSLanguage;
import org.treesitter.TreeSitterBash;
import org.treesitter.TreeSitterC;
import org.treesitter.TreeSitterCSharp;
import org.treesitter.TreeSitterCpp;
import org.treesitter.TreeSitterGo;
import org.treesitter.TreeSitterJava;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterKotlin;
import org.treesitter.TreeSitterPhp;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterRuby;
import org.treesitter.TreeSitterRust;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/**
 * The languages read by their syntax: each a tree-sitter grammar and the query ({@code queries/*.scm}, written for
 * this package) that finds its declarations, imports and calls, plus the few facts about the language the query
 * cannot say.
 */
enum Grammar {

    JAVA("java", TreeSitterJava::new, List.of("java"), Set.of(), Set.of(), Set.of(), Set.of()), KOTLIN("kotlin",
            TreeSitterKotlin::new, List.of("kotlin"), Set.of(), Set.of(), Set.of(), Set.of()), PYTHON("python",
                    TreeSitterPython::new, List.of("python"), Set.of("decorated_definition"), Set.of(), Set.of(),
                    Set.of()), JAVASCRIPT("javascript", TreeSitterJavascript::new, List.of("ecmascript", "javascript", "jsx"),
                            Set.of("export_statement"), Set.of("decorator"),
                            Set.of("require"), Set.of("require")), TYPESCRIPT("typescript", TreeSitterTypescript::new,
                                    List.of("ecmascript", "typescript"), Set.of("export_statement", "ambient_declaration"),
                                    Set.of("decorator"), Set.of("require"), Set.of("require")), TSX("tsx", TreeSitterTsx::new,
                                            List.of("ecmascript", "typescript", "jsx"),
                                            Set.of("export_statement", "ambient_declaration"), Set.of("decorator"),
                                            Set.of("require"), Set.of("require")), GO("go", TreeSitterGo::new, List.of("go"),
                                                    Set.of("type_declaration", "const_declaration"), Set.of(), Set.of(),
                                                    Set.of()), RUST("rust", TreeSitterRust::new, List.of("rust"), Set.of(),
                                                            Set.of("attribute_item"), Set.of(), Set.of()), RUBY("ruby",
                                                                    TreeSitterRuby::new, List.of("ruby"), Set.of(), Set.of(),
                                                                    Set.of("require", "require_relative", "load"),
                                                                    Set.of("require", "require_relative", "load", "attr_reader",
                                                                            "attr_writer", "attr_accessor", "include",
                                                                            "extend", "prepend", "private", "protected", "public",
                                                                            "module_function", "new")), C("c", TreeSitterC::new,
                                                                                    List.of("c"), Set.of(), Set.of(), Set.of(),
                                                                                    Set.of()), CPP("cpp", TreeSitterCpp::new,
                                                                                            List.of("c", "cpp"),
                                                                                            Set.of("template_declaration"),
                                                                                            Set.of(), Set.of(),
                                                                                            Set.of()), CSHARP("csharp",
                                                                                                    TreeSitterCSharp::new,
                                                                                                    List.of("csharp"), Set.of(),
                                                                                                    Set.of(), Set.of(),
                                                                                                    Set.of("nameof")), PHP("php",
                                                                                                            TreeSitterPhp::new,
                                                                                                            List.of("php"),
                                                                                                            Set.of(), Set.of(),
                                                                                                            Set.of(), Set.of()),
    // Shell: every command is a call; the builtins that only move values around would drown the script's own functions.
    SHELL("shell", TreeSitterBash::new, List.of("shell"), Set.of(), Set.of(), Set.of("source", "."),
            Set.of("source", ".", "echo", "printf", "cd", "local", "export", "declare", "readonly", "set", "unset",
                    "shift", "return", "exit", "read", "test", "[", "[[", "true", "false", ":", "eval", "exec",
                    "trap", "wait", "break", "continue"));

    /** The {@link ParsedFile#language()} value. */
    final String id;
    private final Supplier<TSLanguage> grammar;
    /** Its query: these files of {@code queries/}, concatenated; where two patterns match one node the first wins. */
    final List<String> queries;
    /** Parents that belong to the declaration they wrap: decorators, {@code export}, {@code template <…>}. */
    final Set<String> wrappers;
    /** Siblings directly above a declaration that belong to it, besides comments: decorators, attributes. */
    final Set<String> leading;
    /** Calls that import: the query captures their callee as {@code @_fn}; a match counts only for these names. */
    final Set<String> importFunctions;
    /** Callee names that are syntax in all but name (imports, visibility, shell builtins): not calls. */
    final Set<String> notCalls;

    Grammar(String id, Supplier<TSLanguage> grammar, List<String> queries, Set<String> wrappers, Set<String> leading,
            Set<String> importFunctions, Set<String> notCalls) {
        this.id = id;
        this.grammar = grammar;
        this.queries = queries;
        this.wrappers = wrappers;
        this.leading = leading;
        this.importFunctions = importFunctions;
        this.notCalls = notCalls;
    }

    /** A new handle on the grammar; loads its native library on first use. */
    TSLanguage load() {
        return grammar.get();
    }

    /** Ruby's {@code require_relative}: its path is relative to the requiring file. */
    boolean relativeImport(String function) {
        return this == RUBY && function.equals("require_relative");
    }

    /** Ruby's {@code def} inside a module defines a method of that module, not a free function. */
    boolean moduleHoldsMethods() {
        return this == RUBY;
    }
}
