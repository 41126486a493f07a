package dev.eaglemem.redact;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/** {@code redaction/ordinary/}: developer material without secrets, one file per kind of text. */
final class OrdinaryCorpus {

    static final String DIRECTORY = "/redaction/ordinary";

    private OrdinaryCorpus() {
    }

    static List<Path> files() {
        try (Stream<Path> files = Files.list(Path.of(
                Objects.requireNonNull(OrdinaryCorpus.class.getResource(DIRECTORY), DIRECTORY).toURI()))) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> texts() {
        List<String> texts = new ArrayList<>();
        for (Path file : files()) {
            try {
                texts.add(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return texts;
    }
}
