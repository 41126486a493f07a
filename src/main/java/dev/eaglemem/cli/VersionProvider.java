package dev.eaglemem.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import picocli.CommandLine.IVersionProvider;

/** Reads the version Maven filtered into {@code eagle-mem-build.properties}. */
public class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] { "eagle-mem " + version() };
    }

    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/eagle-mem-build.properties")) {
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
