package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code config list}, the generated docs/configuration.md and completion all walk {@link ConfigKeys#ALL}; a key
 * declared but left out of it would be read by the code and invisible to users, and a key appended out of place
 * lands in the reference away from its section.
 */
class ConfigKeysTest {

    @Test
    void allListsEveryDeclaredKeyInDeclarationOrder() {
        List<ConfigKey> declared = Arrays.stream(ConfigKeys.class.getDeclaredFields())
                .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == ConfigKey.class)
                .map(ConfigKeysTest::value).toList();
        assertThat(declared).hasSizeGreaterThan(10);
        assertThat(ConfigKeys.ALL).containsExactlyElementsOf(declared);
    }

    @Test
    void keyNamesAreUniqueAndSectioned() {
        List<String> names = ConfigKeys.ALL.stream().map(ConfigKey::name).toList();
        assertThat(names).doesNotHaveDuplicates().allMatch(n -> n.matches("[a-z_]+\\.[a-z_]+"));
    }

    /** Issue 28: the "where you were" block after a compaction or clear has its own budget, 2,500 characters by default. */
    @Test
    void theCompactionBudgetIsListedWithItsDefault() {
        assertThat(ConfigKeys.ALL).contains(ConfigKeys.COMPACTION_BUDGET_CHARS);
        assertThat(ConfigKeys.COMPACTION_BUDGET_CHARS.name()).isEqualTo("compaction.budget_chars");
        assertThat(new Settings(EagleConfig.defaults(java.nio.file.Path.of("/nonexistent/config.toml"))).compactionChars())
                .isEqualTo(2500);
    }

    private static ConfigKey value(Field field) {
        try {
            return (ConfigKey) field.get(null);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
