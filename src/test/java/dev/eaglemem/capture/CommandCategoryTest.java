package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommandCategoryTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "git push origin main|git",
            "FOO=1 BAR=2 npm test|js",
            "sudo /usr/bin/docker ps|docker",
            "./mvnw -q verify|jvm",
            "env CI=1 pytest -q|test",
            "./run-tests.sh|test",
            "golangci-lint run|lint",
            "my-tool --x|other",
            "'  '|other" })
    void categorizesByProgram(String command, String category) {
        assertThat(CommandCategory.of(command)).isEqualTo(category);
    }
}
