package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

class RecordIdTest {

    @Test
    void prefixedIdsNameTheirTable() {
        assertThat(RecordId.parse("mem-12")).isEqualTo(new RecordId(RecordId.Kind.MEMORY, 12));
        assertThat(RecordId.parse("SUM-3")).isEqualTo(new RecordId(RecordId.Kind.SUMMARY, 3));
        assertThat(RecordId.parse("prm:40")).isEqualTo(new RecordId(RecordId.Kind.PROMPT, 40));
        assertThat(RecordId.parse(" obs7 ")).isEqualTo(new RecordId(RecordId.Kind.OBSERVATION, 7));
    }

    /** As in memories show: a bare number is a memory. */
    @Test
    void aBareNumberIsAMemory() {
        assertThat(RecordId.parse("12")).isEqualTo(new RecordId(RecordId.Kind.MEMORY, 12));
        assertThat(RecordId.parse("12").toString()).isEqualTo("mem-12");
    }

    @Test
    void anythingElseIsRefusedWithTheForms() {
        for (String bad : new String[] { "-12", "x-12", "mem-", "mem-1a", "" }) {
            assertThatThrownBy(() -> RecordId.parse(bad)).as(bad).isInstanceOfSatisfying(EagleException.class,
                    e -> assertThat(e.getMessage()).contains("expected mem-N or N, sum-N, prm-N, obs-N or code-N"));
        }
    }
}
