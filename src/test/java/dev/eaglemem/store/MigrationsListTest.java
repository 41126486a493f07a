package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

class MigrationsListTest {

    @Test
    void theMigrationListMatchesTheDbMigrationFolder() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("db", "migration"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted(MigrationsListTest::byVersion))
                    .as("add new migrations to Migrations.FILES (in order)")
                    .containsExactlyElementsOf(Migrations.FILES);
        }
    }

    @Test
    void versionsAreConsecutiveFromOne() {
        for (int i = 0; i < Migrations.FILES.size(); i++) {
            assertThat(Migrations.versionOf(Migrations.FILES.get(i))).isEqualTo(i + 1);
        }
        assertThat(Migrations.LATEST).isEqualTo(Migrations.FILES.size());
    }

    @Test
    void theTeamMigrationListMatchesTheDbTeamFolder() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("db", "team"))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted(MigrationsListTest::byVersion))
                    .as("add new team migrations to TeamMigrations.FILES (in order)")
                    .containsExactlyElementsOf(TeamMigrations.FILES);
        }
        for (int i = 0; i < TeamMigrations.FILES.size(); i++) {
            assertThat(Migrations.versionOf(TeamMigrations.FILES.get(i))).isEqualTo(i + 1);
        }
    }

    private static int byVersion(String a, String b) {
        return Integer.compare(Migrations.versionOf(a), Migrations.versionOf(b));
    }
}
