package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web viewer in real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium) against the
 * packaged launcher's serve: the login link from {@code eagle-mem open}, the live feed showing what a hook just
 * stored, search → timeline → record, forgetting and restoring a memory, waiving a pending check and verifying a
 * feature, retrying a dead job and cancelling a pending one, a recall inspector entry opening the record it injected,
 * stored XSS payloads rendered inert, and requests without the cookie or from a foreign Origin refused. Skipped without chromium, unless
 * EAGLE_E2E_REQUIRED=1 (CI). With -Deagle.viewer.screenshots=DIR it saves a screenshot of each page there
 * (docs/viewer holds the committed ones).
 */
class ViewerBrowserIT {

    private static final String XSS_TITLE = "<script>window.__pwned = 'script'</script> payload title";
    private static final String XSS_CONTENT = "viewerpayload <img src=x onerror=\"window.__pwned = 'img'\"> "
            + "[docs](javascript:window.__pwned='link') javascript:window.__pwned='bare' https://example.com/docs";

    private final Cli cli = new Cli();
    private final Path data;
    private final HttpClient http = HttpClient.newHttpClient();
    private Path profile;
    private ChromeDriver browser;
    private WebDriverWait wait;
    private int port;

    ViewerBrowserIT() throws IOException {
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

    private JsonNode awaitServe() throws InterruptedException {
        for (int i = 0; i < 160; i++) {
            Cli.Result status = cli.run("serve", "--status", "--json");
            if (status.exit() == 0 && status.json().path("health").path("tcp_port").asInt() > 0) {
                return status.json();
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up");
    }

    private String postToolUse(String command) {
        return "{\"session_id\":\"s-browser\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"PostToolUse\","
                + "\"tool_name\":\"Bash\",\"tool_use_id\":\"toolu_feed_1\",\"tool_input\":{\"command\":\"" + command + "\"},"
                + "\"tool_response\":{\"stdout\":\"ok\",\"stderr\":\"\"}}";
    }

    private void page(String name) {
        browser.get("http://127.0.0.1:" + port + "/ui/#" + name);
        wait.until(ExpectedConditions.attributeContains(By.cssSelector("#nav a[href='#" + name + "']"), "class", "active"));
    }

    private void screenshot(String name) throws IOException {
        String dir = System.getProperty("eagle.viewer.screenshots");
        if (dir == null || dir.isBlank()) {
            return;
        }
        Path target = Files.createDirectories(Path.of(dir)).resolve(name + ".png");
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    }

    private Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Two jobs for the jobs page, made before serve starts: one dead (a kind this eagle-mem does not know, run once
     * with one attempt allowed) and one pending until 2099, which nothing runs. Returns their ids.
     */
    private long[] deadAndPendingJob() throws Exception {
        cli.run("config", "set", "jobs.max_attempts", "1").ok();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.resolve("memory.db"));
                Statement st = c.createStatement()) {
            st.execute(
                    "INSERT INTO jobs(kind, project, run_after) VALUES ('reindex-v9', 'code/shop', '2020-01-01T00:00:00.000Z')");
            st.execute(
                    "INSERT INTO jobs(kind, project, run_after) VALUES ('reindex-v8', 'code/shop', '2099-01-01T00:00:00.000Z')");
        }
        cli.run("jobs", "run").exits(1);
        JsonNode listed = cli.run("jobs", "list", "--status", "all", "--json").ok().json().path("jobs");
        long dead = -1;
        long pending = -1;
        for (JsonNode j : listed) {
            if (j.path("kind").asText().equals("reindex-v9") && j.path("status").asText().equals("dead")) {
                dead = j.path("id").asLong();
            }
            if (j.path("kind").asText().equals("reindex-v8") && j.path("status").asText().equals("pending")) {
                pending = j.path("id").asLong();
            }
        }
        assertThat(dead).as(listed.toString()).isPositive();
        assertThat(pending).as(listed.toString()).isPositive();
        return new long[] { dead, pending };
    }

    private JsonNode job(long id) {
        for (JsonNode j : cli.run("jobs", "list", "--status", "all", "--json").ok().json().path("jobs")) {
            if (j.path("id").asLong() == id) {
                return j;
            }
        }
        throw new AssertionError("no job " + id);
    }

    @Test
    void loginFeedSearchTimelineForgetVerifyAndXssStaysInert() throws Exception {
        // stored first, through the CLI: a memory carrying the XSS payloads, a feature with an open check
        long memory = cli.run("memories", "add", "--kind", "gotcha", "--title", XSS_TITLE, "--content", XSS_CONTENT, "--json")
                .ok().json().path("memory").path("id").asLong();
        long cents = cli.run("memories", "add", "--kind", "decision", "--title", "Cart totals are integer cents", "--content",
                "viewerpayload rounding happens once, at checkout", "--json").ok().json().path("memory").path("id").asLong();
        Files.createDirectories(cli.repo.resolve("src/cart"));
        Files.writeString(cli.repo.resolve("src/cart/total.ts"),
                "export function cartTotal(prices: number[]): number {\n  return prices.reduce((a, b) => a + b, 0);\n}\n");
        Files.writeString(cli.repo.resolve("src/cart/checkout.ts"), "import { cartTotal } from './total';\n"
                + "export function checkout(prices: number[]) {\n  return cartTotal(prices);\n}\n");
        cli.run("feature", "add", "checkout", "--file", "src/cart/**", "--smoke", "true").ok();
        assertThat(cli.run("feature", "pending", "--json").ok().json().path("pending")).hasSize(2);
        JsonNode indexed = cli.run("index", "--json").ok().json();
        assertThat(indexed.path("declarations").asInt()).as(indexed.toString()).isEqualTo(2);
        long[] jobs = deadAndPendingJob();
        // an earlier session, so the first page has history to show before anything new arrives
        cli.runWithInput("{\"session_id\":\"s-earlier\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt_id\":\"p-earlier\",\"prompt\":\"tidy the cart module before the release\"}", "hook",
                "UserPromptSubmit",
                "--agent", "claude-code").ok();
        cli.run("config", "set", "display.timezone", "+05:30").ok();

        cli.start("serve", "serve", "--port", "0");
        port = awaitServe().path("health").path("tcp_port").asInt();
        JsonNode link = cli.run("open", "--no-browser", "--json").ok().json();
        String url = link.path("url").asText();
        assertThat(url).startsWith("http://127.0.0.1:" + port + "/login?code=");

        browser = chromium();
        wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        browser.get(url);
        wait.until(ExpectedConditions.urlContains("/ui/"));
        assertThat(browser.getCurrentUrl()).as("the code leaves the address bar").doesNotContain("code=");
        Cookie cookie = browser.manage().getCookieNamed("eagle_mem_viewer");
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getSameSite()).isEqualTo("Strict");
        assertThat(js("return document.cookie")).as("no script can read the session").isEqualTo("");
        HttpResponse<String> reused = send(HttpRequest.newBuilder(URI.create(url)));
        assertThat(reused.statusCode()).as("the code works once").isEqualTo(401);

        // issue 24: the first page opens on the most recently active project and its latest sessions, with times as the
        // CLI prints them (display.timezone), not on an empty feed for "all projects"
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#recent .card")));
        assertThat(new Select(browser.findElement(By.id("project"))).getFirstSelectedOption().getAttribute("value"))
                .isEqualTo("code/shop");
        String earlier = browser.findElement(By.cssSelector("#recent .card")).getText();
        assertThat(earlier).contains("s-earlier").contains("1 prompt(s)");
        assertThat(earlier).containsPattern("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\+05:30");
        screenshot("first-page");

        // the project picker, then the live feed: a tool call a hook stores now appears without a reload
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#project option[value='code/shop']")));
        new Select(browser.findElement(By.id("project"))).selectByValue("code/shop");
        page("feed");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("feed-state"), "Live"));
        cli.shim(postToolUse("npm run cart-feed-check"), "PostToolUse", "--agent", "claude-code").ok();
        WebElement fed = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#feed .card")));
        wait.until(ExpectedConditions.textToBePresentInElement(fed, "npm run cart-feed-check"));
        screenshot("feed");

        // a prompt through the hook shim: recall injects the cents decision, which the recall inspector lists
        cli.shim("{\"session_id\":\"s-browser\",\"cwd\":\"" + cli.repo + "\",\"hook_event_name\":\"UserPromptSubmit\","
                + "\"prompt\":\"how are cart totals rounded at checkout?\"}", "UserPromptSubmit", "--agent", "claude-code").ok();

        // search → timeline → record
        page("search");
        browser.findElement(By.name("q")).sendKeys("viewerpayload");
        browser.findElement(By.cssSelector("form button[type=submit]")).click();
        wait.until(ExpectedConditions.numberOfElementsToBeMoreThan(By.cssSelector("#results .card"), 1));
        WebElement hit = browser.findElement(By.cssSelector("#results .card[data-id='mem-" + memory + "']"));
        hit.findElement(By.cssSelector("button.timeline")).click();
        wait.until(ExpectedConditions
                .presenceOfElementLocated(By.cssSelector("#timeline .card.anchor[data-id='mem-" + memory + "']")));
        browser.findElement(By.cssSelector("#timeline .card.anchor button.open")).click();
        WebElement record = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("record")));
        assertThat(record.getText()).contains(XSS_TITLE).contains("onerror");

        // the payloads are text: no script ran, no image element exists, only the https URL became a link
        assertThat(js("return window.__pwned === undefined")).isEqualTo(true);
        assertThat(browser.findElements(By.cssSelector("main img, main script, main iframe"))).isEmpty();
        List<String> links = browser.findElements(By.cssSelector("main a")).stream().map(a -> a.getAttribute("href")).toList();
        assertThat(links).isNotEmpty().allSatisfy(href -> assertThat(href).startsWith("https://example.com/docs"));
        assertThat(hit.getText()).contains("<script>");
        screenshot("search");

        // memories: forget the payload memory
        page("memories");
        WebElement card = wait.until(
                ExpectedConditions.presenceOfElementLocated(By.cssSelector("#memories .card[data-id='mem-" + memory + "']")));
        assertThat(card.getText()).contains(XSS_TITLE);
        screenshot("memories");
        card.findElement(By.cssSelector("button.forget")).click();
        card.findElement(By.name("reason")).sendKeys("test payload");
        card.findElement(By.cssSelector("button.confirm")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "mem-" + memory + " forgotten"));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#memories .card[data-id='mem-" + memory + "']"), 0));
        assertThat(cli.run("show", "mem-" + memory, "--json").ok().json().path("memory").path("deleted_at").isNull()).isFalse();

        // ... and restore it from the forgotten ones
        browser.findElement(By.id("forgotten")).click();
        WebElement forgotten = wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(
                "#memories .card[data-id='mem-" + memory + "'] button.restore")));
        forgotten.click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "mem-" + memory + " restored"));
        assertThat(cli.run("show", "mem-" + memory, "--json").ok().json().path("memory").path("deleted_at").isNull()).isTrue();

        // features: verify checkout with notes
        page("features");
        WebElement feature = wait
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#features .card[data-feature='checkout']")));
        assertThat(browser.findElements(By.cssSelector("#pending .card"))).hasSize(2);
        screenshot("features");
        // waive one of the two checks with a reason; verifying the feature then resolves the other
        WebElement check = browser.findElement(By.cssSelector("#pending .card"));
        String checkId = check.getAttribute("data-check");
        check.findElement(By.name("reason")).sendKeys("whitespace-only change, waived in the viewer test");
        check.findElement(By.cssSelector("form.waive button[type=submit]")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "check #" + checkId + " waived"));
        wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#pending .card"), 1));
        assertThat(cli.run("feature", "pending", "--json").ok().json().path("pending").findValuesAsText("id"))
                .doesNotContain(checkId).hasSize(1);
        feature = wait
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#features .card[data-feature='checkout']")));
        feature.findElement(By.name("notes")).sendKeys("clicked through the cart in the viewer test");
        feature.findElement(By.cssSelector("form.verify button[type=submit]")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "checkout verified"));
        assertThat(cli.run("feature", "pending", "--json").ok().json().path("pending")).isEmpty();
        assertThat(cli.run("feature", "show", "checkout", "--json").ok().json().toString())
                .contains("clicked through the cart in the viewer test");

        // the recall inspector lists what the prompt's recall searched and injected
        page("recall");
        WebElement recallRow = wait.until(ExpectedConditions.presenceOfElementLocated(By.xpath(
                "//table[@id='recall']//tr[td[contains(., 'UserPromptSubmit')]]")));
        assertThat(recallRow.getText()).contains("injected").contains("cart").contains("mem-" + cents);
        screenshot("recall");
        // each injected record links to its page: hit → record
        WebElement injected = recallRow.findElement(By.xpath(".//a[@class='ref' and text()='mem-" + cents + "']"));
        assertThat(injected.getAttribute("href")).endsWith("/ui/#record/mem-" + cents);
        injected.click();
        WebElement opened = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#detail #record")));
        assertThat(opened.getText()).contains("Cart totals are integer cents");
        assertThat(browser.getCurrentUrl()).endsWith("#record/mem-" + cents);

        // sessions: the browser session replayed in order
        page("sessions");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#sessions .card button"))).click();
        WebElement steps = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("steps")));
        assertThat(steps.getText()).contains("npm run cart-feed-check").contains("how are cart totals rounded at checkout?");
        screenshot("sessions");

        // the code graph around a file of the index
        page("graph");
        browser.findElement(By.name("file")).sendKeys("src/cart/total.ts");
        browser.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("graph"), "Features"));
        assertThat(browser.findElement(By.id("graph")).getText())
                .as(cli.run("graph", "neighbors", "src/cart/total.ts", "--json").out())
                .contains("Declares");
        assertThat(browser.findElement(By.id("graph")).getText()).contains("cartTotal").contains("Imported by")
                .contains("src/cart/checkout.ts").contains("checkout");
        screenshot("graph");

        // jobs: retry the dead one, cancel the pending one
        page("jobs");
        WebElement dead = wait
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#jobs tr[data-job='" + jobs[0] + "']")));
        WebElement waiting = browser.findElement(By.cssSelector("#jobs tr[data-job='" + jobs[1] + "']"));
        assertThat(dead.getText()).contains("dead").contains("no job kind");
        assertThat(dead.findElements(By.cssSelector("button.retry"))).hasSize(1);
        assertThat(waiting.findElements(By.cssSelector("button.cancel"))).hasSize(1);
        screenshot("jobs");
        String before = job(jobs[0]).path("updated_at").asText();
        dead.findElement(By.cssSelector("button.retry")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "job " + jobs[0] + " queued again"));
        wait.until(ExpectedConditions.stalenessOf(dead)); // the page reloads after an action
        // serve's pump may run it again at once (and it dies again: its kind is unknown): the retry shows in updated_at
        assertThat(job(jobs[0]).path("updated_at").asText()).isNotEqualTo(before);
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector("#jobs tr[data-job='" + jobs[1] + "'] button.cancel")))
                .click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("status"), "job " + jobs[1] + " cancelled"));
        assertThat(job(jobs[1]).path("status").asText()).isEqualTo("cancelled");

        // refused: no cookie (from the page itself, credentials omitted), and a foreign Origin with the cookie
        Object status = ((JavascriptExecutor) browser).executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "fetch('/memories', { credentials: 'omit' }).then(r => done(r.status), e => done(String(e)));");
        assertThat(status).isEqualTo(401L);
        String session = browser.manage().getCookieNamed("eagle_mem_viewer").getValue();
        HttpResponse<String> foreign = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/memories/" + memory
                + "/restore")).header("Cookie", "eagle_mem_viewer=" + session).header("Origin", "https://evil.example")
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(foreign.statusCode()).isEqualTo(403);
        HttpResponse<String> none = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/inspect/recall")));
        assertThat(none.statusCode()).isEqualTo(401);
        HttpResponse<String> own = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/inspect/recall"))
                .header("Cookie", "eagle_mem_viewer=" + session));
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(own.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("script-src 'self'").doesNotContain("unsafe"));
    }
}
