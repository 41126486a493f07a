package dev.eaglemem.team;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.eaglemem.error.EagleException;

/**
 * Where the team database's password comes from, in libpq's order: {@code PGPASSWORD}, then a pgpass file — ours
 * ({@code $EAGLE_MEM_DIR/team.pgpass}, written by {@code team connect --password-stdin} so that serve, started by the
 * user's service manager without the shell's environment, finds it), then {@code PGPASSFILE} or {@code ~/.pgpass}.
 * A pgpass file that others can read is ignored, as libpq ignores it. Never logged, never stored elsewhere.
 */
public final class TeamPassword {

    public static final String FILE = "team.pgpass";

    /** A password found, and where (for status: never the password itself). */
    public record Found(String password, String source) {

        @Override
        public String toString() {
            return "Found[source=" + source + "]";
        }
    }

    private TeamPassword() {
    }

    public static Optional<Found> find(TeamUrl url, Map<String, String> env, Path dataDir, Path home) {
        String fromEnv = env.get("PGPASSWORD");
        if (fromEnv != null && !fromEnv.isEmpty()) {
            return Optional.of(new Found(fromEnv, "PGPASSWORD"));
        }
        List<Path> files = new ArrayList<>();
        files.add(dataDir.resolve(FILE));
        String passfile = env.get("PGPASSFILE");
        files.add(passfile != null && !passfile.isBlank() ? Path.of(passfile) : home.resolve(".pgpass"));
        for (Path file : files) {
            Optional<String> p = lookup(file, url);
            if (p.isPresent()) {
                return Optional.of(new Found(p.get(), file.toString()));
            }
        }
        return Optional.empty();
    }

    /** Writes (or replaces) our pgpass file's line for this URL, mode 600. */
    public static Path store(Path dataDir, TeamUrl url, String password) {
        Path file = dataDir.resolve(FILE);
        String line = escape(url.host()) + ":" + url.port() + ":" + escape(url.database()) + ":" + escape(url.user()) + ":"
                + escape(password) + "\n";
        try {
            Path tmp = Files.createTempFile(dataDir, ".team-pgpass", ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, line, StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw EagleException.failure("team_password_write_failed", "cannot write " + file + ": " + e.getMessage(),
                    "check that " + dataDir + " is writable", e);
        }
    }

    public static void forget(Path dataDir) {
        try {
            Files.deleteIfExists(dataDir.resolve(FILE));
        } catch (IOException e) {
            throw EagleException.failure("team_password_delete_failed", "cannot delete " + dataDir.resolve(FILE) + ": "
                    + e.getMessage(), "delete it by hand", e);
        }
    }

    static Optional<String> lookup(Path file, TeamUrl url) {
        if (!Files.isRegularFile(file) || !private_(file)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> f = fields(line);
            if (f.size() == 5 && matches(f.get(0), url.host()) && matches(f.get(1), String.valueOf(url.port()))
                    && matches(f.get(2), url.database()) && matches(f.get(3), url.user())) {
                return Optional.of(f.get(4));
            }
        }
        return Optional.empty();
    }

    /** libpq ignores a password file group or others can read; so do we. */
    private static boolean private_(Path file) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            return p.stream().noneMatch(x -> x.name().startsWith("GROUP") || x.name().startsWith("OTHERS"));
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }

    private static boolean matches(String pattern, String value) {
        return pattern.equals("*") || pattern.equals(value);
    }

    /** Splits a pgpass line on unescaped colons; {@code \:} and {@code \\} are a colon and a backslash. */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                cur.append(line.charAt(++i));
            } else if (c == ':' && out.size() < 4) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace(":", "\\:");
    }
}
