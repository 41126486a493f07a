package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cheap looks into source files that were read anyway for their line count: main functions (entry points), test
 * frameworks imported by test sources, and the start commands of Dockerfiles and Procfiles. Substring checks
 * first, a regular expression only on a hit, so a thousand files cost milliseconds.
 */
final class SourceHints {

    /** FileLanguages whose sources may declare a main function. */
    private static final Set<String> MAIN_LANGUAGES = Set.of("Java", "Kotlin", "Scala", "Go", "C", "C++", "C#", "Python");
    /** FileLanguages whose test sources name their framework in an import. */
    private static final Set<String> TEST_IMPORT_LANGUAGES = Set.of("Java", "Kotlin", "Scala", "Groovy", "Python",
            "JavaScript", "TypeScript", "Ruby", "PHP", "C#", "Elixir", "Swift", "Dart");

    /*
     * Main functions, anchored at the start of a line with only modifiers before them, so a comment or a string that
     * mentions one ("{@code static void main(String[] args)}") is not taken for one.
     */
    /** A main method: {@code static void main(String[] args)}, or Java 25's instance {@code void main()}. */
    private static final Pattern JAVA_MAIN = Pattern.compile("(?m)^[ \\t]*(?:(?:public|protected|private|static|final)\\s+)*"
            + "void\\s+main\\s*\\(\\s*(?:final\\s+)?(?:String\\b|\\))");
    /** Application classes whose main method the framework generates. */
    private static final Pattern JVM_APPLICATION = Pattern.compile("(?m)^[ \\t]*@(QuarkusMain|SpringBootApplication)\\b");
    private static final Pattern KOTLIN_MAIN = Pattern.compile("(?m)^[ \\t]*(?:suspend\\s+)?fun\\s+main\\s*\\(");
    private static final Pattern SCALA_MAIN = Pattern.compile("(?m)^[ \\t]*(?:(?:override\\s+)?def\\s+main\\s*\\(|@main\\b"
            + "|object\\s+\\w+\\s+extends\\s+App\\b)");
    private static final Pattern GO_PACKAGE_MAIN = Pattern.compile("(?m)^package\\s+main\\b");
    private static final Pattern GO_MAIN = Pattern.compile("(?m)^func\\s+main\\s*\\(\\s*\\)");
    private static final Pattern C_MAIN = Pattern.compile("(?m)^[ \\t]*(?:static\\s+)?(?:int|void)\\s+main\\s*\\(");
    private static final Pattern CSHARP_MAIN = Pattern.compile("(?m)^[ \\t]*(?:(?:public|private|internal)\\s+)?static\\s+"
            + "(?:async\\s+)?(?:void|int|Task(?:<int>)?)\\s+Main\\s*\\(");
    private static final Pattern PYTHON_MAIN = Pattern.compile("(?m)^if\\s+__name__\\s*==\\s*['\"]__main__['\"]");
    /** An import (or use) that names the test framework, in the order checked; the first match per file counts. */
    private static final Map<String, String> TEST_IMPORTS = orderedImports();

    private SourceHints() {
    }

