package dev.eaglemem.anchor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import dev.eaglemem.format.Hashes;
import dev.eaglemem.syntax.Declaration;
import dev.eaglemem.syntax.LazyParser;

/**
 * The working tree's files as anchors see them: each file's git blob id (what {@code git hash-object} gives for a file
 * without clean filters) and the hashes of its declarations, cached by path, size and modification time as git's own
 * index does, so a recall that checks a record's files reads only their attributes. A file modified within the last
 * two seconds is hashed but not cached: in the same clock tick it could change again without its size or mtime
 * changing (git's "racy" case).
 */
public final class WorkingFiles implements AutoCloseable {

    /** Files larger than this are not anchored: a record about a generated or data file is not held to its bytes. */
    static final long MAX_BYTES = 4L * 1024 * 1024;
    private static final int MAX_ENTRIES = 50_000;
    private static final long RACY_MILLIS = 2_000;

    private record Entry(long size, long mtime, String blob, Map<String, String> declarations) {
    }

    private final Map<Path, Entry> cache = new ConcurrentHashMap<>();
    private final LazyParser parser = new LazyParser();

    /** The file's blob id now, or empty when it is not a regular file (deleted, a directory) or cannot be read. */
    public Optional<String> blob(Path file) {
        return entry(file, false).map(Entry::blob);
    }

    /**
     * The file's declarations now, by name and by qualified name ({@code total} and {@code Cart.total}), each with the
     * hash of its text; empty when the file is gone or is in no language the parser knows.
     */
    public Optional<Map<String, String>> declarations(Path file, String relativePath) {
        return entry(file, true, relativePath).map(Entry::declarations).filter(d -> !d.isEmpty());
    }

    private Optional<Entry> entry(Path file, boolean parse) {
        return entry(file, parse, file.getFileName() == null ? "" : file.getFileName().toString());
    }

    private Optional<Entry> entry(Path file, boolean parse, String relativePath) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile() && !a.isSymbolicLink()) {
                return Optional.empty();
            }
            long mtime = a.lastModifiedTime().toMillis();
            Entry known = cache.get(file);
            if (known != null && known.size() == a.size() && known.mtime() == mtime
                    && (!parse || known.declarations() != null)) {
                return Optional.of(known);
            }
            byte[] bytes = a.isSymbolicLink() ? Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8)
                    : Files.readAllBytes(file);
            Map<String, String> declarations = parse ? declarations(relativePath, bytes) : null;
            Entry e = new Entry(a.size(), mtime, blobId(bytes), declarations);
            if (System.currentTimeMillis() - mtime > RACY_MILLIS) {
                if (cache.size() >= MAX_ENTRIES) {
                    cache.clear();
                }
                cache.put(file, e);
            }
            return Optional.of(e);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** git's object id of a blob: SHA-1 of "blob SIZE\0" and the bytes. */
    public static String blobId(byte[] bytes) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha1.digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is part of every JDK", e);
        }
    }

    private Map<String, String> declarations(String relativePath, byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            return Map.of();
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<Declaration> found = parser.get().parse(relativePath, text).declarations();
        if (found.isEmpty()) {
            return Map.of();
        }
        String[] lines = text.split("\n", -1);
        // overloads share a name: their texts are hashed together, in file order
        Map<String, StringBuilder> texts = new TreeMap<>();
        for (Declaration d : found) {
            String body = body(lines, d.startLine(), d.endLine());
            texts.computeIfAbsent(d.name(), k -> new StringBuilder()).append(body).append('\u0000');
            if (d.container() != null) {
                texts.computeIfAbsent(d.qualifiedName(), k -> new StringBuilder()).append(body).append('\u0000');
            }
        }
        Map<String, String> out = new HashMap<>();
        texts.forEach((name, body) -> out.put(name, hash(body.toString())));
        return Map.copyOf(out);
    }

    /**
     * A declaration's text as its hash sees it: each line stripped and blank lines dropped, so re-indenting or
     * re-wrapping blank lines around it is not a change of what it does.
     */
    private static String body(String[] lines, int start, int end) {
        StringBuilder out = new StringBuilder();
        for (int i = Math.max(1, start); i <= Math.min(end, lines.length); i++) {
            String line = lines[i - 1].strip();
            if (!line.isEmpty()) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    static String hash(String text) {
        return Hashes.sha256Hex(text).substring(0, 24);
    }

    @Override
    public void close() {
        parser.close();
    }
}
