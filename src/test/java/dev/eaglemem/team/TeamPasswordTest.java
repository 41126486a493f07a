package dev.eaglemem.team;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TeamPasswordTest {

    @TempDir
    Path tmp;

    private final TeamUrl url = TeamUrl.parse("postgresql://alice@db.internal:5432/eagle");

    @Test
    void pgpasswordComesFirst() throws Exception {
        pgpass(tmp.resolve("home/.pgpass"), "db.internal:5432:eagle:alice:from-file", "rw-------");
        var found = TeamPassword.find(url, Map.of("PGPASSWORD", "from-env"), tmp.resolve("data"), tmp.resolve("home"));
        assertThat(found).hasValueSatisfying(f -> {
            assertThat(f.password()).isEqualTo("from-env");
            assertThat(f.source()).isEqualTo("PGPASSWORD");
            assertThat(f.toString()).doesNotContain("from-env");
        });
    }

    @Test
    void ourStoredFileIsPrivateAndComesBeforeTheUsersPgpass() throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        pgpass(tmp.resolve("home/.pgpass"), "*:*:*:*:users-file", "rw-------");
        Path stored = TeamPassword.store(tmp.resolve("data"), url, "with:colon\\and-backslash");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(stored))).isEqualTo("rw-------");
        var found = TeamPassword.find(url, Map.of(), tmp.resolve("data"), tmp.resolve("home"));
        assertThat(found.orElseThrow().password()).isEqualTo("with:colon\\and-backslash");
        TeamPassword.forget(tmp.resolve("data"));
        assertThat(TeamPassword.find(url, Map.of(), tmp.resolve("data"), tmp.resolve("home")).orElseThrow().password())
                .isEqualTo("users-file");
    }

    @Test
    void pgpassLinesMatchHostPortDatabaseAndUserWithWildcards() throws Exception {
        Path file = tmp.resolve("pass");
        pgpass(file, "# team\nother:5432:eagle:alice:wrong-host\ndb.internal:*:eagle:bob:wrong-user\n"
                + "db.internal:*:*:alice:right", "rw-------");
        var found = TeamPassword.find(url, Map.of("PGPASSFILE", file.toString()), tmp.resolve("data"), tmp.resolve("home"));
        assertThat(found.orElseThrow().password()).isEqualTo("right");
        assertThat(found.orElseThrow().source()).isEqualTo(file.toString());
    }

    @Test
    void aFileOthersCanReadIsIgnoredAsLibpqIgnoresIt() throws Exception {
        pgpass(tmp.resolve("home/.pgpass"), "*:*:*:*:leaky", "rw-r--r--");
        assertThat(TeamPassword.find(url, Map.of(), tmp.resolve("data"), tmp.resolve("home"))).isEmpty();
    }

    private static void pgpass(Path file, String text, String mode) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
    }
}
