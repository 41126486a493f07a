package dev.eaglemem.scan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Maven and Gradle: pom.xml through the JDK's StAX parser; build.gradle(.kts) and settings.gradle(.kts) by their
 * common declaration forms. A Gradle build script is a program, so only what is written out literally is seen:
 * {@code implementation("g:a:v")}, {@code implementation libs.x.y}, {@code id("plugin")}, {@code include(...)};
 * dependencies added by loops, functions or convention plugins are not.
 */
final class JvmManifests {

    /** Matched on "groupId:artifactId" and on Gradle plugin ids. */
    static final Catalog FRAMEWORKS = Catalog.prefixes("io.quarkus", "Quarkus", "org.springframework.boot",
            "Spring Boot", "io.micronaut", "Micronaut", "com.android", "Android", "io.helidon", "Helidon", "io.ktor", "Ktor",
            "io.dropwizard", "Dropwizard", "io.javalin", "Javalin", "io.vertx", "Vert.x", "com.vaadin", "Vaadin",
            "jakarta.platform", "Jakarta EE", "org.springframework:", "Spring Framework", "org.jetbrains.compose",
            "Compose Multiplatform", "androidx.compose", "Jetpack Compose", "info.picocli", "picocli",
            "org.apache.spark", "Apache Spark", "org.apache.kafka", "Kafka", "io.grpc", "gRPC", "org.hibernate",
            "Hibernate", "org.jooq", "jOOQ", "org.flywaydb", "Flyway", "org.liquibase", "Liquibase");
    static final Catalog TESTS = Catalog.prefixes("org.junit.jupiter", "JUnit 5", "io.quarkus:quarkus-junit", "JUnit 5",
            "org.springframework.boot:spring-boot-starter-test", "JUnit 5", "junit:junit", "JUnit 4", "org.testng",
            "TestNG", "org.spockframework", "Spock", "io.kotest", "Kotest", "io.cucumber", "Cucumber");

    private static final Pattern PLUGIN_ID = Pattern.compile("\\bid\\s*\\(?\\s*[\"']([\\w.\\-]+)[\"']"
            + "|apply\\s+plugin\\s*:\\s*[\"']([\\w.\\-]+)[\"']");
    /** {@code config("g:a:v")}, {@code config 'g:a'}, {@code config(platform("g:a:v"))}, {@code config(libs.x.y)}. */
    private static final Pattern GRADLE_DEPENDENCY = Pattern.compile("(?m)^\\s*(\\w+)\\s*\\(?\\s*"
            + "(?:(?:platform|enforcedPlatform)\\s*\\(\\s*)?(?:[\"']([^\"'$\\s]+:[^\"'\\s]+)[\"']|(libs\\.[\\w.]+))");
    private static final Pattern ROOT_NAME = Pattern.compile("rootProject\\.name\\s*=\\s*[\"']([^\"']+)[\"']");
    private static final Pattern INCLUDE_CALL = Pattern.compile("\\binclude\\s*\\(([^)]*)\\)");
    private static final Pattern INCLUDE_LIST = Pattern.compile(
            "\\binclude\\s+((?:[\"'][^\"']+[\"']\\s*,\\s*)*[\"'][^\"']+[\"'])");
    private static final Pattern QUOTED = Pattern.compile("[\"']([^\"']+)[\"']");

    private JvmManifests() {
    }

    /** The coordinates and sections of a pom.xml a scan cares about. */
    private static final class Pom {
        final List<String> coordinates = new ArrayList<>();
        final List<String> modules = new ArrayList<>();
        /** The dependency, plugin or parent being read; a plugin's own dependencies nest inside it. */
        final Deque<String[]> owners = new ArrayDeque<>();
        int runtime;
        int test;
        String artifactId;
    }

    private static final int GROUP = 0;
    private static final int ARTIFACT = 1;
    private static final int SCOPE = 2;

