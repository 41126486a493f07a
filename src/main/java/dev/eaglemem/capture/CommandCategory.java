package dev.eaglemem.capture;

import java.util.Locale;
import java.util.Map;

/** A coarse label for a shell command, by its program name: what kind of work a session did. */
final class CommandCategory {

    private static final Map<String, String> BY_PROGRAM = Map.ofEntries(
            Map.entry("git", "git"), Map.entry("gh", "git"),
            Map.entry("npm", "js"), Map.entry("npx", "js"), Map.entry("pnpm", "js"), Map.entry("yarn", "js"),
            Map.entry("bun", "js"), Map.entry("node", "js"),
            Map.entry("pip", "python"), Map.entry("pip3", "python"), Map.entry("python", "python"),
            Map.entry("python3", "python"), Map.entry("uv", "python"), Map.entry("poetry", "python"),
            Map.entry("cargo", "rust"), Map.entry("rustc", "rust"), Map.entry("go", "go"),
            Map.entry("mvn", "jvm"), Map.entry("mvnw", "jvm"), Map.entry("gradle", "jvm"), Map.entry("gradlew", "jvm"),
            Map.entry("java", "jvm"),
            Map.entry("docker", "docker"), Map.entry("docker-compose", "docker"), Map.entry("podman", "docker"),
            Map.entry("kubectl", "k8s"), Map.entry("helm", "k8s"),
            Map.entry("aws", "cloud"), Map.entry("gcloud", "cloud"), Map.entry("az", "cloud"),
            Map.entry("make", "build"), Map.entry("cmake", "build"), Map.entry("ninja", "build"),
            Map.entry("grep", "files"), Map.entry("rg", "files"), Map.entry("find", "files"), Map.entry("ls", "files"),
            Map.entry("cat", "files"), Map.entry("head", "files"), Map.entry("tail", "files"), Map.entry("wc", "files"),
            Map.entry("sed", "files"), Map.entry("awk", "files"), Map.entry("printf", "files"), Map.entry("echo", "files"),
            Map.entry("curl", "http"), Map.entry("wget", "http"),
            Map.entry("pytest", "test"), Map.entry("jest", "test"), Map.entry("vitest", "test"), Map.entry("mocha", "test"),
            Map.entry("eslint", "lint"), Map.entry("ruff", "lint"), Map.entry("golangci-lint", "lint"));

    private CommandCategory() {
    }

    /** The category of the command's first program word (after env assignments, sudo and a path). */
    static String of(String command) {
        if (command == null) {
            return null;
        }
        // word by word from the start, not a split of the whole command: a heredoc can run to megabytes
        int i = 0;
        while (i < command.length()) {
            if (Character.isWhitespace(command.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < command.length() && !Character.isWhitespace(command.charAt(i))) {
                i++;
            }
            String word = command.substring(start, i);
            if (word.contains("=") || word.equals("sudo") || word.equals("env")) {
                continue;
            }
            String program = word.substring(word.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            String category = BY_PROGRAM.get(program);
            if (category != null) {
                return category;
            }
            return program.contains("test") ? "test" : program.contains("lint") ? "lint" : "other";
        }
        return "other";
    }
}
