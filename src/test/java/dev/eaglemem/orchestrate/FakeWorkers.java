package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Fake worker CLIs named codex and claude (small bash programs) for unit tests. They read the prompt on stdin and obey
 * lines of the lane's scope: {@code WRITE file text}, {@code SLEEP seconds}, {@code EXIT code}; Codex's writes its last
 * message to the --output-last-message file. Real CLIs run in the end-to-end tests.
 */
final class FakeWorkers {

    private static final String SCRIPT = """
            #!/usr/bin/env bash
            prompt=$(cat)
            out=""
            while [ $# -gt 0 ]; do
              case "$1" in --output-last-message) out="$2"; shift;; esac
              shift
            done
            echo "fake worker in $(pwd) project=$EAGLE_MEM_PROJECT lane=$EAGLE_ORCHESTRATION_LANE"
            code=0
            while IFS= read -r line; do
              case "$line" in
                "WRITE "*) rest=${line#WRITE }; printf '%s\\n' "${rest#* }" > "${rest%% *}";;
                "SLEEP "*) sleep "${line#SLEEP }";;
                "EXIT "*) code=${line#EXIT };;
              esac
            done <<< "$prompt"
            [ -n "$out" ] && echo "last: done with code $code" > "$out"
            echo "final answer: code $code"
            exit "$code"
            """;

    private FakeWorkers() {
    }

    /** A bin directory holding the fakes named; its path is the PATH a WorkerSetup is given. */
    static Path bin(Path dir, String... programs) throws IOException {
        Path bin = Files.createDirectories(dir);
        for (String p : programs) {
            Path file = bin.resolve(p);
            Files.writeString(file, SCRIPT);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return bin;
    }
}
