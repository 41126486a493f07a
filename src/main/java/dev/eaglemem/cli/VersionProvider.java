package dev.eaglemem.cli;

import dev.eaglemem.config.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/** {@code eagle-mem --version}. */
public class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] { "eagle-mem " + version() };
    }

    public static String version() {
        return BuildInfo.version();
    }
}
