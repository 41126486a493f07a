package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code name=value} in all its spellings: the name stays, a literal value goes, code and placeholders stay. */
class AssignmentsTest {

    // Entropy detection off, so that only the assignment rule can explain a replacement.
    private static final Redactor RULES_ONLY = Redactor.defaults().withHighEntropy(false);

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "API_KEY=Pl7m-tr33.Xq4                         | API_KEY=[REDACTED]",
            "export GITHUB_TOKEN=Pl7m-tr33.Xq4             | export GITHUB_TOKEN=[REDACTED]",
            "DB_PASSWORD=\"plum tree 42\"                    | DB_PASSWORD=\"[REDACTED]\"",
            "DB_PASSWORD='Pl7m-tr33'                       | DB_PASSWORD='[REDACTED]'",
            "    password: Pl7m-tr33                       | password: [REDACTED]",
            "\"token\": \"Pl7m-tr33.Xq4\",                     | \"token\": \"[REDACTED]\",",
            "{\"access_token\":\"Pl7m-tr33\"}                 | {\"access_token\":\"[REDACTED]\"}",
            "client_secret = \"Pl7m-tr33\"                   | client_secret = \"[REDACTED]\"",
            "--password Pl7m-tr33 --verbose                | --password [REDACTED] --verbose",
            "--password=Pl7m-tr33                          | --password=[REDACTED]",
            "--api-key=Pl7m-tr33                           | --api-key=[REDACTED]",
            "PGPASSWORD=Pl7m-tr33 psql -h db               | PGPASSWORD=[REDACTED] psql -h db",
            "x-api-key: Pl7m-tr33                          | x-api-key: [REDACTED]",
            "dbPassword: \"Pl7m-tr33\"                       | dbPassword: \"[REDACTED]\"",
            "os.environ[\"API_KEY\"] = \"Pl7m-tr33\"          | os.environ[\"API_KEY\"] = \"[REDACTED]\"",
            "password: str = \"Pl7m-tr33\"                   | password: str = \"[REDACTED]\"",
            "val clientSecret: String = \"Pl7m-tr33\"        | val clientSecret: String = \"[REDACTED]\"",
            "apiKey := \"Pl7m-tr33\"                         | apiKey := \"[REDACTED]\"",
            "$password = 'Pl7m-tr33';                      | $password = '[REDACTED]';",
            "'password' => 'Pl7m-tr33',                    | 'password' => '[REDACTED]',",
            "<password>Pl7m-tr33</password>                | <password>[REDACTED]</password>",
            "spring.datasource.password=Pl7m-tr33          | spring.datasource.password=[REDACTED]",
            "GET /v1/x?access_token=Pl7m-tr33&page=2       | GET /v1/x?access_token=[REDACTED]&page=2",
            "{\\\"password\\\":\\\"Pl7m-tr33\\\"}            | {\\\"password\\\":\\\"[REDACTED]\\\"}",
            "--from-literal=password=Pl7m-tr33             | --from-literal=password=[REDACTED]",
            "docker run -e POSTGRES_PASSWORD=Pl7m-tr33 pg  | docker run -e POSTGRES_PASSWORD=[REDACTED] pg",
            "${DB_PASSWORD:-Pl7m-tr33}                     | ${DB_PASSWORD:-[REDACTED]}",
            "SECRET_KEY_BASE=Pl7m-tr33                     | SECRET_KEY_BASE=[REDACTED]",
            "AccountKey=Pl7m-tr33==;EndpointSuffix=x       | AccountKey=[REDACTED];EndpointSuffix=x",
            "token = Pl7m-tr33 # from the vault            | token = [REDACTED] # from the vault",
            "<add key=\"ClearTextPassword\" value=\"Pl7m\" /> | <add key=\"ClearTextPassword\" value=\"[REDACTED]\" />" })
    void keepsTheNameAndReplacesOnlyTheValue(String input, String expected) {
        assertThat(RULES_ONLY.redact(input.strip())).isEqualTo(expected.strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "found it: ", "found it:", "2025-06-02T10:00:01Z INFO env: ", "Error: ", "result: ", "[ci] note:",
            "Answer: the value is ", "warn: found it: ", "- step 3: ", "it: ", "{\"msg\":\"config: " })
    void findsASecretNameThatFollowsALabel(String label) {
        // "label: NAME=value" first reads like a typed declaration "label: Type = value"; the name must still count.
        for (String assignment : new String[] { "SERVICE_TOKEN=0f3a9c2b7d", "DB_PASSWORD = \"hunter2\"" }) {
            String expected = assignment.replace("0f3a9c2b7d", "[REDACTED]").replace("hunter2", "[REDACTED]");

            assertThat(RULES_ONLY.redact(label + assignment + " rejected"))
                    .isEqualTo(label + expected + " rejected");
        }
    }

    @Test
    void quotedShortWordsAreStillPasswords() {
        // Weak passwords are the ones people paste; a quoted literal after a password key is redacted whatever it is.
        assertThat(RULES_ONLY.redact("password: \"hunter\"")).isEqualTo("password: \"[REDACTED]\"");
        assertThat(RULES_ONLY.redact("PASSWORD=admin")).isEqualTo("PASSWORD=[REDACTED]");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "API_KEY=", "token: <your-token>", "TOKEN=${TOKEN}", "TOKEN=$TOKEN", "TOKEN=\"$(gh auth token)\"",
            "apiKey: process.env.API_KEY", "api_key = os.environ[\"API_KEY\"]", "password: null", "auth: false",
            "password: \"***\"", "token: [REDACTED]", "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}", "password: !vault |",
            "\"password\": \"\"", "token = \"{token}\"", "EXCHANGE_API_KEY=your-api-key-here",
            "<password>${env.PASS}</password>",
            "password: %(db_password)s", "SECRET=%SECRET%", "password = xxxxxxxx", "API_KEY=${API_KEY:?missing}",
            "found: API_KEY=${API_KEY:?set API_KEY first}" })
    void leavesPlaceholdersAndReferencesAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "String password = user.getPassword();", "const token = await getToken();", "return { token: token, user };",
            "password: string;", "apiKey?: string;", "if (password == null) {", "this.password = password;",
            "token = request.headers.get(\"Authorization\")", "api_key = API_KEY", "login(password=pw, user=u)",
            "String token = Base64.getUrlEncoder().encodeToString(raw);", "password: Optional[str] = None",
            "token: Promise<string>", "password = crypt(p_password, password_hash)", "WHERE password = ?",
            "password != confirmation", "secret = secrets.token_hex(32)", "per token: 100 requests", "token: token" })
    void leavesCodeThatHandlesSecretsAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "max_tokens=4096", "\"author\": \"Jane Doe\"", "token_count: 12", "tokenizer = \"cl100k_base\"",
            "passwordEncoder = \"bcrypt\"", "password_min_length: 12", "secretName: db-credentials",
            "credentials: 'include'", "auth: ldap", "PWD=/home/dev/acme-shop", "OLDPWD=/tmp", "--token TOKEN",
            "--password-stdin", "DATABASE_URL=postgres://localhost:5432/app", "token_type: \"bearer\"",
            "\"tokenType\": \"Bearer\"", "TOKEN_STORAGE_KEY = \"acme.session\"", "passwordFile: /run/secrets/db",
            "use --token to pass your token", "\"input_tokens\": 1532", "primary_key = \"id\"",
            "found it: MAX_TOKENS=4096", "note: TOKEN_TTL=3600", "x: int = 5", "result: TOKEN_COUNT=1532",
            "it: KeyVaultClient = KeyVaultClient(credential)", "<add key=\"Username\" value=\"ci-bot\" />" })
    void leavesNonSecretNamesAndModesAlone(String text) {
        assertThat(RULES_ONLY.redact(text)).isEqualTo(text);
    }

    @Test
    void redactsEachValueOfAnEnvDump() {
        String env = """
                $ cat .env
                APP_ENV=production
                DB_HOST=db.internal
                DB_PASSWORD=Pl7m-tr33.Xq4
                SECRET_KEY='django-insecure-x9#v2@k'
                JWT_SECRET="c2VjcmV0LXNpZ25pbmcta2V5"
                SMTP_PASS=mail-Pass-2024
                LOG_LEVEL=info
                """;

        assertThat(RULES_ONLY.redact(env)).isEqualTo("""
                $ cat .env
                APP_ENV=production
                DB_HOST=db.internal
                DB_PASSWORD=[REDACTED]
                SECRET_KEY='[REDACTED]'
                JWT_SECRET="[REDACTED]"
                SMTP_PASS=[REDACTED]
                LOG_LEVEL=info
                """);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "password", "PGPASSWORD", "dbPassword", "DB_PASS", "db_pwd", "GITHUB_TOKEN", "refreshToken", "x-api-key",
            "APIKey", "XAPIKEY", "client_secret", "aws_secret_access_key", "SECRET_KEY_BASE", "password_hash", "API_KEY_V2",
            "password2", "session_key", "signingKey", "ENCRYPTION_KEY", "private_key", "_authToken", "basic_auth",
            "credentials", "spring.datasource.password", "DATABASE_URL", "AccountKey", "APP_KEY" })
    void recognisesSecretNames(String name) {
        assertThat(SecretNames.classify(name)).isNotEqualTo(SecretNames.Kind.ORDINARY);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "author", "authority", "max_tokens", "token_count", "tokenizer", "token_type", "tokenUrl",
            "password_min_length",
            "passwordEncoder", "passwordPolicy", "secretName", "secrets", "secret_id", "private_key_id", "public_key",
            "primary_key", "cache_key", "TOKEN_STORAGE_KEY", "pass", "OLDPWD", "session_id", "accessKeyId", "keyPrefix",
            "GITHUB_TOKEN_FILE", "passwordless", "compass", "bypass" })
    void recognisesOrdinaryNames(String name) {
        assertThat(SecretNames.classify(name)).isEqualTo(SecretNames.Kind.ORDINARY);
    }

    @Test
    void splitsNamesIntoLowerCaseWordParts() {
        assertThat(SecretNames.words("x-apiKey_V2")).containsExactly("x", "api", "key", "v", "2");
        assertThat(SecretNames.words("APIKey")).containsExactly("api", "key");
        assertThat(SecretNames.words("spring.datasource.password")).containsExactly("spring", "datasource", "password");
    }
}
