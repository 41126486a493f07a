package dev.eaglemem.team;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TeamKeysTest {

    @Test
    void everyCloneOfOneRepositoryMeetsUnderOneKey() {
        assertThat(TeamKeys.fromRemote("git@github.com:acme/shop.git")).isEqualTo("github.com/acme/shop");
        assertThat(TeamKeys.fromRemote("https://github.com/acme/shop")).isEqualTo("github.com/acme/shop");
        assertThat(TeamKeys.fromRemote("https://alice@github.com/acme/shop.git/")).isEqualTo("github.com/acme/shop");
        assertThat(TeamKeys.fromRemote("ssh://git@gitlab.example.com:2222/team/shop.git")).isEqualTo(
                "gitlab.example.com/team/shop");
        assertThat(TeamKeys.fromRemote("/srv/git/shop.git")).isEqualTo("srv/git/shop");
    }

    @Test
    void withoutARemoteTheProjectKeysLastPart() {
        assertThat(TeamKeys.of("code/shop-api", null)).isEqualTo("shop-api");
    }
}
