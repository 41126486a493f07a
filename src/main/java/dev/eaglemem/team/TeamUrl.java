package dev.eaglemem.team;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.error.EagleException;

/**
 * A team database's address, as libpq writes it: a URI ({@code postgresql://alice@db.example.com:5432/team?sslmode=
 * verify-full}), a keyword string ({@code host=db.example.com dbname=team user=alice}) or pgjdbc's {@code jdbc:postgresql:}
 * form. A password in it is refused: it would end up in the shell's history, in {@code ps} and in our config; it comes
 * from {@code PGPASSWORD}, a pgpass file or {@code --password-stdin} instead ({@link TeamPassword}).
 *
 * @param params libpq connection parameters besides host, port, dbname, user and password: {@code sslmode} (default
 *     {@code prefer}), {@code sslrootcert}, {@code sslcert}, {@code sslkey}, {@code connect_timeout}, {@code application_name}
 */
public record TeamUrl(String host, int port, String database, String user, Map<String, String> params) {

    static final String DEFAULT_SSLMODE = "prefer";
    private static final Set<String> SSLMODES = Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");
    private static final Set<String> PARAMS = Set.of("sslmode", "sslrootcert", "sslcert", "sslkey", "connect_timeout",
            "application_name");
    private static final String EXAMPLE = "postgresql://alice@db.example.com:5432/team?sslmode=verify-full";

    public TeamUrl {
        params = Map.copyOf(params);
    }

    public static TeamUrl parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            throw bad("no team database URL given");
        }
        if (t.startsWith("jdbc:")) {
            t = t.substring("jdbc:".length());
        }
        if (t.startsWith("postgresql://") || t.startsWith("postgres://")) {
            return fromUri(text, t.substring(t.indexOf("://") + 3));
        }
        if (t.contains("=")) {
            return fromKeywords(text, t);
        }
        throw bad("'" + text + "' is not a PostgreSQL connection URL");
    }

    private static TeamUrl fromUri(String original, String rest) {
        String query = "";
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        String path = "";
        int slash = rest.indexOf('/');
        if (slash >= 0) {
            path = decode(rest.substring(slash + 1));
            rest = rest.substring(0, slash);
        }
        String user = null;
        int at = rest.lastIndexOf('@');
        if (at >= 0) {
            String userInfo = rest.substring(0, at);
            rest = rest.substring(at + 1);
            if (userInfo.contains(":")) {
                throw passwordGiven();
            }
            user = decode(userInfo);
        }
        Map<String, String> kv = new LinkedHashMap<>();
        kv.put("host", hostOf(rest));
        kv.put("port", portOf(original, rest));
        if (!path.isEmpty()) {
            kv.put("dbname", path);
        }
        if (user != null && !user.isEmpty()) {
            kv.put("user", user);
        }
        if (!query.isEmpty()) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw bad("'" + pair + "' in '" + original + "' is not name=value");
                }
                kv.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
            }
        }
        return of(original, kv);
    }

    private static String hostOf(String hostPort) {
        if (hostPort.startsWith("[")) {
            int end = hostPort.indexOf(']');
            return end > 0 ? hostPort.substring(1, end) : hostPort;
        }
        int colon = hostPort.lastIndexOf(':');
        return decode(colon >= 0 ? hostPort.substring(0, colon) : hostPort);
    }

    private static String portOf(String original, String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        int bracket = hostPort.lastIndexOf(']');
        if (colon < 0 || colon < bracket) {
            return "";
        }
        return hostPort.substring(colon + 1);
    }

    private static TeamUrl fromKeywords(String original, String text) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String pair : text.split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw bad("'" + pair + "' in '" + original + "' is not name=value");
            }
            String value = pair.substring(eq + 1);
            if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                value = value.substring(1, value.length() - 1);
            }
            kv.put(pair.substring(0, eq).toLowerCase(Locale.ROOT), value);
        }
        return of(original, kv);
    }

    private static TeamUrl of(String original, Map<String, String> kv) {
        if (kv.containsKey("password")) {
            throw passwordGiven();
        }
        String host = kv.getOrDefault("host", "");
        if (host.isEmpty()) {
            host = "localhost";
        }
        int port = 5432;
        String p = kv.getOrDefault("port", "");
        if (!p.isEmpty()) {
            try {
                port = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw bad("the port '" + p + "' in '" + original + "' is not a port number");
            }
        }
        String database = kv.getOrDefault("dbname", "");
        String user = kv.getOrDefault("user", "");
        if (user.isEmpty()) {
            user = System.getProperty("user.name", "");
        }
        if (database.isEmpty()) {
            database = user; // libpq's default: the database named after the user
        }
        if (database.isEmpty()) {
            throw bad("'" + original + "' names no database");
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : kv.entrySet()) {
            String name = e.getKey();
            if (Set.of("host", "port", "dbname", "user").contains(name)) {
                continue;
            }
            if (!PARAMS.contains(name)) {
                throw bad("'" + name + "' in '" + original + "' is not a connection setting eagle-mem knows (it knows "
                        + String.join(", ", PARAMS.stream().sorted().toList()) + ")");
            }
            params.put(name, e.getValue());
        }
        String sslmode = params.getOrDefault("sslmode", DEFAULT_SSLMODE);
        if (!SSLMODES.contains(sslmode)) {
            throw bad("sslmode '" + sslmode + "' is not one of " + String.join(", ", SSLMODES.stream().sorted().toList()));
        }
        params.put("sslmode", sslmode);
        return new TeamUrl(host, port, database, user, params);
    }

    /** The URL to show and to store: never a password (there is none). */
    public String display() {
        StringBuilder out = new StringBuilder("postgresql://");
        if (!user.isEmpty()) {
            out.append(user).append('@');
        }
        out.append(host.contains(":") ? "[" + host + "]" : host).append(':').append(port).append('/').append(database);
        String sep = "?";
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(params).entrySet()) {
            out.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = "&";
        }
        return out.toString();
    }

    /** pgjdbc's URL (its parameter names are libpq's for what we pass). */
    public String jdbcUrl() {
        StringBuilder out = new StringBuilder("jdbc:postgresql://").append(host.contains(":") ? "[" + host + "]" : host)
                .append(':').append(port).append('/').append(java.net.URLEncoder.encode(database, StandardCharsets.UTF_8));
        String sep = "?";
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(params).entrySet()) {
            String name = e.getKey().equals("connect_timeout") ? "connectTimeout"
                    : e.getKey().equals("application_name") ? "ApplicationName" : e.getKey();
            out.append(sep).append(name).append('=').append(java.net.URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8));
            sep = "&";
        }
        return out.toString();
    }

    public String sslmode() {
        return params.getOrDefault("sslmode", DEFAULT_SSLMODE);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static EagleException passwordGiven() {
        return EagleException.invalidInput("the URL carries a password; eagle-mem never takes one on the command line"
                + " (it would stay in your shell history and in ps)",
                "drop it from the URL and give it by PGPASSWORD, a"
                        + " ~/.pgpass line, or: eagle-mem team connect URL --password-stdin");
    }

    private static EagleException bad(String what) {
        return EagleException.invalidInput(what, "give a libpq URL, e.g. eagle-mem team connect " + EXAMPLE);
    }
}
