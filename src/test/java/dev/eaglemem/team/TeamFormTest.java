package dev.eaglemem.team;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.store.PortableType;
import org.junit.jupiter.api.Test;

class TeamFormTest {

    private static final TeamForm.Keys KEYS = new TeamForm.Keys("code/shop", "github.com/acme/shop");

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) PlainJson.MAPPER.readTree(text);
    }

    @Test
    void theTeamFormUsesTheTeamKeyAndDropsWhatIsThisMachinesOwn() throws Exception {
        ObjectNode memory = json("{\"project\":\"code/shop\",\"scope\":\"project\",\"kind\":\"decision\",\"content\":\"x\","
                + "\"session_id\":\"s-1\",\"superseded_by\":\"code/shop@2026-12-01T10:00:00.000Z#0\"}");
        ObjectNode team = TeamForm.toTeam(PortableType.MEMORY, memory, KEYS, Set.of());
        assertThat(team.get("project").asText()).isEqualTo("github.com/acme/shop");
        assertThat(team.get("superseded_by").asText()).isEqualTo("github.com/acme/shop@2026-12-01T10:00:00.000Z#0");
        assertThat(team.get("session_id").isNull()).isTrue();
        assertThat(memory.get("session_id").asText()).as("the local record is not touched").isEqualTo("s-1");

        ObjectNode back = TeamForm.toLocal(team, KEYS);
        TeamForm.restoreOwn(PortableType.MEMORY, back, memory);
        assertThat(back).isEqualTo(memory);
    }

    @Test
    void idsOfTheProjectMoveBetweenKeysAndOthersStay() {
        assertThat(TeamForm.id("code/shop/checkout@2026-12-01T10:00:00.000Z", "code/shop", "acme/shop")).isEqualTo(
                "acme/shop/checkout@2026-12-01T10:00:00.000Z");
        assertThat(TeamForm.id("code/shopping@2026-12-01T10:00:00.000Z#0", "code/shop", "acme/shop")).isEqualTo(
                "code/shopping@2026-12-01T10:00:00.000Z#0");
        assertThat(TeamForm.id("s-42", "code/shop", "acme/shop")).isEqualTo("s-42");
    }

    @Test
    void theSafeDefaultSharesDurableRecordsOnly() throws Exception {
        Set<TeamInclude> none = Set.of();
        assertThat(TeamForm.shared(PortableType.MEMORY, json("{\"scope\":\"project\",\"kind\":\"gotcha\"}"), none, Set.of()))
                .isTrue();
        assertThat(TeamForm.shared(PortableType.MEMORY, json("{\"scope\":\"personal\",\"kind\":\"preference\"}"), none,
                Set.of())).isFalse();
        assertThat(TeamForm.shared(PortableType.MEMORY, json("{\"scope\":\"project\",\"kind\":\"note\"}"), none, Set.of()))
                .isFalse();
        assertThat(TeamForm.shared(PortableType.PROMPT, json("{}"), none, Set.of())).isFalse();
        assertThat(TeamForm.shared(PortableType.OBSERVATION, json("{}"), none, Set.of())).isFalse();
        assertThat(TeamForm.shared(PortableType.SUMMARY, json("{\"decisions\":\"\",\"gotchas\":null}"), none, Set.of()))
                .isFalse();
        assertThat(TeamForm.shared(PortableType.SUMMARY, json("{\"decisions\":\"use cents\"}"), none, Set.of())).isTrue();
        assertThat(TeamForm.shared(PortableType.SESSION, json("{\"id\":\"s-1\"}"), none, Set.of())).isFalse();
        assertThat(TeamForm.shared(PortableType.SESSION, json("{\"id\":\"s-1\"}"), none, Set.of("s-1"))).isTrue();
        for (PortableType t : new PortableType[] { PortableType.FEATURE, PortableType.CHECK, PortableType.VERIFICATION,
                PortableType.GUARD_RULE, PortableType.COMMAND_RULE }) {
            assertThat(TeamForm.shared(t, json("{}"), none, Set.of())).as(t.id()).isTrue();
        }
        Set<TeamInclude> all = Set.of(TeamInclude.values());
        assertThat(TeamForm.shared(PortableType.PROMPT, json("{}"), all, Set.of())).isTrue();
        assertThat(TeamForm.shared(PortableType.MEMORY, json("{\"scope\":\"personal\",\"kind\":\"note\"}"), all, Set.of()))
                .isTrue();
    }

    @Test
    void aSummaryTravelsWithItsDecisionsAndGotchasOnly() throws Exception {
        ObjectNode summary = json("{\"session_id\":\"s-1\",\"project\":\"code/shop\",\"request\":\"fix the cart\","
                + "\"learned\":\"x\",\"decisions\":\"cents\",\"gotchas\":\"floats drift\",\"next_steps\":\"y\"}");
        ObjectNode team = TeamForm.toTeam(PortableType.SUMMARY, summary, KEYS, Set.of());
        assertThat(team.get("request").isNull()).isTrue();
        assertThat(team.get("learned").isNull()).isTrue();
        assertThat(team.get("decisions").asText()).isEqualTo("cents");
        assertThat(TeamForm.toTeam(PortableType.SUMMARY, summary, KEYS, Set.of(TeamInclude.SUMMARIES)).get("request")
                .asText()).isEqualTo("fix the cart");
    }

    @Test
    void theHashIgnoresKeyOrderAsJsonbStoresIt() throws Exception {
        assertThat(TeamForm.hash(json("{\"b\":1,\"a\":\"x\",\"c\":null}"))).isEqualTo(TeamForm.hash(json(
                "{\"a\":\"x\",\"c\":null,\"b\":1}")));
        assertThat(TeamForm.hash(json("{\"a\":\"x\"}"))).isNotEqualTo(TeamForm.hash(json("{\"a\":\"y\"}")));
    }

    @Test
    void includesAreNamedAsUsersSpellThem() {
        assertThat(TeamInclude.require("prompt")).isEqualTo(TeamInclude.PROMPTS);
        assertThat(TeamInclude.require("Observations")).isEqualTo(TeamInclude.OBSERVATIONS);
        assertThat(TeamInclude.require("agent-notes")).isEqualTo(TeamInclude.NOTES);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TeamInclude.require("everything")).hasMessageContaining(
                "'everything'").satisfies(
                        e -> assertThat(((dev.eaglemem.error.EagleException) e).fix()).contains(
                                "prompts, observations, personal, notes, summaries"));
    }
}
