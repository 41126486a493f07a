package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class GateCommandTest {

    @Test
    void gitsPrePushLinesAreReadAsTheyCome() {
        StringWriter err = new StringWriter();
        String lines = "refs/heads/main 1111 refs/heads/main 0000\n";
        Optional<List<String>> read = GateCommand.readPrePush(new ByteArrayInputStream(lines.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(err));
        assertThat(read).contains(List.of("refs/heads/main 1111 refs/heads/main 0000"));
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void anUnreadableStdinIsSaidAndNotTakenForNothingToPush() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Input/output error");
            }
        };
        StringWriter err = new StringWriter();
        Optional<List<String>> read = GateCommand.readPrePush(broken, new PrintWriter(err));
        assertThat(read).isEmpty();
        assertThat(err.toString()).contains("cannot read the refs git is pushing", "Input/output error",
                "checking the commits of HEAD that no remote has instead");
    }
}