    static void pom(ManifestFile m, Findings f) throws XMLStreamException {
        Pom pom = new Pom();
        XMLStreamReader r = m.xml();
        Deque<String> stack = new ArrayDeque<>();
        StringBuilder text = new StringBuilder();
        try {
            while (r.hasNext()) {
                switch (r.next()) {
                    case XMLStreamConstants.START_ELEMENT -> {
                        stack.addLast(r.getLocalName());
                        text.setLength(0);
                        if (isCoordinateOwner(r.getLocalName())) {
                            pom.owners.push(new String[3]);
                        }
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> text.append(r.getText());
                    case XMLStreamConstants.END_ELEMENT -> {
                        String element = stack.removeLast();
                        end(pom, String.join("/", stack), element, text.toString().strip());
                        text.setLength(0);
                    }
                    default -> {
                    }
                }
            }
        } finally {
            r.close();
        }
        f.name(m.path(), pom.artifactId);
        if (pom.runtime + pom.test > 0) {
            f.dependencies(m.path(), "maven", pom.runtime, pom.test);
        }
        FRAMEWORKS.frameworks(pom.coordinates, m.path(), f);
        TESTS.testFrameworks(pom.coordinates, f);
        if (!pom.modules.isEmpty()) {
            f.workspace("maven", m.path(), pom.modules, "pom.xml");
        }
    }

    private static boolean isCoordinateOwner(String element) {
        return element.equals("dependency") || element.equals("plugin") || element.equals("parent");
    }

    /**
     * @param parent the path of the element's parent ("project/dependencies/dependency")
     */
    private static void end(Pom pom, String parent, String element, String value) {
        String owner = parent.substring(parent.lastIndexOf('/') + 1);
        switch (element) {
            case "groupId", "artifactId", "scope" -> {
                if (parent.equals("project") && element.equals("artifactId")) {
                    pom.artifactId = value;
                } else if (isCoordinateOwner(owner) && !pom.owners.isEmpty()) {
                    int field = element.equals("groupId") ? GROUP : element.equals("artifactId") ? ARTIFACT : SCOPE;
                    pom.owners.peek()[field] = value;
                }
            }
            case "module" -> {
                if (owner.equals("modules") && !value.isEmpty()) {
                    pom.modules.add(value);
                }
            }
            case "dependency", "plugin", "parent" -> {
                String[] c = pom.owners.isEmpty() ? new String[3] : pom.owners.pop();
                if (c[ARTIFACT] != null) {
                    // a plugin's groupId defaults to Maven's own
                    pom.coordinates.add((c[GROUP] == null ? "org.apache.maven.plugins" : c[GROUP]) + ":" + c[ARTIFACT]);
                }
                // the project's (or a profile's) dependencies; dependencyManagement only pins versions, and a plugin's
                // dependencies are the plugin's
                if (element.equals("dependency") && !parent.contains("dependencyManagement") && !parent.contains("/plugin/")) {
                    if ("test".equals(c[SCOPE])) {
                        pom.test++;
                    } else {
                        pom.runtime++;
                    }
                }
            }
            default -> {
            }
        }
    }

    static void gradleBuild(ManifestFile m, Findings f) {
        List<String> coordinates = new ArrayList<>();
        Matcher plugins = PLUGIN_ID.matcher(m.text());
        while (plugins.find()) {
            coordinates.add(plugins.group(1) != null ? plugins.group(1) : plugins.group(2));
        }
        int runtime = 0;
        int dev = 0;
        Matcher deps = GRADLE_DEPENDENCY.matcher(m.text());
        while (deps.find()) {
            String config = deps.group(1);
            boolean test = config.toLowerCase(Locale.ROOT).contains("test");
            if (!test && !isRuntimeConfiguration(config)) {
                continue; // buildscript classpath, a task call, or not a dependency at all
            }
            String coordinate = deps.group(2) != null ? deps.group(2) : catalogGuess(deps.group(3));
            coordinates.add(coordinate);
            if (test) {
                dev++;
            } else {
                runtime++;
            }
        }
        if (runtime + dev > 0) {
            f.dependencies(m.path(), "gradle", runtime, dev);
        }
        FRAMEWORKS.frameworks(coordinates, m.path(), f);
        TESTS.testFrameworks(coordinates, f);
        if (m.text().contains("useJUnitPlatform")) {
            f.testFramework("JUnit 5");
        }
        if (m.text().contains("useTestNG")) {
            f.testFramework("TestNG");
        }
    }

    private static boolean isRuntimeConfiguration(String config) {
        return switch (config) {
            case "implementation", "api", "compileOnly", "runtimeOnly", "annotationProcessor", "kapt", "ksp", "compile",
                    "runtime", "providedCompile", "providedRuntime", "developmentOnly", "compileOnlyApi" -> true;
            default -> config.endsWith("Implementation") || config.endsWith("Api") || config.endsWith("RuntimeOnly")
                    || config.endsWith("CompileOnly");
        };
    }

    /**
     * A version-catalog accessor ({@code libs.quarkus.rest}) names no group; its words are the best hint, so
     * {@code libs.spring.boot.starter.web} is matched as "org.springframework.boot" would be.
     */
    private static String catalogGuess(String accessor) {
        String words = accessor.substring("libs.".length());
        if (words.startsWith("quarkus")) {
            return "io.quarkus:" + words;
        }
        if (words.startsWith("spring.boot")) {
            return "org.springframework.boot:" + words;
        }
        if (words.startsWith("micronaut")) {
            return "io.micronaut:" + words;
        }
        if (words.startsWith("ktor")) {
            return "io.ktor:" + words;
        }
        if (words.startsWith("junit.jupiter")) {
            return "org.junit.jupiter:" + words;
        }
        return accessor;
    }

    static void gradleSettings(ManifestFile m, Findings f) {
        Matcher name = ROOT_NAME.matcher(m.text());
        if (name.find()) {
            f.name(m.path(), name.group(1));
        }
        List<String> includes = new ArrayList<>();
        for (Pattern form : List.of(INCLUDE_CALL, INCLUDE_LIST)) {
            Matcher include = form.matcher(m.text());
            while (include.find()) {
                Matcher quoted = QUOTED.matcher(include.group(1));
                while (quoted.find()) {
                    if (!includes.contains(quoted.group(1))) {
                        includes.add(quoted.group(1));
                    }
                }
            }
        }
        if (!includes.isEmpty()) {
            f.workspace("gradle", m.path(), includes, null);
        }
    }

    /** A Gradle project path (":app:core") as the directory Gradle gives it by default ("app/core"). */
    static String gradleProjectDir(String projectPath) {
        String p = projectPath.startsWith(":") ? projectPath.substring(1) : projectPath;
        return p.replace(':', '/');
    }
}
