package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 26 in the web viewer, in real headless Chromium against the packaged launcher's serve: a memory whose code was
 * changed by a later commit is marked stale on the memories page, with the label git's evidence makes (the commit's
 * subject shown as text: it is user text), the page says how many of the project's anchored records are not fresh, and
 * "Still holds" re-anchors it. Skipped without chromium unless EAGLE_E2E_REQUIRED=1, as {@link ViewerBrowserIT}.
 */
class ViewerStaleBrowserIT {

    // a commit subject is anyone's text and ends up in the label: it must stay text
    private static final String SUBJECT = "<img src=x onerror=window.__pwned=1> round discounts";

    private final Cli cli = new Cli();
    private final Path data;
    private Path profile;
    private ChromeDriver browser;
    private WebDriverWait wait;

    ViewerStaleBrowserIT() throws IOException {
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

    private ChromeDriver chromium() throws IOException {
        profile = Files.createTempDirectory("emv-chromium");
        return HeadlessChromium.start(profile);
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

    private void commit(String subject) {
        cli.git("add", "-A");
        cli.git("-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false", "commit", "-q", "-m",
                subject);
    }

    private WebElement card(long id) {
        return wait
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#memories .card[data-id='mem-" + id + "']")));
    }

    @Test
    void aChangedMemoryIsMarkedCountedAndConfirmedInThePage() throws Exception {
        // Cli's repo is a fresh `git init`: give it a first commit, so memories written in it are anchored there
        Files.createDirectories(cli.repo.resolve("src"));
        Files.writeString(cli.repo.resolve("src/pricing.js"),
                "export function applyDiscount(total, pct) {\n  return Math.floor(total * pct / 100);\n}\n");
        Files.writeString(cli.repo.resolve("src/format.js"),
                "export function formatCents(cents) {\n  return (cents / 100).toFixed(2);\n}\n");
        commit("pricing and formatting");
        long stale = cli.run("memories", "add", "--kind", "gotcha", "-f", "src/pricing.js", "--json", "--",
                "applyDiscount() floors the discount").ok().json().path("memory").path("id").asLong();
        long fresh = cli.run("memories", "add", "--kind", "decision", "-f", "src/format.js", "--json", "--",
                "formatCents always prints two decimals").ok().json().path("memory").path("id").asLong();

        // the code moves on under the first memory only
        Files.writeString(cli.repo.resolve("src/pricing.js"),
                "export function applyDiscount(total, pct) {\n  return Math.round(total * pct / 100);\n}\n");
        commit(SUBJECT);
        JsonNode report = cli.run("memories", "stale", "--json").ok().json();
        assertThat(report.path("records")).as(report.toString()).hasSize(1);
        JsonNode item = report.path("records").get(0);
        assertThat(item.path("id").asText()).isEqualTo("mem-" + stale);
        String label = item.path("freshness").path("label").asText();
        // the page shows this label as it is; the evidence in it is git's: one commit since, its id and subject
        assertThat(label).contains("src/pricing.js changed since in 1 commit, newest ").endsWith("'" + SUBJECT + "'");
        String summary = report.path("records").size() + " of " + report.path("anchored").asInt()
                + " anchored records are not fresh against the code";
        assertThat(summary).startsWith("1 of 2 ");

        cli.start("serve", "serve", "--port", "0");
        int port = awaitServe();
        String url = cli.run("open", "--no-browser", "--json").ok().json().path("url").asText();
        browser = chromium();
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get(url);
        wait.until(ExpectedConditions.urlContains("/ui/"));
        // the first visit picks the latest project (code/shop, the only one); without one the page shows no staleness
        browser.get("http://127.0.0.1:" + port + "/ui/#memories");
        wait.until(ExpectedConditions.attributeContains(By.cssSelector("#nav a[href='#memories']"), "class", "active"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("staleness"), summary));
        assertThat(browser.findElement(By.id("staleness")).getText()).contains("marked below");
        // ... and it is above the list it speaks of
        assertThat(browser.findElements(By.cssSelector("#staleness ~ #memories"))).hasSize(1);

        WebElement changed = card(stale);
        assertThat(changed.findElement(By.cssSelector(".badge.stale")).getText()).isEqualTo("changed");
        assertThat(changed.findElement(By.cssSelector(".freshness")).getText()).isEqualTo(label);
        WebElement untouched = card(fresh);
        assertThat(untouched.findElements(By.cssSelector(".badge.stale, .freshness, button.confirm-fresh"))).isEmpty();
        // the subject's markup is text: no image element, no handler ran
        assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();
        assertThat(((JavascriptExecutor) browser).executeScript("return window.__pwned === undefined")).isEqualTo(true);
        screenshot("memories-stale");

        // "Still holds": serve re-anchors it at HEAD, the page reloads its list and its count
        changed.findElement(By.cssSelector("button.confirm-fresh")).click();
        wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "mem-" + stale + " confirmed: still holds"));
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("staleness"),
                "All 2 anchored records are fresh against the code."));
        assertThat(browser.findElement(By.id("staleness")).getText()).doesNotContain("marked below");
        assertThat(card(stale).findElements(By.cssSelector(".badge.stale, .freshness, button.confirm-fresh"))).isEmpty();
        assertThat(browser.findElements(By.cssSelector("#memories .badge.stale"))).isEmpty();

        // the CLI agrees: nothing stale, and the memory itself is fresh at the commit that changed its code
        JsonNode after = cli.run("memories", "stale", "--json").ok().json();
        assertThat(after.path("records")).as(after.toString()).isEmpty();
        assertThat(after.path("anchored").asInt()).isEqualTo(2);
        JsonNode shown = cli.run("memories", "show", "mem-" + stale, "--json").ok().json().path("freshness");
        assertThat(shown.path("state").asText()).as(shown.toString()).isEqualTo("fresh");
        assertThat(shown.path("commit").asText()).isNotEqualTo(item.path("freshness").path("commit").asText());
    }

    private void screenshot(String name) throws IOException {
        String dir = System.getProperty("eagle.viewer.screenshots");
        if (dir == null || dir.isBlank()) {
            return;
        }
        Path target = Files.createDirectories(Path.of(dir)).resolve(name + ".png");
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    }
}
