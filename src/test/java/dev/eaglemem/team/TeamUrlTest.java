package dev.eaglemem.team;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

class TeamUrlTest {

    @Test
    void aLibpqUriBecomesHostPortDatabaseUserAndSslmodePrefer() {
        TeamUrl url = TeamUrl.parse("postgresql://alice@db.example.com:6543/eagle");
        assertThat(url.host()).isEqualTo("db.example.com");
        assertThat(url.port()).isEqualTo(6543);
        assertThat(url.database()).isEqualTo("eagle");
        assertThat(url.user()).isEqualTo("alice");
        assertThat(url.sslmode()).isEqualTo("prefer");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example.com:6543/eagle?sslmode=prefer");
        assertThat(url.display()).isEqualTo("postgresql://alice@db.example.com:6543/eagle?sslmode=prefer");
    }

    @Test
    void verifyFullAndItsRootCertificatePassThroughUnderLibpqNames() {
        TeamUrl url = TeamUrl.parse("postgres://bob@db:5432/team?sslmode=verify-full&sslrootcert=/etc/ssl/team.crt");
        assertThat(url.sslmode()).isEqualTo("verify-full");
        assertThat(url.jdbcUrl()).contains("sslmode=verify-full", "sslrootcert=%2Fetc%2Fssl%2Fteam.crt");
    }

    @Test
    void theKeywordFormAndPgjdbcFormAreRead() {
        TeamUrl kw = TeamUrl.parse("host=db port=5433 dbname=eagle user=carol sslmode=require");
        assertThat(kw.host()).isEqualTo("db");
        assertThat(kw.port()).isEqualTo(5433);
        assertThat(kw.user()).isEqualTo("carol");
        assertThat(kw.sslmode()).isEqualTo("require");
        assertThat(TeamUrl.parse("jdbc:postgresql://dan@10.0.0.5/eagle").host()).isEqualTo("10.0.0.5");
        assertThat(TeamUrl.parse("postgresql://erin@[::1]:5432/eagle").host()).isEqualTo("::1");
    }

    @Test
    void aPasswordInTheUrlIsRefusedWithTheWayOut() {
        for (String text : new String[] { "postgresql://alice:s3cret@db/eagle", "host=db dbname=eagle password=s3cret" }) {
            assertThatThrownBy(() -> TeamUrl.parse(text)).isInstanceOf(EagleException.class)
                    .hasMessageContaining("carries a password").hasMessageNotContaining("s3cret")
                    .satisfies(e -> assertThat(((EagleException) e).fix()).contains("PGPASSWORD", "--password-stdin"));
        }
    }

    @Test
    void unknownSettingsBadPortsAndSslmodesAreNamed() {
        assertThatThrownBy(() -> TeamUrl.parse("postgresql://a@db:99999/eagle")).hasMessageContaining("not a port number");
        assertThatThrownBy(() -> TeamUrl.parse("postgresql://a@db/eagle?sslmode=maybe")).hasMessageContaining(
                "sslmode 'maybe'");
        assertThatThrownBy(() -> TeamUrl.parse("postgresql://a@db/eagle?options=-c")).hasMessageContaining(
                "'options'");
        assertThatThrownBy(() -> TeamUrl.parse("mysql://a@db/eagle")).hasMessageContaining("not a PostgreSQL connection URL");
        assertThatThrownBy(() -> TeamUrl.parse("  ")).hasMessageContaining("no team database URL");
    }
}
