package dev.eaglemem.scan;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;

/**
 * One manifest's text and where it sits, with the parsers the readers share: Jackson for JSON and TOML, the JDK's
 * StAX for XML (a pull parser; no new dependency, and its DTD and external-entity support is switched off so a
 * hostile pom.xml cannot make the scan read other files or the network).
 *
 * @param path the manifest's path in the project ('/' separators)
 */
record ManifestFile(String path, String text) {

    /*
     * Each parser is built on first use (holder classes): a JavaScript project never pays for the TOML and XML
     * parsers' start-up. All three are shared by the scan's reader threads; Jackson's mappers are thread-safe, the
     * StAX factory is only used under its own lock.
     */
    private static final class Json {
        /** Lenient where people are: tsconfig-style comments and trailing commas occur in lerna.json, nx.json… */
        static final ObjectMapper MAPPER = JsonMapper.builder().enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
                .enable(JsonReadFeature.ALLOW_TRAILING_COMMA).build();
    }

    private static final class Toml {
        static final TomlMapper MAPPER = new TomlMapper();
    }

    private static final class Xml {
        static final XMLInputFactory FACTORY = secure(XMLInputFactory.newFactory());

        private static XMLInputFactory secure(XMLInputFactory f) {
            f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            return f;
        }
    }

    String dir() {
        return dirOf(path);
    }

    String fileName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The directory part of a project path, "" for a file at the root. */
    static String dirOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /**
     * A path written in the manifest (relative to its directory, maybe with ./ or ..) as a project path; null when it
     * leaves the project or is not a path.
     */
    String resolve(String relative) {
        if (relative == null || relative.isBlank()) {
            return null;
        }
        try {
            Path joined = Path.of(dir().isEmpty() ? "." : dir()).resolve(relative.strip()).normalize();
            String s = joined.toString().replace('\\', '/');
            // after normalize() a path that leaves the project starts with a ".." segment; "..bin" is a name
            return joined.isAbsolute() || joined.startsWith("..") || s.isEmpty() ? null : s;
        } catch (InvalidPathException e) {
            return null;
        }
    }

    JsonNode json() throws IOException {
        return Json.MAPPER.readTree(text);
    }

    JsonNode toml() throws IOException {
        return Toml.MAPPER.readTree(text);
    }

    XMLStreamReader xml() throws XMLStreamException {
        synchronized (Xml.FACTORY) {
            return Xml.FACTORY.createXMLStreamReader(new StringReader(text));
        }
    }

    /** The field names of a JSON or TOML table; none when it is missing or not a table. */
    static List<String> keys(JsonNode table) {
        List<String> keys = new ArrayList<>();
        if (table != null && table.isObject()) {
            for (Iterator<String> it = table.fieldNames(); it.hasNext();) {
                keys.add(it.next());
            }
        }
        return keys;
    }

    /** The text items of a JSON or TOML array; none when it is missing or not an array. */
    static List<String> strings(JsonNode array) {
        List<String> items = new ArrayList<>();
        if (array != null && array.isArray()) {
            array.forEach(item -> {
                if (item.isTextual() && !item.asText().isBlank()) {
                    items.add(item.asText().strip());
                }
            });
        }
        return items;
    }

    /** A text value, or null when it is missing, blank or not text. */
    static String text(JsonNode node) {
        return node != null && node.isTextual() && !node.asText().isBlank() ? node.asText().strip() : null;
    }
}
