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
            PatternRule.of("anthropic-key", B + "sk-ant-[a-z]{2,10}[0-9]{0,3}-[A-Za-z0-9_-]{20,}+")
                    .when("sk-ant-"),
            // "sk-" alone is common in names (sk-learn-style slugs); real OpenAI keys always mix case and digits.
            PatternRule.of("openai-key", B + "sk-[A-Za-z0-9_-]{20,}+",
                    v -> SecretValues.hasDigit(v) && SecretValues.hasUpper(v) && SecretValues.hasLower(v))
                    .when("sk-"),
            PatternRule.of("github-token", B + "(?:gh[pousr]_[A-Za-z0-9]{30,}+|github_pat_[A-Za-z0-9_]{40,}+)")
                    .when("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            PatternRule.of("gitlab-token", B + "gl(?:pat|dt|rt|ptt|soat|cbt|ft|imt|agent|oas)-[A-Za-z0-9_-]{20,}+")
                    .when("glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-", "glft-", "glimt-", "glagent-",
                            "gloas-"),
            PatternRule.of("aws-access-key-id", "(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])")
                    .when("AKIA", "ASIA", "ABIA", "ACCA"),
            PatternRule.of("slack-token", B + "(?:xox[abposer]-[A-Za-z0-9-]{10,}+|xapp-[0-9]-[A-Za-z0-9-]{10,}+)")
                    .when("xox", "xapp-"),
            // Webhook URLs are credentials in their path; keep the host so the text still says what it was.
            PatternRule.of("slack-webhook",
                    "https://hooks\\.slack\\.com/(?:services|workflows|triggers)/(?<secret>[A-Za-z0-9_/-]{16,}+)")
                    .when("hooks.slack.com"),
            PatternRule.of("discord-webhook",
                    "https://(?:[a-z]+\\.)?discord(?:app)?\\.com/api/webhooks/"
                    + "(?<secret>[0-9]{5,}+/[A-Za-z0-9_-]{20,}+)")
                    .when("discord"),
            PatternRule.of("stripe-key",
                    B + "(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}+|whsec_[A-Za-z0-9+/=]{20,}+)")
                    .when("k_live_", "k_test_", "whsec_"),
            PatternRule.of("google-credential",
                    B + "(?:AIza[0-9A-Za-z_-]{35}" + E + "|GOCSPX-[A-Za-z0-9_-]{20,}+|ya29\\.[A-Za-z0-9_-]{20,}+)")
                    .when("AIza", "GOCSPX-", "ya29."),
            PatternRule.of("npm-token", B + "npm_[A-Za-z0-9]{36}" + E)
                    .when("npm_"),
            PatternRule.of("pypi-token", B + "pypi-Ag[A-Za-z0-9_-]{50,}+")
                    .when("pypi-Ag"),
            PatternRule.of("huggingface-token", B + "hf_[A-Za-z0-9]{30,}+",
                    v -> SecretValues.hasUpper(v) && SecretValues.hasLower(v))
                    .when("hf_"),
            PatternRule.of("sendgrid-key", B + "SG\\.[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{30,64}" + E)
                    .when("SG."),
            // Twilio API key SIDs are plain hex, indistinguishable from digests unless something assigns them.
            PatternRule.of("twilio-api-key",
                    "(?:[:=]|=>)[ \\t]*+[\"']?(?<secret>SK[0-9a-fA-F]{32})(?![A-Za-z0-9])")
                    .when("SK"),
            PatternRule.of("telegram-bot-token",
                    "(?<![A-Za-z0-9])(?:bot)?(?<secret>[0-9]{8,10}:AA[A-Za-z0-9_-]{33})" + E)
                    .when(":AA"),
            PatternRule.of("provider-token", B + "(?:xai-[A-Za-z0-9]{60,}+|gsk_[A-Za-z0-9]{40,}+|r8_[A-Za-z0-9]{30,}+"
                    + "|lin_api_[A-Za-z0-9]{30,}+|dop_v1_[a-f0-9]{64}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"
                    + "|glc_[A-Za-z0-9+/=_-]{30,}+|sntry[su]_[A-Za-z0-9+/=_-]{30,}+|PMAK-[a-f0-9]{24}-[a-f0-9]{34}"
                    + "|dapi[a-f0-9]{32}|AGE-SECRET-KEY-1[0-9A-Z]{58}|ATATT3[A-Za-z0-9_=-]{50,}+"
                    + "|dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,}+|pul-[a-f0-9]{40}"
                    + "|[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,}+|sq0(?:atp|csp)-[A-Za-z0-9_-]{22,}+"
                    + "|NRAK-[A-Z0-9]{27}|figd_[A-Za-z0-9_-]{30,}+)" + E)
                    .when("xai-", "gsk_", "r8_", "lin_api_", "dop_v1_", "shp", "glc_", "sntry", "PMAK-", "dapi",
                            "AGE-SECRET-KEY-", "ATATT3", "dp.", "pul-", ".atlasv1.", "sq0", "NRAK-", "figd_"),
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
