package dev.eaglemem.redact;

import java.util.List;

/**
 * The built-in rule table. Order matters only for ties: when two rules replace exactly the same span, the earlier
 * one names it (so a JWT in an {@code Authorization} header is reported, and marked, as a JWT).
 *
 * <p>Every repetition is possessive or bounded: the same rules run on 20-character commands on a hook's hot path and
 * on megabyte transcripts, and a backtracking regex there would stall the agent.
 */
final class SecretRules {

    /** Start of a token: not glued to a preceding token character. */
    private static final String B = "(?<![A-Za-z0-9_-])";
    /** End of a token, for fixed-length shapes. */
    private static final String E = "(?![A-Za-z0-9_-])";

    static final List<Detector> BUILT_IN = List.of(
            // Whole block, body included; an unterminated block runs to the end of the text (fail safe).
            PatternRule.of(Finding.PRIVATE_KEY,
                    "-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----(?s:.*?)"
                            + "(?:-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|\\z)")
                    .when("PRIVATE KEY"),
            PatternRule.of(Finding.JWT,
                    B + "eyJ[A-Za-z0-9_-]{10,}+\\.[A-Za-z0-9_-]{2,}+\\.[A-Za-z0-9_-]*+")
                    .when("eyJ"),
            ProviderTokens.INSTANCE,
            HexKeys.INSTANCE,
            // Webhook URLs are credentials in their path; keep the host so the text still says what it was.
            PatternRule.of("slack-webhook",
                    "https://hooks\\.slack\\.com/(?:services|workflows|triggers)/(?<secret>[A-Za-z0-9_/-]{16,}+)")
                    .when("hooks.slack.com"),
            PatternRule.of("discord-webhook",
                    "https://(?:[a-z]+\\.)?discord(?:app)?\\.com/api/webhooks/"
                            + "(?<secret>[0-9]{5,}+/[A-Za-z0-9_-]{20,}+)")
                    .when("discord"),
            PatternRule.of("microsoft-teams-webhook",
                    "https://(?:[A-Za-z0-9-]++\\.webhook\\.office\\.com/webhookb2"
                            + "|outlook\\.office(?:365)?\\.com/webhook)/(?<secret>[A-Za-z0-9@/_-]{40,}+)")
                    .when("webhook.office.com", "office.com/webhook"),
            // Shapes whose literal sits inside the token rather than at its start, so ProviderTokens cannot index them.
            PatternRule.of("vault-token", B + "[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}+")
                    .when(".atlasv1."),
            // Hinted by the data-centre suffix with its digit: "-us" alone is in every "-user" and "-use".
            PatternRule.of("mailchimp-key", B + "[0-9a-f]{32}-us[0-9]{1,2}" + E)
                    .when("-us1", "-us2", "-us3", "-us4", "-us5", "-us6", "-us7", "-us8", "-us9"),
            PatternRule.of("azure-client-secret",
                    "(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])")
                    .when("Q~"),
            PatternRule.of("maxmind-key", B + "[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk" + E)
                    .when("_mmk"),
            PatternRule.of("telegram-bot-token",
                    "(?<![A-Za-z0-9])(?:bot)?(?<secret>[0-9]{8,10}:AA[A-Za-z0-9_-]{33})" + E)
                    .when(":AA"),
            // The password goes, the user and host stay: postgres://app:[REDACTED]@db/prod. The last "@" before the
            // path wins, so an unencoded "@" inside the password does not leave its tail behind. Anchored on "://"
            // rather than on the scheme, which would mean trying a scheme at every position of the text.
            PatternRule.of("url-credentials",
                    "://[^\\s/:@\"'<>]{0,200}+:(?<secret>[^\\s/\"'<>]{1,500})@",
                    v -> !SecretValues.isPlaceholder(v))
                    .when("://"),
            PatternRule.of("authorization-header",
                    "(?i)(?<![A-Za-z0-9_-])(?:proxy-)?authorization\\\\?[\"']?[ \\t]*+[:=][ \\t]*+(?:f?\\\\?[\"'`])?"
                            + "(?:(?:bearer|basic|token|bot|apikey|api-key|key|sso-key|negotiate|ntlm|dpop|aws4-hmac-sha256)"
                            + "[ \\t]++)?(?<secret>[^\\s\"'`\\\\,;]++)",
                    v -> !SecretValues.isPlaceholder(v) && !SecretValues.isMode(v) && !SecretValues.isWord(v))
                    .when("uthorization", "UTHORIZATION"),
            // Without a header name "Bearer" is also an English word, so the token has to look generated.
            PatternRule.of("bearer-token",
                    "(?<![A-Za-z0-9_-])(?:Bearer|bearer|BEARER)[ \\t]++(?<secret>[A-Za-z0-9._~+/=-]{8,}+)",
                    SecretValues::looksLikeToken)
                    .when("earer", "EARER"),
            // Each cookie value goes, names and Set-Cookie attributes stay; \G continues along the same header.
            PatternRule.of("cookie",
                    "(?:(?i:(?<![A-Za-z0-9_-])(?:set-)?cookie)[\"']?[ \\t]*+:[ \\t]*+[\"']?|\\G;[ \\t]*+)"
                            + "(?!(?i:path|domain|expires|max-age|samesite|secure|httponly|priority|partitioned)=)"
                            + "[^=\\s;\"',]{1,64}+=(?<secret>[^;\\s\"',]++)",
                    v -> !SecretValues.isPlaceholder(v) && !SecretValues.isShortWord(v))
                    .when("ookie:", "ookie\":", "ookie':", "OOKIE:"),
            // curl -u user:password. The user must look like one, so "date -u +%H:%M" is not a credential, and
            // numeric pairs are docker's -u uid:gid.
            PatternRule.of("basic-auth-cli",
                    "(?<![A-Za-z0-9_-])(?:-u|--user)(?:[ \\t]++|=)[\"']?[A-Za-z0-9._~-]{0,64}+:"
                            + "(?<secret>[^\\s\"'@]++)",
                    v -> !SecretValues.isPlaceholder(v) && !v.chars().allMatch(Character::isDigit))
                    .when("-u"),
            // "-p" is far too generic on its own; these are the commands where it is known to carry a password.
            cliPassword("\\bsshpass[ \\t]++-p[ \\t]*+", "sshpass"),
            cliPassword("\\bdocker[ \\t]++login\\b[^\\r\\n]{0,200}?[ \\t]-p[ \\t]++", "login"),
            cliPassword("\\bmysql(?:dump|admin)?\\b[^\\r\\n]{0,200}?[ \\t]-p", "mysql"),
            cliPassword("[ \\t]-(?:src|dest)?(?:storepass|keypass)[ \\t]++", "storepass", "keypass"),
            cliPassword("\\bpass:", "pass:"),
            PatternRule.of("sql-password",
                    "(?i)\\b(?:IDENTIFIED[ \\t]++BY|PASSWORD)[ \\t]++(?<q>['\"])(?<secret>[^'\"\\r\\n]++)\\k<q>",
                    v -> !SecretValues.isPlaceholder(v))
                    .when("dentified", "DENTIFIED", "assword", "ASSWORD"),
            PatternRule.of("netrc-password",
                    "\\bmachine\\s++\\S++(?:\\s++(?:login|account)\\s++\\S++)*+\\s++password\\s++(?<secret>\\S++)")
                    .when("machine"),
            Assignments.INSTANCE);

    private SecretRules() {
    }

    /** The word after a command's password option, e.g. "mysql … -pSECRET". */
    private static PatternRule cliPassword(String commandRegex, String... hints) {
        return PatternRule.of("cli-password", commandRegex + "[\"']?(?<secret>[^\\s\"']++)",
                v -> !SecretValues.isPlaceholder(v) && !v.chars().allMatch(Character::isDigit)).when(hints);
    }
}
