package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectPathTest {

    @TempDir
    Path tmp;

    @Test
    void absoluteRelativeAndDotDotPathsBecomeRootRelative() {
        Path root = tmp.resolve("shop");
        assertThat(ProjectPath.relative(root, root + "/src/cart.ts")).contains("src/cart.ts");
        assertThat(ProjectPath.relative(root, "src/cart.ts")).contains("src/cart.ts");
        assertThat(ProjectPath.relative(root, "./src/../lib/x.ts")).contains("lib/x.ts");
        assertThat(ProjectPath.relative(root, root + "/src/../src/cart.ts")).contains("src/cart.ts");
    }

    @Test
    void filesOutsideTheRootAndTheRootItselfAreIgnored() {
        Path root = tmp.resolve("shop");
        assertThat(ProjectPath.relative(root, "../other/cart.ts")).isEmpty();
        assertThat(ProjectPath.relative(root, tmp.resolve("shop2/cart.ts").toString())).isEmpty();
        assertThat(ProjectPath.relative(root, "/etc/passwd")).isEmpty();
        assertThat(ProjectPath.relative(root, root.toString())).isEmpty();
        assertThat(ProjectPath.relative(root, " ")).isEmpty();
    }

    @Test
    void aSymlinkedCheckoutMapsToTheRealRoot() throws IOException {
        Path real = Files.createDirectories(tmp.resolve("real/shop/src"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("real/shop"));
        Path root = tmp.resolve("real/shop").toRealPath();
        assertThat(ProjectPath.relative(root, link.resolve("src/cart.ts").toString())).contains("src/cart.ts");
        assertThat(real).exists();
    }

    /** The guard and capture read an agent's path alike: from its working directory, through a symlink or not. */
    @Test
    void aPathFromTheAgentsWorkingDirectoryIsTheSameStringForTheGuardAndForCapture() throws IOException {
        Files.createDirectories(tmp.resolve("real/shop/src/pay"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("real/shop"));
        Path root = tmp.resolve("real/shop").toRealPath();
        Path cwd = link.resolve("src");
        assertThat(ProjectPath.relative(root, cwd, "pay/card.ts")).contains("src/pay/card.ts");
        assertThat(ProjectPath.stored(root, cwd, "pay/card.ts")).isEqualTo("src/pay/card.ts");
        assertThat(ProjectPath.relative(root, cwd, link + "/src/pay/card.ts")).contains("src/pay/card.ts");
        assertThat(ProjectPath.stored(root, root, root.toString())).as("the root itself").isEqualTo(".");
        assertThat(ProjectPath.relative(root, root, root.toString())).isEmpty();
    }

    /** Outside the project: the guard has nothing to say about it; capture keeps where it was. */
    @Test
    void aPathOutsideTheRootIsDroppedByTheGuardAndKeptWholeByCapture() {
        Path root = tmp.resolve("shop");
        assertThat(ProjectPath.relative(root, root, "../notes/todo.md")).isEmpty();
        assertThat(ProjectPath.stored(root, root, "../notes/todo.md")).isEqualTo(tmp.resolve("notes/todo.md").toString());
        assertThat(ProjectPath.stored(root, root, "/etc/hosts")).isEqualTo("/etc/hosts");
        assertThat(ProjectPath.stored(null, Path.of("/work"), "a.txt")).as("no project: absolute").isEqualTo("/work/a.txt");
        assertThat(ProjectPath.stored(root, root, "bad\u0000path")).as("unusable: as given").isEqualTo("bad\u0000path");
    }
}
