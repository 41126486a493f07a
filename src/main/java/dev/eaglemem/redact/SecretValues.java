package dev.eaglemem.redact;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a literal secret value looks like, as opposed to a placeholder, a reference to where the secret really lives,
 * or a keyword. Rules that match on names ({@code TOKEN=…}, {@code Authorization: …}) ask here before replacing, so
 * documentation and code that merely <em>handle</em> secrets stay readable.
 */
final class SecretValues {

    private static final Set<String> KEYWORDS = Set.of(
            "true", "false", "null", "nil", "none", "undefined", "yes", "no", "on", "off", "empty", "required",
            "optional", "disabled", "enabled");
    // Schemes and auth modes: "auth: ldap", "credentials: 'include'" (fetch), "Authorization: Bearer" (no token).
    private static final Set<String> MODES = Set.of(
            "include", "omit", "same-origin", "basic", "bearer", "digest", "token", "oauth", "oauth2", "oidc", "saml",
            "jwt", "ldap", "local", "kerberos", "ntlm", "negotiate", "anonymous", "password", "apikey", "api_key",
            "api-key", "mtls", "cert", "certificate", "iam", "sso");
    // Type names after a colon are annotations, not values: "password: string", "token: str".
    private static final Set<String> TYPE_NAMES = Set.of(
            "string", "str", "number", "boolean", "bool", "int", "integer", "long", "char", "bytes", "byte", "any",
            "unknown", "object", "secretstr", "secretbytes", "securestring", "text", "varchar", "charsequence");
    private static final List<String> REFERENCE_PREFIXES = List.of(
            "process.env", "import.meta.env", "os.environ", "os.getenv", "getenv(", "system.getenv", "env[", "env.",
            "env(", "secrets.", "vars.", "op://", "vault:", "arn:aws:secretsmanager:", "keyring:", "[redacted");
    private static final Pattern PLACEHOLDER = Pattern.compile(
            "\\$[{(A-Za-z_].*" // ${VAR}, $(cmd), $VAR
                    + "|\\{\\{.*|\\{[A-Za-z_][\\w.]*+(?:[\\[(}].*)?" // {{ template }}, {token}, {first['token']}
                    + "|%[A-Za-z_][\\w.]*%|%s|%\\(.*" // %VAR%, printf
                    + "|<[^<>]*>" // <your-token>
                    + "|![A-Za-z].*" // YAML tags: !vault, !secret, !env
                    + "|[*xX.•#_-]+" // ***, xxxxxxxx, ...
                    + "|(?i:(?:your|insert|replace|enter)[-_ ].*)",
            Pattern.DOTALL);
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z_$]*+(?:\\.[A-Za-z_$][A-Za-z_$]*+)*+");
    // Member access, digits allowed in short segments: Base64.getUrlEncoder, self.token, config.db2.password.
    private static final Pattern MEMBER_ACCESS = Pattern
            .compile("[A-Za-z_$](?:[A-Za-z_$]++|[0-9]){0,40}+(?:\\.[A-Za-z_$](?:[A-Za-z_$]++|[0-9]){0,40}+)++");
    // scheme://[user@]host…: a URL whose userinfo holds no password (jdbc:postgresql://db:5432/app).
    private static final Pattern URL_WITHOUT_PASSWORD = Pattern
            .compile("(?:[A-Za-z][A-Za-z0-9+.-]*+:)*+//[^:@/\\s]*+@?[^@\\s]*+");
    private static final Pattern WINDOWS_PATH = Pattern.compile("[A-Za-z]:\\\\.*");
    private static final Pattern SMALL_NUMBER = Pattern.compile("[0-9]{1,5}(?:\\.[0-9]+)?");

    private SecretValues() {
    }

    /** Not a secret whatever the name says: empty, a keyword, a placeholder, a reference, or already redacted. */
    static boolean isPlaceholder(String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            return true;
        }
        String lower = v.toLowerCase(Locale.ROOT);
        if (KEYWORDS.contains(lower) || PLACEHOLDER.matcher(v).matches()) {
            return true;
        }
        for (String prefix : REFERENCE_PREFIXES) {
            if (lower.startsWith(prefix)) {
                return true;
            }
        }
        return v.chars().noneMatch(Character::isLetterOrDigit);
    }

    static boolean isMode(String value) {
        return MODES.contains(value.strip().toLowerCase(Locale.ROOT));
    }

    static boolean isTypeName(String value) {
        return TYPE_NAMES.contains(value.strip().toLowerCase(Locale.ROOT));
    }

    /** A variable or member reference without digits ({@code password}, {@code config.apiKey}); never random. */
    static boolean isIdentifier(String value) {
        return IDENTIFIER.matcher(value).matches();
    }

    /**
     * {@code a.b.c} where no segment looks generated (segments holding digits stay short). Secrets that contain dots
     * (JWTs, SendGrid keys) have rules of their own.
     */
    static boolean isMemberAccess(String value) {
        if (!MEMBER_ACCESS.matcher(value).matches()) {
            return false;
        }
        for (String segment : value.split("\\.")) {
            if (hasDigit(segment) && segment.length() > 12) {
                return false;
            }
        }
        return true;
    }

    static boolean isUrlWithoutPassword(String value) {
        return value.contains("://") && URL_WITHOUT_PASSWORD.matcher(value).matches();
    }

    /** Ports, counts, limits: "token: 100", "auth: 0". Numeric passwords are caught when quoted. */
    static boolean isSmallNumber(String value) {
        return SMALL_NUMBER.matcher(value).matches();
    }

    /** Short lower-case words are modes and enum values far more often than secrets: {@code auth: local}. */
    static boolean isShortWord(String value) {
        return value.length() < 6 && value.chars().allMatch(c -> c >= 'a' && c <= 'z');
    }

    static boolean isPath(String value) {
        return value.startsWith("/") || value.startsWith("~") || value.startsWith("./")
                || WINDOWS_PATH.matcher(value).matches();
    }

    /** Plain letters only, any case: a word or a metavariable ({@code TOKEN}), not a generated credential. */
    static boolean isWord(String value) {
        return value.chars().allMatch(Character::isLetter);
    }

    /** Token-shaped enough to replace without a secret-looking name in front: has digits, or mixes case at length. */
    static boolean looksLikeToken(String value) {
        if (value.length() < 10 || isPlaceholder(value)) {
            return false;
        }
        return hasDigit(value) || value.length() >= 16 && hasUpper(value) && hasLower(value);
    }

    static boolean hasDigit(String s) {
        return s.chars().anyMatch(c -> c >= '0' && c <= '9');
    }

    static boolean hasUpper(String s) {
        return s.chars().anyMatch(c -> c >= 'A' && c <= 'Z');
    }

    static boolean hasLower(String s) {
        return s.chars().anyMatch(c -> c >= 'a' && c <= 'z');
    }
}