    private static Map<String, String> orderedImports() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("org.junit.jupiter", "JUnit 5");
        m.put("import org.junit.", "JUnit 4");
        m.put("org.testng", "TestNG");
        m.put("io.kotest", "Kotest");
        m.put("spock.lang", "Spock");
        m.put("import pytest", "pytest");
        m.put("from pytest", "pytest");
        m.put("import unittest", "unittest");
        m.put("from unittest", "unittest");
        m.put("'vitest'", "Vitest");
        m.put("\"vitest\"", "Vitest");
        m.put("@playwright/test", "Playwright");
        m.put("node:test", "node:test");
        m.put("@jest/globals", "Jest");
        m.put("RSpec.", "RSpec");
        m.put("Minitest::", "Minitest");
        m.put("ActiveSupport::TestCase", "Minitest");
        m.put("PHPUnit\\Framework", "PHPUnit");
        m.put("using Xunit", "xUnit");
        m.put("using NUnit.Framework", "NUnit");
        m.put("Microsoft.VisualStudio.TestTools.UnitTesting", "MSTest");
        m.put("ExUnit.Case", "ExUnit");
        m.put("import XCTest", "XCTest");
        m.put("package:flutter_test", "flutter_test");
        m.put("package:test/", "package:test");
        return m;
    }

    /** True when {@link #inspect} has something to look for in this file, so its text must be decoded. */
    static boolean wants(String language, String fileName, boolean test) {
        if (isDockerfile(fileName) || fileName.equals("Procfile")) {
            return true;
        }
        if (language == null) {
            return false;
        }
        return test ? TEST_IMPORT_LANGUAGES.contains(language) || language.equals("Rust")
                : MAIN_LANGUAGES.contains(language) || language.equals("Rust");
    }

    static void inspect(String path, String fileName, String language, boolean test, String text, Findings f) {
        if (isDockerfile(fileName)) {
            dockerfile(path, text, f);
        } else if (fileName.equals("Procfile")) {
            procfile(path, text, f);
        } else if ("Rust".equals(language)) {
            // unit tests live beside the code in Rust, so every source is looked at
            if (text.contains("#[test]") || text.contains("::test]")) {
                f.testFramework("cargo test");
            }
        } else if (test) {
            testImports(text, f);
        } else if (text.contains("main") || text.contains("Main") || text.contains("@SpringBootApplication")) {
            mainFunction(path, language, text, f);
        }
    }

    private static void mainFunction(String path, String language, String text, Findings f) {
        boolean main = switch (language) {
            case "Java" -> {
                Matcher app = JVM_APPLICATION.matcher(text);
                if (app.find()) {
                    f.entry(path, "main", "@" + app.group(1));
                    yield false;
                }
                yield JAVA_MAIN.matcher(text).find();
            }
            case "Kotlin" -> KOTLIN_MAIN.matcher(text).find();
            case "Scala" -> SCALA_MAIN.matcher(text).find();
            case "Go" -> GO_PACKAGE_MAIN.matcher(text).find() && GO_MAIN.matcher(text).find();
            case "C", "C++" -> C_MAIN.matcher(text).find();
            case "C#" -> CSHARP_MAIN.matcher(text).find();
            case "Python" -> {
                if (PYTHON_MAIN.matcher(text).find()) {
                    f.entry(path, "script", null);
                }
                yield false;
            }
            default -> false;
        };
        if (main) {
            f.entry(path, "main", null);
        }
    }

    private static void testImports(String text, Findings f) {
        for (Map.Entry<String, String> e : TEST_IMPORTS.entrySet()) {
            if (text.contains(e.getKey())) {
                // "import org.junit." also matches JUnit 5's imports; JUnit 5 is checked first and wins
                if (!(e.getValue().equals("JUnit 4") && text.contains("org.junit.jupiter"))) {
                    f.testFramework(e.getValue());
                }
            }
        }
    }

    static boolean isDockerfile(String fileName) {
        return fileName.equals("Dockerfile") || fileName.equals("Containerfile") || fileName.startsWith("Dockerfile.")
                || fileName.endsWith(".dockerfile") || fileName.endsWith(".Dockerfile");
    }

    /** The last ENTRYPOINT and CMD (the final stage's, in a multi-stage build), continuation lines joined. */
    private static void dockerfile(String path, String text, Findings f) {
        String entrypoint = null;
        String cmd = null;
        for (String line : logicalLines(text)) {
            String upper = line.length() >= 11 ? line.substring(0, 11).toUpperCase(Locale.ROOT) : line.toUpperCase(Locale.ROOT);
            if (upper.startsWith("ENTRYPOINT ")) {
                entrypoint = line.substring(11).strip();
            } else if (upper.startsWith("CMD ")) {
                cmd = line.substring(4).strip();
            } else if (upper.startsWith("FROM ")) {
                entrypoint = cmd = null; // a new stage starts with neither
            }
        }
        if (entrypoint != null || cmd != null) {
            f.entry(path, "container", ((entrypoint == null ? "" : "ENTRYPOINT " + entrypoint + " ")
                    + (cmd == null ? "" : "CMD " + cmd)).strip());
        }
    }

    private static List<String> logicalLines(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : text.lines().toList()) {
            String line = raw.strip();
            if (line.startsWith("#")) {
                continue;
            }
            if (line.endsWith("\\")) {
                current.append(line, 0, line.length() - 1).append(' ');
            } else {
                lines.add(current.append(line).toString().strip());
                current.setLength(0);
            }
        }
        if (!current.isEmpty()) {
            lines.add(current.toString().strip());
        }
        return lines;
    }

    /** Procfile: {@code process: command} lines; each process is a way the project runs. */
    private static void procfile(String path, String text, Findings f) {
        for (String line : text.lines().map(String::strip).toList()) {
            int colon = line.indexOf(':');
            if (!line.startsWith("#") && colon > 0 && line.substring(0, colon).matches("[\\w-]+")) {
                f.entry(path, "procfile", line.substring(0, colon) + ": " + line.substring(colon + 1).strip());
            }
        }
    }
}
