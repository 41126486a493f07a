package dev.eaglemem.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The provider part of {@code $CODEX_HOME/config.toml} that points Codex at a {@link FakeOpenAi}: model
 * {@code gpt-5.5} (a catalog slug, so Codex offers exec_command and the freeform apply_patch), approval
 * {@code never}, full access, {@code [model_providers.fake]} and a trusted {@code [projects."<repo>"]}.
 *
 * <p>eagle-mem's installer writes hook trust state into the same file, so {@link #writeTo(Path)} edits
 * rather than replaces: it owns only the four top-level keys and the two tables above, replaces earlier
 * copies of exactly those, and leaves every other line where it was. Running it again (say, with a new
 * port) is safe.
 *
 * @param baseUrl the provider base URL, {@link FakeOpenAi#providerBaseUrl()}
 * @param project the repository to mark trusted (project hooks and config are read only when trusted)
 * @param model   the model slug
 */
public record CodexProvider(String baseUrl, Path project, String model) {

    public static final String MODEL = "gpt-5.5";
    /** The variable named by {@code env_key}; Codex refuses to start when it is unset. */
    public static final String API_KEY_ENV = "FAKE_OPENAI_API_KEY";

    private static final Set<String> OWNED_KEYS = Set.of("model", "model_provider", "approval_policy", "sandbox_mode");
    private static final Pattern HEADER = Pattern.compile("^\\s*\\[.*");
    private static final Pattern KEY = Pattern.compile("^\\s*([A-Za-z0-9_-]+)\\s*=.*");

    public CodexProvider(String baseUrl, Path project) {
        this(baseUrl, project, MODEL);
    }

    public static CodexProvider of(FakeOpenAi fake, Path project) {
        return new CodexProvider(fake.providerBaseUrl(), project);
    }

    /** Creates or edits {@code codexHome/config.toml}; returns its path. */
    public Path writeTo(Path codexHome) {
        Path file = codexHome.resolve("config.toml");
        try {
            Files.createDirectories(codexHome);
            List<String> existing = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            Files.writeString(file, render(existing), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The new file content for {@code existing} lines. */
    String render(List<String> existing) {
        List<String> out = new ArrayList<>(topLevelKeys());
        String providerHeader = "[model_providers.fake]";
        String projectHeader = "[projects." + quote(project.toString()) + "]";
        boolean topLevel = true;
        boolean skipping = false;
        for (String line : existing) {
            if (HEADER.matcher(line).matches()) {
                // Top-level keys must precede every table: ours are written first, theirs keep their place.
                topLevel = false;
                String header = line.strip();
                skipping = header.equals(providerHeader) || header.equals(projectHeader);
                if (skipping) {
                    continue;
                }
            }
            if (skipping || topLevel && ownsKey(line)) {
                continue;
            }
            out.add(line);
        }
        while (!out.isEmpty() && out.getLast().isBlank()) {
            out.removeLast();
        }
        out.add("");
        out.add(providerHeader);
        out.add("name = \"fake\"");
        out.add("base_url = " + quote(baseUrl));
        out.add("env_key = " + quote(API_KEY_ENV));
        out.add("wire_api = \"responses\"");
        out.add("");
        out.add(projectHeader);
        out.add("trust_level = \"trusted\"");
        return String.join("\n", out) + "\n";
    }

    private List<String> topLevelKeys() {
        return List.of(
                "model = " + quote(model),
                "model_provider = \"fake\"",
                "approval_policy = \"never\"",
                "sandbox_mode = \"danger-full-access\"");
    }

    private static boolean ownsKey(String line) {
        Matcher matcher = KEY.matcher(line);
        return matcher.matches() && OWNED_KEYS.contains(matcher.group(1));
    }

    /** A TOML basic string. */
    static String quote(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }
}
