package dev.eaglemem.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Provider credentials with a fixed shape: a literal prefix ({@code ghp_}, {@code glpat-}, {@code xoxb-},
 * {@code AKIA}) and a body of known alphabet and length. Such a token is a secret wherever it appears, with or without
 * a name in front, so the whole token is replaced.
 *
 * <p>The list was checked against gitleaks' default rule set: each rule there whose secret has a distinctive prefix
 * has a shape here (written for this table, not copied). Left out on purpose: rules that recognise a value only by a
 * provider name near it ("heroku … &lt;uuid&gt;", "twitter … &lt;45 chars&gt;"); prefix-less hex shapes (bare
 * Sourcegraph and Mailgun signing keys, legacy Vault {@code s.} tokens), which as shapes are digests and ids; and
 * keys meant to be public (Mailgun {@code pubkey-}, Flutterwave {@code FLWPUBK}). Such values are still caught
 * when a secret-looking name assigns them ({@link Assignments}) or when they look generated
 * ({@link EntropyDetector}). Shapes whose literal sits inside the token ({@code .atlasv1.}, Mailchimp's
 * {@code -us21}, Azure's {@code Q~}) are regex rules in {@link SecretRules}.
 *
 * <p>One pass for all shapes instead of one regex per provider: every shape starts at a token start with a literal,
 * so the scan looks at token starts only, picks the few shapes whose prefix begins with the two characters there,
 * and runs an anchored {@code lookingAt} only where {@code startsWith} already matched. The cost is one loop over
 * the characters however many shapes there are, instead of one full-text search per prefix.
 */
final class ProviderTokens implements Detector {

    static final ProviderTokens INSTANCE = new ProviderTokens();

    /** AWS key ids also count right after "_" or "-" ({@code KEY-AKIA…}); other prefixes must start a token. */
    private static final String TOKEN_CHARS = "_-";
    private static final String E = "(?![A-Za-z0-9_-])";

    private static final List<Group> GROUPS = List.of(
            shape("anthropic-key", "[a-z]{2,10}[0-9]{0,3}-[A-Za-z0-9_-]{20,}+", "sk-ant-"),
            shape("provider-token", "[0-9a-f]{64}" + E, "sk-or-v1-"),
            // "sk-" alone is common in names (sk-learn-style slugs); OpenAI keys always mix case and digits.
            shape("openai-key", "[A-Za-z0-9_-]{20,}+", "sk-").accepting(ProviderTokens::mixed),
            // The hex-only "sk-" keys (DeepSeek and others) that the mixed-case test above lets through.
            shape("provider-token", "[0-9a-f]{32}" + E, "sk-"),
            shape("github-token", "[A-Za-z0-9]{30,}+", "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
            shape("github-token", "[A-Za-z0-9_]{40,}+", "github_pat_"),
            // Routable tokens end in ".<2-char version><7-char check>"; the suffix belongs to the token.
            shape("gitlab-token", "[A-Za-z0-9_-]{20,}+(?:\\.[0-9a-z]{9}" + E + ")?",
                    "glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-", "glft-", "glimt-", "glagent-",
                    "gloas-", "glffct-", "GR1348941"),
            shape("gitlab-token", "[0-9a-z]{32}" + E, "_gitlab_session=").keepingPrefix(),
            shape("aws-access-key-id", "[A-Z0-9]{16}(?![A-Za-z0-9])", "AKIA", "ASIA", "ABIA", "ACCA")
                    .gluedTo(TOKEN_CHARS),
            shape("aws-access-key-id", "[A-Z0-9]{17}(?![A-Za-z0-9])", "A3T").gluedTo(TOKEN_CHARS),
            shape("aws-bedrock-key", "[A-Za-z0-9+/]{109,269}+={0,2}", "ABSK"),
            shape("aws-bedrock-key", "[A-Za-z0-9+/=%_-]{40,}+", "bedrock-api-key-"),
            shape("slack-token", "[abposer]-[A-Za-z0-9-]{10,}+", "xox"),
            shape("slack-token", "xox[bp]-[A-Za-z0-9-]{10,}+", "xoxe."),
            shape("slack-token", "[0-9]-[A-Za-z0-9-]{10,}+", "xapp-"),
            shape("stripe-key", "[A-Za-z0-9]{16,}+",
                    "sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_"),
            shape("stripe-key", "[A-Za-z0-9+/=]{20,}+", "whsec_"),
            shape("google-credential", "[0-9A-Za-z_-]{35}" + E, "AIza"),
            shape("google-credential", "[A-Za-z0-9_-]{20,}+", "GOCSPX-", "ya29."),
            shape("npm-token", "[A-Za-z0-9]{36}" + E, "npm_"),
            shape("pypi-token", "[A-Za-z0-9_-]{50,}+", "pypi-Ag"),
            shape("huggingface-token", "[A-Za-z0-9]{30,}+", "hf_")
                    .accepting(v -> SecretValues.hasUpper(v) && SecretValues.hasLower(v)),
            shape("huggingface-token", "[A-Za-z]{34}" + E, "api_org_"),
            shape("sendgrid-key", "[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{30,64}" + E, "SG."),
            shape("sendgrid-key", "[a-f0-9]{64}-[A-Za-z0-9]{16}" + E, "xkeysib-"),
            // Twilio key SIDs: "SK" and lower-case hex. A digest never holds an S or a K, so this shape is not one.
            shape("twilio-api-key", "[0-9a-f]{32}" + E, "SK"),
            shape("mailgun-key", "[a-f0-9]{32}" + E, "key-"),
            shape("vault-token", "[A-Za-z0-9_-]{60,}+", "hvs.", "hvb.", "hvr."),
            shape("grafana-token", "[A-Za-z0-9+/=_-]{30,}+", "glc_"),
            shape("grafana-token", "[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}" + E, "glsa_"),
            shape("grafana-token", "[A-Za-z0-9]{70,400}+={0,3}", "eyJrIjoi"),
            shape("1password-token", "[A-Za-z0-9+/]{250,}+={0,3}", "ops_eyJ"),
            shape("1password-token",
                    "[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}" + E,
                    "A3-"),
            shape("provider-token", "[A-Za-z0-9]{60,}+", "xai-"),
            shape("provider-token", "[A-Za-z0-9]{40,}+", "gsk_"),
            shape("provider-token", "[A-Za-z0-9]{30,}+", "r8_", "lin_api_"),
            shape("provider-token", "[A-Za-z0-9]{48}" + E, "pplx-"),
            shape("provider-token", "[a-f0-9]{64}" + E, "dop_v1_", "doo_v1_", "dor_v1_", "s-s4t2ud-", "s-s4t2af-"),
            shape("provider-token", "[a-fA-F0-9]{32}" + E, "shpat_", "shpca_", "shppa_", "shpss_"),
            shape("provider-token", "[A-Za-z0-9+/=_-]{30,}+", "sntrys_", "sntryu_"),
            shape("provider-token", "[a-fA-F0-9]{24}-[a-fA-F0-9]{34}" + E, "PMAK-"),
            shape("provider-token", "[a-f0-9]{32}(?:-[0-9])?" + E, "dapi"),
            shape("provider-token", "[0-9A-Z]{58}" + E, "AGE-SECRET-KEY-1"),
            shape("provider-token", "[A-Za-z0-9_=-]{50,}+", "ATATT3"),
            shape("provider-token", "(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,}+", "dp."),
            shape("provider-token", "[a-f0-9]{40}" + E, "pul-", "squ_", "sqp_", "sqa_"),
            shape("provider-token", "[a-fA-F0-9]{40}" + E, "shippo_live_", "shippo_test_"),
            shape("provider-token", "[A-Za-z0-9_-]{22,}+", "sq0atp-", "sq0csp-"),
            shape("provider-token", "[A-Za-z0-9_-]{22,60}" + E, "EAAA")
                    .accepting(v -> SecretValues.hasLower(v) && SecretValues.hasDigit(v)),
            shape("provider-token", "[A-Za-z0-9]{100,}+", "EAAC", "EAAM"),
            shape("provider-token", "[A-Z0-9]{27}" + E, "NRAK-"),
            shape("provider-token", "[a-f0-9]{19}" + E, "NRJS-"),
            shape("provider-token", "[A-Za-z0-9_-]{32}" + E, "NRII-"),
            shape("provider-token", "[A-Za-z0-9_-]{30,}+", "figd_"),
            shape("provider-token", "[A-Za-z0-9]{32}" + E, "p8e-", "ico-"),
            shape("provider-token", "[A-Za-z0-9]{14}\\.[a-f0-9]{64}" + E, "pat"),
            shape("provider-token", "[A-Za-z0-9]{20}" + E, "LTAI"),
            shape("provider-token", "[A-Za-z0-9]{69}" + E, "AKCp"),
            shape("provider-token", "[A-Za-z0-9]{59}" + E, "cmVmd"),
            shape("provider-token", "[A-Za-z0-9]{38}" + E, "4b1d").accepting(ProviderTokens::mixed),
            shape("provider-token", "[A-Za-z0-9]{60}" + E, "CLOJARS_"),
            shape("provider-token", "[a-f0-9]{24}-[a-f0-9]{146}" + E, "v1.0-"),
            shape("provider-token", "[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}" + E, "dnkey-"),
            shape("provider-token", "[A-Za-z0-9_=-]{43}" + E, "duffel_live_", "duffel_test_"),
            shape("provider-token", "[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}" + E, "dt0c01."),
            shape("provider-token", "[A-Za-z0-9]{54}" + E, "EZAK", "EZTK"),
            shape("provider-token", "[a-hA-H0-9]{12}(?:[a-hA-H0-9]{20}-X)?" + E, "FLWSECK_TEST-", "FLWSECK-"),
            shape("provider-token", "[A-Za-z0-9_-]{43}" + E, "fo1_", "sha256~"),
            shape("provider-token", "[A-Za-z0-9+/]{100,}+={0,3}", "fm1a_", "fm1r_", "fm2_"),
            shape("provider-token", "[A-Za-z0-9_=-]{64}" + E, "fio-u-"),
            shape("provider-token", "[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}" + E, "pat.", "sat."),
            shape("provider-token", "[A-Za-z0-9_-]{58}" + E, "HRKU-AA"),
            shape("provider-token", "[0-9]{11}[A-Za-z0-9]{35}" + E, "ntn_"),
            // Notion's older "secret_…" tokens; the word alone is common, so the body must look generated.
            shape("provider-token", "[A-Za-z0-9]{43}" + E, "secret_").accepting(ProviderTokens::mixed),
            shape("provider-token", "[A-Z0-9]{26}" + E, "API-")
                    .accepting(v -> SecretValues.hasDigit(v.substring(4)) && SecretValues.hasUpper(v.substring(4))),
            shape("provider-token", "[A-Za-z0-9_=.-]{32,64}+(?![A-Za-z0-9_=.-])",
                    "pscale_tkn_", "pscale_oauth_", "pscale_pw_"),
            shape("provider-token", "[A-Za-z0-9]{36}" + E, "pnu_"),
            shape("provider-token", "[a-z0-9]{70}" + E, "rdme_"),
            shape("provider-token", "[a-f0-9]{48}" + E, "rubygems_"),
            shape("provider-token", "[A-Za-z0-9_-]{48}" + E, "tk-us-"),
            shape("provider-token", "[A-Za-z0-9]{16}" + E, "sm_pat_", "sm_aat_", "sm_sat_"),
            shape("provider-token", "(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}" + E, "sgp_"),
            shape("provider-token", "[A-Za-z0-9_.=-]{59}(?![A-Za-z0-9_.=-])", "tfp_"),
            shape("provider-token", "[A-Za-z0-9_-]{35,38}" + E, "AQVN"),
            shape("provider-token", "[A-Za-z0-9_=-]{130,}+", "sl."),
            // Twitter/X app bearer tokens open with 22 "A"s (zero bytes before the app id).
            shape("provider-token", "[A-Za-z0-9%]{80,100}+" + E, "A".repeat(22)),
            // A JWT base64-encoded once more ("eyJ" → "ZXlK"), as k8s secrets and CI variables hold them.
            shape("provider-token", "[A-Za-z0-9+/]{60,}+={0,2}", "ZXlK"),
            shape("provider-token",
                    "[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}+",
                    "sc_", "ext_", "scauth_", "authress_"));

    private static final List<Shape> SHAPES = expand(GROUPS);
    /** Shapes by the first two characters of their prefix, in table order (earlier shapes are tried first). */
    private static final Shape[][] BY_FIRST_TWO = index(SHAPES);

    /**
     * Token shapes that share a body: one line of the table.
     *
     * @param rule        reported in {@link Finding#rule()}
     * @param body        what follows the prefix, matched anchored right after it
     * @param prefixes    the literals a token starts with
     * @param accepts     second look at the whole token, for what the regex cannot say cheaply (mixed case)
     * @param gluedTo     token characters that may still stand right before the prefix
     * @param keepsPrefix the prefix is a name ({@code _gitlab_session=}), so only the body is replaced
     */
    private record Group(String rule, Pattern body, List<String> prefixes, Predicate<String> accepts, String gluedTo,
            boolean keepsPrefix) {

        Group accepting(Predicate<String> test) {
            return new Group(rule, body, prefixes, test, gluedTo, keepsPrefix);
        }

        Group gluedTo(String chars) {
            return new Group(rule, body, prefixes, accepts, chars, keepsPrefix);
        }

        Group keepingPrefix() {
            return new Group(rule, body, prefixes, accepts, gluedTo, true);
        }
    }

    /** One prefix of a group; {@code group} indexes {@link #GROUPS}, which holds one matcher slot per group. */
    private record Shape(int group, String prefix) {
    }

    private static Group shape(String rule, String body, String... prefixes) {
        return new Group(rule, Pattern.compile(body), List.of(prefixes), v -> true, "", false);
    }

    private ProviderTokens() {
    }

    /** Every literal the table knows, for tests that want one sample per shape. */
    static List<String> prefixes() {
        return SHAPES.stream().map(Shape::prefix).toList();
    }

    @Override
    public void find(String text, List<Finding> sink) {
        int n = text.length();
        Matcher[] matchers = null;
        for (int i = 0; i + 1 < n; i++) {
            char previous = i > 0 ? text.charAt(i - 1) : ' ';
            // Inside a word no shape can start; only "_" and "-" may stand before a glued one (KEY-AKIA…).
            if (isTokenChar(previous) && previous != '_' && previous != '-') {
                continue;
            }
            Shape[] candidates = BY_FIRST_TWO[index(text.charAt(i), text.charAt(i + 1))];
            if (candidates == null) {
                continue;
            }
            for (Shape shape : candidates) {
                Group group = GROUPS.get(shape.group());
                if (isTokenChar(previous) && group.gluedTo().indexOf(previous) < 0
                        || !text.startsWith(shape.prefix(), i)) {
                    continue;
                }
                if (matchers == null) {
                    matchers = new Matcher[GROUPS.size()];
                }
                int end = end(group, shape, text, i, matchers);
                if (end > 0) {
                    sink.add(new Finding(group.rule(), group.keepsPrefix() ? i + shape.prefix().length() : i, end));
                    i = end - 1;
                    break;
                }
            }
        }
    }

    /** Where the token that starts at {@code start} ends, or -1 when the body does not match or is not accepted. */
    private static int end(Group group, Shape shape, String text, int start, Matcher[] matchers) {
        Matcher m = matchers[shape.group()];
        if (m == null) {
            m = group.body().matcher(text);
            matchers[shape.group()] = m;
        }
        m.region(start + shape.prefix().length(), text.length());
        return m.lookingAt() && group.accepts().test(text.substring(start, m.end())) ? m.end() : -1;
    }

    private static boolean isTokenChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-';
    }

    /** Upper case, lower case and digits: generated, not a word or a slug. */
    private static boolean mixed(String value) {
        return SecretValues.hasDigit(value) && SecretValues.hasUpper(value) && SecretValues.hasLower(value);
    }

    private static List<Shape> expand(List<Group> groups) {
        List<Shape> shapes = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            for (String prefix : groups.get(g).prefixes()) {
                shapes.add(new Shape(g, prefix));
            }
        }
        return List.copyOf(shapes);
    }

    /** Slot of a two-character start in {@link #BY_FIRST_TWO}; characters beyond ASCII share the last slot. */
    private static int index(char first, char second) {
        return Math.min(first, 127) * 128 + Math.min(second, 127);
    }

    private static Shape[][] index(List<Shape> shapes) {
        Shape[][] table = new Shape[128 * 128][];
        for (Shape shape : shapes) {
            int slot = index(shape.prefix().charAt(0), shape.prefix().charAt(1));
            Shape[] bucket = table[slot] == null ? new Shape[0] : table[slot];
            Shape[] grown = Arrays.copyOf(bucket, bucket.length + 1);
            grown[bucket.length] = shape;
            table[slot] = grown;
        }
        return table;
    }
}
