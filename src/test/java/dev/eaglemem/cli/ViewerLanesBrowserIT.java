package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The lanes page in headless Chromium against a real serve and a real git repository: lanes added with the CLI appear
 * with their worker and status; Spawn runs the worker (a stand-in for codex first on serve's PATH; the real CLIs run
 * in OrchestrateLanesIT) in the lane's worktree, its log's tail shows redacted, Sync completes the lane, Cancel cancels
 * another, as the API then reports.
 */
class ViewerLanesBrowserIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    // a lane's scope is anyone's text: it must stay text on the page
    private static final String PAYLOAD = "<img src=x onerror=window.__pwned=1> write pay.txt";
    private static final String FAKE_CODEX = """
            #!/usr/bin/env bash
            cat > /dev/null
            echo "worker started in $(pwd)"
            echo "using key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            echo "paid" > pay.txt
            echo "final: done"
            """;

    private final Cli cli = new Cli();
    private final Path data;
    private final HttpClient http = HttpClient.newHttpClient();
    private Path profile;
    private ChromeDriver browser;
    private WebDriverWait wait;
    private int port;
    private String project;

    ViewerLanesBrowserIT() throws IOException {
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

    private JsonNode lane(String key) throws Exception {
        String token = Files.readString(data.resolve("serve.token")).strip();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/orchestration?project=" + project)).header("X-Eagle-Token", token).timeout(Duration.ofSeconds(20))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        for (JsonNode l : JSON.readTree(response.body()).at("/orchestration/lanes")) {
            if (l.path("key").asText().equals(key)) {
                return l;
            }
        }
        throw new AssertionError("no lane " + key + " in " + response.body());
    }

    private WebElement card(String key, String status) {
        try {
            return wait.until(ExpectedConditions.presenceOfElementLocated(
                    By.cssSelector("#lanes .card.lane[data-key='" + key + "'][data-status='" + status + "']")));
        } catch (TimeoutException e) {
            // the page says why (an error in the status line, or what it shows instead)
            throw new AssertionError("no " + status + " lane " + key + "; status line: "
                    + browser.findElement(By.id("status")).getText() + "; page: " + browser.findElement(By.id("main"))
                            .getText(),
                    e);
        }
    }

    @Test
    void lanesShowTheirWorkerAndLogAndTheButtonsSpawnSyncAndCancelThem() throws Exception {
        for (String[] who : new String[][] { { "GIT_AUTHOR_NAME", "Dev" }, { "GIT_AUTHOR_EMAIL", "dev@example.com" },
                { "GIT_COMMITTER_NAME", "Dev" }, { "GIT_COMMITTER_EMAIL", "dev@example.com" } }) {
            cli.env.put(who[0], who[1]);
        }
        Files.writeString(cli.repo.resolve("README.md"), "shop\n");
        cli.git("add", "README.md");
        cli.git("-c", "user.name=Dev", "-c", "user.email=dev@example.com", "commit", "-qm", "first");
        project = cli.run("memories", "add", "--kind", "decision", "--json", "--", "Ledger exports are CSV").ok().json()
                .path("memory").path("project").asText();
        cli.run("orchestrate", "init", "Ship the ledger export").ok();
        cli.run("orchestrate", "lane", "add", "api", "--scope", PAYLOAD, "--validate", "test -s pay.txt").ok();
        cli.run("orchestrate", "lane", "add", "docs", "--agent", "claude-code", "--scope", "Document it").ok();

        Path bin = Files.createDirectories(data.getParent().resolve("bin"));
        Files.writeString(bin.resolve("codex"), FAKE_CODEX);
        Files.setPosixFilePermissions(bin.resolve("codex"), PosixFilePermissions.fromString("rwxr-xr-x"));
        cli.env.put("PATH", bin + ":" + System.getenv("PATH"));
        cli.start("serve", "serve", "--port", "0");
        port = awaitServe();

        String url = cli.run("open", "--no-browser", "--json").ok().json().path("url").asText();
        profile = Files.createTempDirectory("emv-chromium");
        browser = HeadlessChromium.start(profile);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        browser.get(url);
        wait.until(ExpectedConditions.urlContains("/ui/"));
        browser.get("http://127.0.0.1:" + port + "/ui/#lanes");
        wait.until(ExpectedConditions.attributeContains(By.cssSelector("#nav a[href='#lanes']"), "class", "active"));

        WebElement api = card("api", "pending");
        assertThat(api.findElement(By.cssSelector(".agent")).getText()).isEqualTo("codex");
        assertThat(api.findElement(By.cssSelector(".body")).getText()).isEqualTo(PAYLOAD);
        assertThat(card("docs", "pending").findElement(By.cssSelector(".agent")).getText()).isEqualTo("claude-code");
        assertThat(browser.findElement(By.cssSelector("#lanes .orchestration .title")).getText())
                .isEqualTo("Ship the ledger export");
        assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();

        api.findElement(By.cssSelector("button.spawn")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "api spawned"));
        WebElement running = card("api", "running");
        assertThat(running.findElement(By.cssSelector(".branch")).getText()).startsWith("eagle-mem/o");
        Path exit = Path.of(lane("api").at("/attempt/run_dir").asText(), "exit_code");
        for (int i = 0; i < 300 && !Files.exists(exit); i++) {
            Thread.sleep(100);
        }
        assertThat(exit).as("the worker ended").exists();

        browser.navigate().refresh();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.cssSelector("#lanes .card.lane[data-key='api'] pre.log"), "final: done"));
        String log = card("api", "running").findElement(By.cssSelector("pre.log")).getText();
        assertThat(log).contains("using key ").doesNotContain("AAAAAAAAAAAA");

        card("api", "running").findElement(By.cssSelector("button.sync")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "api synced"));
        card("api", "completed");
        assertThat(lane("api").path("status").asText()).isEqualTo("completed");
        assertThat(lane("api").at("/attempt/validation_exit").asInt()).isZero();

        card("docs", "pending").findElement(By.cssSelector("button.cancel")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "docs cancelled"));
        card("docs", "cancelled");
        assertThat(lane("docs").path("status").asText()).isEqualTo("cancelled");
        assertThat(((JavascriptExecutor) browser).executeScript("return window.__pwned === undefined")).isEqualTo(true);
    }
}
