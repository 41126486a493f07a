package dev.eaglemem.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ShellWordsTest {

    private static List<List<String>> words(String line) {
        return ShellWords.parse(line).commands().stream().map(SimpleCommand::words).toList();
    }

    @Test
    void quotesAndEscapesAreRemovedAndKeepWordsTogether() {
        assertThat(words("git commit -m \"fix: the \\\"cart\\\" total\" --author='A B <a@b>'")).containsExactly(
                List.of("git", "commit", "-m", "fix: the \"cart\" total", "--author=A B <a@b>"));
        assertThat(words("echo a\\ b 'c'\"d\" $'e\\tf' \"\\n\"")).containsExactly(
                List.of("echo", "a b", "cd", "e\tf", "\\n"));
    }

    @Test
    void operatorsSplitCommandsAndPipesMarkCapturedOutput() {
        ShellScript script = ShellWords.parse("cd app&&git log|head -5;ls>out.txt 2>&1 || echo x & wait");
        assertThat(script.commands()).extracting(SimpleCommand::words).containsExactly(List.of("cd", "app"),
                List.of("git", "log"), List.of("head", "-5"), List.of("ls"), List.of("echo", "x"), List.of("wait"));
        assertThat(script.commands()).extracting(SimpleCommand::outputCaptured)
                .containsExactly(false, true, false, true, false, false);
        assertThat(script.plain()).isFalse();
    }

    @Test
    void stderrRedirectionsDoNotCaptureStandardOutput() {
        assertThat(ShellWords.parse("mvn test 2>/dev/null").commands().getFirst().outputCaptured()).isFalse();
        assertThat(ShellWords.parse("mvn test >/dev/null 2>&1").commands().getFirst().outputCaptured()).isTrue();
        assertThat(ShellWords.parse("mvn test &> log.txt").commands().getFirst().outputCaptured()).isTrue();
        assertThat(words("mvn test 2>&1")).containsExactly(List.of("mvn", "test"));
    }

    @Test
    void onlyASingleBareCommandIsPlain() {
        assertThat(ShellWords.parse("git log --stat").plain()).isTrue();
        assertThat(ShellWords.parse("  git log  ").plain()).isTrue();
        assertThat(ShellWords.parse("X=1 git log").plain()).isFalse();
        assertThat(ShellWords.parse("sudo git log").plain()).isFalse();
        assertThat(ShellWords.parse("git log $(cat refs)").plain()).isFalse();
        assertThat(ShellWords.parse("git log > out").plain()).isFalse();
        assertThat(ShellWords.parse("git log # recent").plain()).isFalse();
        assertThat(ShellWords.parse("bash -c 'git log'").plain()).isFalse();
    }

    @Test
    void commentsStartOnlyAtAWordStart() {
        assertThat(words("echo a#b # c d")).containsExactly(List.of("echo", "a#b"));
        assertThat(words("# only a comment")).isEmpty();
    }

    @Test
    void substitutionsAreCommandsToo() {
        ShellScript script = ShellWords.parse("echo \"$(git rev-parse HEAD)\" `date -u` $((1 + 2)) ${HOME}");
        assertThat(script.commands()).extracting(SimpleCommand::words).containsExactly(
                List.of("echo", "$(git rev-parse HEAD)", "`date -u`", "$((1 + 2))", "${HOME}"),
                List.of("git", "rev-parse", "HEAD"), List.of("date", "-u"));
        assertThat(script.commands().get(1).nested()).isTrue();
        assertThat(script.commands().get(1).outputCaptured()).isTrue();
        assertThat(words("diff <(sort a) <(sort b)")).containsExactly(List.of("diff", "<(sort a)", "<(sort b)"),
                List.of("sort", "a"), List.of("sort", "b"));
    }

    @Test
    void wrappersAndAssignmentsGoToThePrefix() {
        SimpleCommand c = ShellWords.parse("A=1 env -u B C=2 sudo -u deploy timeout -s KILL 5m nice -n 3 git fetch")
                .commands().getFirst();
        assertThat(c.words()).containsExactly("git", "fetch");
        assertThat(c.prefix()).containsExactly("A=1", "env", "-u", "B", "C=2", "sudo", "-u", "deploy", "timeout", "-s",
                "KILL", "5m", "nice", "-n", "3");
        assertThat(words("X=1")).isEmpty();
        assertThat(words("command -v git")).isEmpty();
    }

    @Test
    void shellTextIsParsedAndScriptsAreNot() {
        assertThat(words("bash -xec 'cd a && make' ")).containsExactly(List.of("cd", "a"), List.of("make"));
        assertThat(words("bash -o pipefail -c 'make | tee log'")).containsExactly(List.of("make"),
                List.of("tee", "log"));
        assertThat(words("sh build.sh -c x")).containsExactly(List.of("sh", "build.sh", "-c", "x"));
        assertThat(words("eval 'a; b'")).containsExactly(List.of("a"), List.of("b"));
    }

    @Test
    void hereDocumentsAreDataUnlessAShellReadsThem() {
        assertThat(words("cat <<'EOF' > notes.md\ngit push\nEOF\necho done")).containsExactly(List.of("cat"),
                List.of("echo", "done"));
        assertThat(words("bash <<-EOF\n\tmake\n\tEOF\n")).containsExactly(List.of("make"));
    }

    @Test
    void reservedWordsAreNotCommands() {
        assertThat(words("for f in a b; do rm $f; done")).containsExactly(List.of("rm", "$f"));
        assertThat(words("if test -f x; then make; else exit 1; fi")).containsExactly(List.of("test", "-f", "x"),
                List.of("make"), List.of("exit", "1"));
        assertThat(words("echo if then")).containsExactly(List.of("echo", "if", "then"));
    }

    @Test
    void brokenInputIsReadAsFarAsItGoesAndNeverThrows() {
        assertThat(words("echo 'unterminated git push")).containsExactly(List.of("echo", "unterminated git push"));
        assertThat(words("echo \"open $(git push")).containsExactly(List.of("echo", "open $(git push"),
                List.of("git", "push"));
        assertThat(words("echo `")).containsExactly(List.of("echo", "`"));
        for (String odd : List.of("\\", "'", "\"", "$(", "<<", "2>", "&&", "|", ")", "(", "${", "$'", "<(", "a=(",
                "cat <<EOF", "bash -c", "env -S", "timeout", "sudo -u")) {
            ShellWords.parse(odd);
        }
    }

    @Test
    void nestingStopsAtAFixedDepth() {
        assertThat(words("eval ".repeat(20) + "git push")).isEmpty();
        assertThat(words("eval ".repeat(3) + "git push")).containsExactly(List.of("git", "push"));
        assertThat(words("eval 'eval \"git push\"'")).containsExactly(List.of("git", "push"));
    }

    @Test
    void quotedWordsReadBackAsTheSameWords() {
        assertThat(ShellWords.quote("/home/me/.config/eagle-mem/config.toml"))
                .isEqualTo("/home/me/.config/eagle-mem/config.toml");
        assertThat(ShellWords.quote("")).isEqualTo("''");
        assertThat(ShellWords.quote("My Files/it's")).isEqualTo("'My Files/it'\\''s'");
        List<String> argv = List.of("launchctl", "bootstrap", "gui/501", "/Users/a b/x.plist", "$HOME", "it's");
        assertThat(ShellWords.join(argv)).isEqualTo("launchctl bootstrap gui/501 '/Users/a b/x.plist' '$HOME' 'it'\\''s'");
        assertThat(words(ShellWords.join(argv))).containsExactly(argv);
    }
}
