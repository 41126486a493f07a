package dev.eaglemem.autostart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A unit template from the repository's {@code k8s-free-local/} folder, packaged into the binary. Templates are
 * data, so what install writes is reviewable without reading code. {@code {{name}}} is replaced by a value the
 * caller has already escaped for the file's syntax; a line holding only {@code {{name}}} becomes zero or more
 * lines, each indented like the placeholder.
 */
final class UnitTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");

    private final String name;
    private final String text;

    UnitTemplate(String name, String text) {
        this.name = name;
        this.text = text;
    }

    static UnitTemplate load(String name) {
        String resource = "k8s-free-local/" + name;
        try (InputStream in = UnitTemplate.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing from the build: " + resource);
            }
            return new UnitTemplate(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String render(Map<String, String> values, Map<String, List<String>> lines) {
        StringBuilder out = new StringBuilder(text.length() + 256);
        for (String line : text.split("(?<=\n)")) {
            Matcher whole = PLACEHOLDER.matcher(line.strip());
            if (whole.matches() && lines.containsKey(whole.group(1))) {
                String indent = line.substring(0, line.indexOf('{'));
                String end = line.endsWith("\n") ? "\n" : "";
                lines.get(whole.group(1)).forEach(l -> out.append(indent).append(l).append(end));
                continue;
            }
            out.append(PLACEHOLDER.matcher(line).replaceAll(m -> Matcher.quoteReplacement(value(values, m.group(1)))));
        }
        return out.toString();
    }

    private String value(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalStateException("template " + name + " has {{" + key + "}} but no value was given for it");
        }
        return value;
    }
}
