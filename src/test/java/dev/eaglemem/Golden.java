package dev.eaglemem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one way a test compares output with a committed golden file. With {@code -Dgolden.update=true} the file is
 * (re)written from the output first, so the run passes and {@code git diff} shows what changed: review it before
 * committing.
 */
public final class Golden {

    private static final String UPDATE = "golden.update";

    private Golden() {
    }

    /** {@code actual} must equal the UTF-8 text of {@code golden} byte for byte. */
    public static void assertMatches(Path golden, String actual) {
        // the caller names the test to rerun: the failure carries the command that fixes it
        String test = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).getCallerClass()
                .getSimpleName();
        String rewrite = golden + " is the reviewed output; if the change is meant, rewrite it with ./mvnw test -Dtest="
                + test + " -D" + UPDATE + "=true and review the diff";
        try {
            if (Boolean.getBoolean(UPDATE)) {
                Files.createDirectories(golden.toAbsolutePath().getParent());
                Files.writeString(golden, actual, StandardCharsets.UTF_8);
            }
            assertThat(golden).as(rewrite).exists();
            assertThat(actual).as(rewrite).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
