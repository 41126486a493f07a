package dev.eaglemem.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * What a wrapped command really runs and how it is marked: the release gate and the token guard judge the command
 * after its wrappers, and must know whether it only runs nested in another command's text.
 */
class WrappersTest {

    private static SimpleCommand only(String line) {
        List<SimpleCommand> commands = ShellWords.parse(line).commands();
        assertThat(commands).as(line).hasSize(1);
        return commands.getFirst();
    }

    @Test
    void aWrapperPathAndItsOptionValuesStayInThePrefix() {
        SimpleCommand c = only("/usr/bin/env -C /srv -- /usr/bin/sudo -g ops VAR=x exec -a pusher nohup ./mvnw -B deploy");
        assertThat(c.words()).containsExactly("./mvnw", "-B", "deploy");
        assertThat(c.prefix()).containsExactly("/usr/bin/env", "-C", "/srv", "--", "/usr/bin/sudo", "-g", "ops", "VAR=x",
                "exec", "-a", "pusher", "nohup");
        assertThat(c.name()).isEqualTo("mvnw");
        assertThat(c.args()).containsExactly("-B", "deploy");
        assertThat(c.nested()).isFalse();
    }

    @Test
    void doasTimeAndTimeoutWithOptionsAreWrappersToo() {
        assertThat(only("doas -u root time -p timeout --kill-after 5 -s KILL 30s cargo publish").words())
                .containsExactly("cargo", "publish");
        assertThat(ShellWords.parse("timeout 5").commands()).as("a duration is not a command").isEmpty();
    }

    @Test
    void envSplitStringIsParsedAsACommandLineOfItsOwn() {
        for (String line : List.of("env -S 'git push origin'", "env --split-string='git push origin'",
                "env -S'git push' origin", "env -i -S 'git push origin'")) {
            SimpleCommand c = only(line);
            assertThat(c.words()).as(line).containsExactly("git", "push", "origin");
            assertThat(c.nested()).as(line).isTrue();
        }
        assertThat(only("env FOO=1 git -S push").words()).as("-S after the command is the command's")
                .containsExactly("git", "-S", "push");
    }

    @Test
    void commandRunsItsArgumentUnlessItOnlyLooksItUp() {
        assertThat(only("command -p git push").words()).containsExactly("git", "push");
        assertThat(ShellWords.parse("command -V git").commands()).isEmpty();
        assertThat(ShellWords.parse("command -pv git").commands()).isEmpty();
    }

    @Test
    void aShellRunsItsDashCTextOrItsHereDocumentButNotAScriptItIsGiven() {
        List<SimpleCommand> inner = ShellWords.parse("sudo bash --norc -e -c 'make && git push' ignored-name").commands();
        assertThat(inner).extracting(SimpleCommand::words).containsExactly(List.of("make"), List.of("git", "push"));
        assertThat(inner).allMatch(SimpleCommand::nested);

        assertThat(ShellWords.parse("bash -c").commands()).as("-c without text runs nothing").isEmpty();
        assertThat(only("bash -- -c").words()).as("after -- it is a script name").containsExactly("bash", "--", "-c");
        assertThat(only("bash --rcfile rc script.sh").words()).containsExactly("bash", "--rcfile", "rc", "script.sh");
        assertThat(only("ksh").words()).as("an interactive shell is itself the command").containsExactly("ksh");

        assertThat(ShellWords.parse("dash -s <<EOF\ngit push\nEOF").commands()).extracting(SimpleCommand::words)
                .containsExactly(List.of("git", "push"));
    }

    @Test
    void evalTextIsNestedAndKeepsTheCapturedOutputOfItsPlace() {
        List<SimpleCommand> piped = ShellWords.parse("eval 'git log' | head").commands();
        assertThat(piped.getFirst().words()).containsExactly("git", "log");
        assertThat(piped.getFirst().nested()).isTrue();
        assertThat(piped.getFirst().outputCaptured()).as("eval's output goes into the pipe").isTrue();
        assertThat(piped.get(1).nested()).isFalse();
    }

    @Test
    void aSimpleCommandHasANameAndOperandsSkipOptionValues() {
        assertThatThrownBy(() -> new SimpleCommand(List.of(), List.of(), false, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new SimpleCommand(List.of("git"), List.of(), false, false).args()).isEmpty();

        List<String> args = List.of("-C", "app", "--no-pager", "-cfoo=bar", "log", "+nightly", "-", "main", "--", "x");
        assertThat(ReleaseBoundaries.operands(args, Set.of("-C"), 10)).containsExactly("log", "-", "main");
        assertThat(ReleaseBoundaries.operands(args, Set.of("-C"), 1)).containsExactly("log");
        assertThat(ReleaseBoundaries.operands(args, Set.of(), 10)).as("without -C's value skipped")
                .containsExactly("app", "log", "-", "main");
    }

    @Test
    void theFirstBoundaryOfALineIsTheOneReportedAndEagleMemItselfIsNever() {
        ReleaseBoundary first = ReleaseBoundaries.detect("npm publish && git push && docker push x").orElseThrow();
        assertThat(first.kind()).isEqualTo("npm publish");
        assertThat(first.label()).isEqualTo("npm publish: npm publish");
        assertThat(ReleaseBoundaries.isEagleMem(only("/opt/bin/eagle-mem feature pending"))).isTrue();
        assertThat(ReleaseBoundaries.isEagleMem(only("eagle-mem-hook PreToolUse"))).isTrue();
        assertThat(ReleaseBoundaries.isEagleMem(only("eagle-memo x"))).isFalse();
        assertThat(ReleaseBoundaries.detect("git push --DRY-RUN")).as("the dry-run flag in any case").isEmpty();
        assertThat(ReleaseBoundaries.detect("git push --dry-run=false")).isPresent();
    }
}
