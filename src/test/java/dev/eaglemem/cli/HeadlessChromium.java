package dev.eaglemem.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Debian's chromium and chromium-driver, headless, for the viewer's browser tests. */
final class HeadlessChromium {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /** Skips the test without them, unless EAGLE_E2E_REQUIRED (CI) makes their absence a failure. */
    static void require() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String required = System.getenv("EAGLE_E2E_REQUIRED");
        if (!present && ("1".equals(required) || "true".equalsIgnoreCase(required))) {
            throw new AssertionError("EAGLE_E2E_REQUIRED is set but " + CHROMIUM + " or " + CHROMEDRIVER
                    + " is missing: apt-get install chromium chromium-driver");
        }
        assumeTrue(present, "chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)");
    }

    /** A browser with its own profile directory, which the caller removes after {@code quit()}. */
    static ChromeDriver start(Path profile) {
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile, "--window-size=1280,900");
        // the driver is named, so Selenium Manager never looks for (or downloads) one
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** After a viewer test: the browser quits, serve stops, and the test's directories (data, profile) go. */
    static void tearDown(ChromeDriver browser, Cli cli, Path... dirs) throws IOException {
        if (browser != null) {
            browser.quit();
        }
        cli.run("serve", "--stop");
        for (Path dir : dirs) {
            if (dir != null && Files.exists(dir)) {
                try (var files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }
}
