package dev.eaglemem.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.serve.control.SocketClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Who may call serve: anyone on the owner-only unix socket; on TCP only a caller with the token, and
 * never a web page (a foreign Origin), token or not. A real ServeServer with one probe route behind
 * access control.
 */
class ServeAccessTest {

    private static final String TOKEN = "0123456789abcdef0123456789abcdef";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Path dir;
    private ServeServer server;

    @BeforeEach
    void start() throws IOException {
        dir = Files.createTempDirectory(Path.of("/tmp"), "ema");
        server = start(TOKEN);
    }

    private ServeServer start(String token) {
        EagleEnv env = new EagleEnv(Map.of("HOME", dir.toString()), dir, dir);
        HookRunner hooks = new HookRunner(env, () -> new LogFile(dir.resolve("eagle-mem.log"), Clock.systemUTC()), () -> {
            throw new AssertionError("no hook is called in these tests");
        });
        return ServeServer.start(new ServeServer.Options(dir.resolve("t" + token.length() + ".sock"), "127.0.0.1", 0, true,
                token), hooks, env, router -> router.get("/probe").handler(ctx -> ctx.response().end("ok")));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private HttpResponse<String> get(ServeServer s, Map<String, String> headers) {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.tcpPort() + "/probe"))
                .timeout(Duration.ofSeconds(20));
        headers.forEach(req::header);
        try {
            return HTTP.send(req.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private HttpResponse<String> get(Map<String, String> headers) {
        return get(server, headers);
    }

    private static JsonNode error(HttpResponse<String> response) {
        try {
            return new ObjectMapper().readTree(response.body()).get("error");
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    @Test
    void tcpWithoutTheTokenIsUnauthorizedWithTheFix() {
        HttpResponse<String> r = get(Map.of());
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(error(r).get("code").asText()).isEqualTo("token_required");
        assertThat(error(r).get("fix").asText()).contains("X-Eagle-Token").contains("serve.token");
        assertThat(r.body()).isNotEqualTo("ok").doesNotContain(TOKEN);
    }

    @ParameterizedTest
    @ValueSource(strings = { "wrong", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdef0",
            "0123456789ABCDEF0123456789ABCDEF", " " })
    void aWrongTokenIsUnauthorized(String token) {
        assertThat(get(Map.of(ServeAccess.TOKEN_HEADER, token)).statusCode()).isEqualTo(401);
        assertThat(get(Map.of("Authorization", "Bearer " + token)).statusCode()).isEqualTo(401);
    }

    @Test
    void theRightTokenInTheHeaderOrAsABearerTokenIsLetThrough() {
        HttpResponse<String> header = get(Map.of(ServeAccess.TOKEN_HEADER, TOKEN));
        assertThat(header.statusCode()).isEqualTo(200);
        assertThat(header.body()).isEqualTo("ok");
        assertThat(get(Map.of("Authorization", "Bearer " + TOKEN)).statusCode()).isEqualTo(200);
        assertThat(get(Map.of("Authorization", "Bearer   " + TOKEN + "  ")).statusCode()).as("padding is stripped")
                .isEqualTo(200);
    }

    @Test
    void onlyTheBearerSchemeCarriesTheToken() {
        assertThat(get(Map.of("Authorization", "Basic " + TOKEN)).statusCode()).isEqualTo(401);
        assertThat(get(Map.of("Authorization", TOKEN)).statusCode()).isEqualTo(401);
    }

    @Test
    void theTokenHeaderWinsOverAuthorization() {
        assertThat(get(Map.of(ServeAccess.TOKEN_HEADER, "wrong", "Authorization", "Bearer " + TOKEN)).statusCode())
                .isEqualTo(401);
    }

    @ParameterizedTest
    @ValueSource(strings = { "https://evil.example", "http://127.0.0.1.evil.example", "null", "http://127.0.0.1:1",
            "not a uri at all" })
    void aForeignOriginIsForbiddenEvenWithTheToken(String origin) {
        HttpResponse<String> r = get(Map.of(ServeAccess.TOKEN_HEADER, TOKEN, "Origin", origin));
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(error(r).get("code").asText()).isEqualTo("forbidden_origin");
    }

    @Test
    void thisServersOwnOriginIsAllowedWithTheTokenOnly() {
        for (String host : new String[] { "127.0.0.1", "localhost" }) {
            String origin = "http://" + host + ":" + server.tcpPort();
            assertThat(get(Map.of(ServeAccess.TOKEN_HEADER, TOKEN, "Origin", origin)).statusCode()).as(origin).isEqualTo(200);
            assertThat(get(Map.of("Origin", origin)).statusCode()).as(origin + " without token").isEqualTo(401);
        }
    }

    @Test
    void theUnixSocketNeedsNoToken() {
        SocketClient.Response r = SocketClient.request(dir.resolve("t" + TOKEN.length() + ".sock"), "GET", "/probe", null,
                Duration.ofSeconds(20)).orElseThrow();
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("ok");
    }

    @Test
    void aBlankServerTokenAdmitsNobody() {
        ServeServer blank = start("");
        try {
            assertThat(get(blank, Map.of(ServeAccess.TOKEN_HEADER, "")).statusCode()).isEqualTo(401);
        } finally {
            blank.close();
        }
    }
}
