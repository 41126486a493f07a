package dev.eaglemem.llm;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient.Redirect;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;

import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;

/**
 * The HTTP client the langchain4j providers use: the JDK's, with our timeouts, and an error that keeps the
 * provider's Retry-After header so a 429 or 503 is retried when the provider asked, not sooner. Streaming is
 * never used (jobs want the whole answer).
 */
final class JdkHttp implements HttpClient {

    /** The builder langchain4j's model builders take. */
    static final class Builder implements HttpClientBuilder {

        private final Clock clock;
        private Duration connect = Duration.ofSeconds(10);
        private Duration read = Duration.ofSeconds(120);

        Builder(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Duration connectTimeout() {
            return connect;
        }

        @Override
        public Builder connectTimeout(Duration timeout) {
            if (timeout != null) {
                connect = timeout;
            }
            return this;
        }

        @Override
        public Duration readTimeout() {
            return read;
        }

        @Override
        public Builder readTimeout(Duration timeout) {
            if (timeout != null) {
                read = timeout;
            }
            return this;
        }

        @Override
        public HttpClient build() {
            // HTTP/1.1: an h2c upgrade on plain http confuses some local servers and proxies.
            return new JdkHttp(java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .connectTimeout(connect)
                    .followRedirects(Redirect.NEVER).build(), read, clock);
        }
    }

    private final java.net.http.HttpClient client;
    private final Duration read;
    private final Clock clock;

    private JdkHttp(java.net.http.HttpClient client, Duration read, Clock clock) {
        this.client = client;
        this.read = read;
        this.clock = clock;
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(URI.create(request.url())).timeout(read);
        for (Map.Entry<String, List<String>> h : request.headers().entrySet()) {
            for (String v : h.getValue()) {
                b.header(h.getKey(), v);
            }
        }
        String body = request.body();
        b.method(request.method().name(), body == null ? java.net.http.HttpRequest.BodyPublishers.noBody()
                : java.net.http.HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response;
        try {
            response = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new TimeoutException(e);
        } catch (IOException e) {
            throw new ProviderError("cannot reach " + URI.create(request.url()).getAuthority() + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderError("interrupted", null, e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new HttpStatusError(response.statusCode(), response.body(),
                    retryAfter(response.headers().firstValue("retry-after").orElse(null), clock.instant()));
        }
        return SuccessfulHttpResponse.builder().statusCode(response.statusCode()).headers(response.headers().map())
                .body(response.body()).build();
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        throw new UnsupportedOperationException("eagle-mem does not stream model answers");
    }

    /** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
    static Instant retryAfter(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.strip();
        try {
            return now.plusSeconds(Math.max(0, Long.parseLong(h)));
        } catch (NumberFormatException e) {
            try {
                return ZonedDateTime.parse(h, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }
}
