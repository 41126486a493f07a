package dev.eaglemem.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Facts fixed at build time (Maven filters {@code eagle-mem-build.properties}). */
public final class BuildInfo {

    private BuildInfo() {
    }

    public static String version() {
        try (InputStream in = BuildInfo.class.getResourceAsStream("/eagle-mem-build.properties")) {
            Properties props = new Properties();
            if (in != null) {
                props.load(in);
            }
            return props.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
