package dev.eaglemem.notes;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One file of an agent's notes as found on disk, with the part of it that belongs to the project (a whole file, or
 * only the project's blocks of Codex's shared MEMORY.md).
 */
public record NoteFile(NoteOrigin origin, Path path, String text) {

    /** SHA-256 of the mirrored text: an unchanged file costs this and the read, nothing else. */
    public String hash() {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The first Markdown heading, else the front matter's {@code name:}, else the file name without .md. */
    public String title() {
        boolean frontMatter = false;
        String name = null;
        int line = 0;
        for (String l : text.split("\n", -1)) {
            String s = l.strip();
            if (line++ == 0 && s.equals("---")) {
                frontMatter = true;
                continue;
            }
            if (frontMatter) {
                if (s.equals("---")) {
                    frontMatter = false;
                } else if (s.startsWith("name:") && name == null) {
                    name = unquote(s.substring(5).strip());
                }
                continue;
            }
            if (s.startsWith("#")) {
                String heading = s.replaceFirst("^#{1,6}\\s*", "").strip();
                if (!heading.isEmpty()) {
                    return heading;
                }
            }
        }
        if (name != null && !name.isEmpty()) {
            return name;
        }
        String file = path.getFileName().toString();
        return file.endsWith(".md") ? file.substring(0, file.length() - 3) : file;
    }

    private static String unquote(String s) {
        return s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))
                ? s.substring(1, s.length() - 1)
                : s;
    }
}
