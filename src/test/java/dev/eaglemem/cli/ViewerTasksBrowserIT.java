package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The tasks page in headless Chromium against a real serve: tasks added over the HTTP API (with the token) appear
 * grouped by status with their notes, and Start, Complete and Cancel move them, as the API then reports.
 */
class ViewerTasksBrowserIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    // a task's text is anyone's text: it must stay text on the page
    private static final String PAYLOAD = "<img src=x onerror=window.__pwned=1> export the ledger";

    private final Cli cli = new Cli();
    private final Path data;
    private final HttpClient http = HttpClient.newHttpClient();
    private Path profile;
    private ChromeDriver browser;
    private WebDriverWait wait;
    private int port;
    private String project;

    ViewerTasksBrowserIT() throws IOException {
        // unix socket paths are limited to ~100 bytes: the data directory goes under /tmp
        data = Files.createTempDirectory(Path.of("/tmp"), "emv").resolve("d");
        cli.env.put("EAGLE_MEM_DIR", data.toString());
    }

    @BeforeEach
    void requireChromium() {
        HeadlessChromium.require();
    }

    @AfterEach
    void stop() throws IOException {
        HeadlessChromium.tearDown(browser, cli, data.getParent(), profile);
    }

    private int awaitServe() throws InterruptedException {
        for (int i = 0; i < 160; i++) {
            Cli.Result status = cli.run("serve", "--status", "--json");
            if (status.exit() == 0 && status.json().path("health").path("tcp_port").asInt() > 0) {
                return status.json().path("health").path("tcp_port").asInt();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up");
    }

    /** A request to the API as a local tool makes it: the token from serve.token. */
    private JsonNode call(String method, String path, String body, int status) throws Exception {
        String token = Files.readString(data.resolve("serve.token")).strip();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("X-Eagle-Token", token).header("Content-Type", "application/json").timeout(Duration.ofSeconds(20))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(status);
        return JSON.readTree(response.body());
    }

    private String add(String title) throws Exception {
        return call("POST", "/tasks", JSON.writeValueAsString(Map.of("project", project, "title", title)), 201)
                .path("task").path("id").asText();
    }

    private String status(String id) throws Exception {
        return call("GET", "/tasks/" + id + "?project=" + project, null, 200).path("task").path("status").asText();
    }

    private WebElement card(String group, String id) {
        return wait.until(ExpectedConditions.presenceOfElementLocated(
                By.cssSelector("#tasks .task-group[data-status='" + group + "'] .card[data-id='" + id + "']")));
    }

    @Test
    void tasksAreGroupedByStatusWithTheirNotesAndTheButtonsMoveThem() throws Exception {
        // a memory makes the repository's project known, so the page's picker opens on it
        project = cli.run("memories", "add", "--kind", "decision", "--json", "--", "Ledger exports are CSV").ok().json()
                .path("memory").path("project").asText();
        cli.start("serve", "serve", "--port", "0");
        port = awaitServe();
        String ledger = add(PAYLOAD);
        String review = add("Review the export");
        String spike = add("Spike a parquet export");
        call("PATCH", "/tasks/" + review + "?project=" + project, "{\"status\":\"blocked\",\"note\":\"waiting for the"
                + " finance team\"}", 200);

        String url = cli.run("open", "--no-browser", "--json").ok().json().path("url").asText();
        profile = Files.createTempDirectory("emv-chromium");
        browser = HeadlessChromium.start(profile);
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get(url);
        wait.until(ExpectedConditions.urlContains("/ui/"));
        browser.get("http://127.0.0.1:" + port + "/ui/#tasks");
        wait.until(ExpectedConditions.attributeContains(By.cssSelector("#nav a[href='#tasks']"), "class", "active"));

        WebElement blocked = card("blocked", review);
        assertThat(blocked.findElement(By.cssSelector("ul.notes")).getText()).contains("waiting for the finance team");
        assertThat(card("pending", ledger).findElement(By.cssSelector(".title")).getText()).isEqualTo(PAYLOAD);
        assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();
        assertThat(((JavascriptExecutor) browser).executeScript("return window.__pwned === undefined")).isEqualTo(true);

        card("pending", ledger).findElement(By.cssSelector("button.start")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), ledger + " in progress"));
        card("in_progress", ledger);
        assertThat(status(ledger)).isEqualTo("in_progress");

        card("in_progress", ledger).findElement(By.cssSelector("button.complete")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), ledger + " completed"));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#tasks .card[data-id='" + ledger + "']"), 0));
        assertThat(status(ledger)).isEqualTo("completed");

        card("pending", spike).findElement(By.cssSelector("button.cancel")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), spike + " cancelled"));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#tasks .card[data-id='" + spike + "']"), 0));
        assertThat(status(spike)).isEqualTo("cancelled");

        // closed tasks come back with the checkbox, each under its status, and can be reopened
        browser.findElement(By.id("closed")).click();
        card("completed", ledger);
        card("cancelled", spike).findElement(By.cssSelector("button.start")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), spike + " in progress"));
        card("in_progress", spike);
        assertThat(status(spike)).isEqualTo("in_progress");
    }
}
