package dev.eaglemem.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrivateFilesTest {

    @TempDir
    Path dir;

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    private Path outside(String text) throws IOException {
        return Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("victim"), text);
    }

    @Test
    void missingDirectoriesAreMadeOwnerOnlyAndAnExistingOneKeepsItsMode() throws Exception {
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        PrivateFiles.createDirectories(shared.resolve("a/b"));
        assertThat(mode(shared.resolve("a"))).isEqualTo("rwx------");
        assertThat(mode(shared.resolve("a/b"))).isEqualTo("rwx------");
        assertThat(mode(shared)).as("not ours to decide here").isEqualTo("rwxr-xr-x");
        PrivateFiles.createDirectories(shared.resolve("a/b")); // again: nothing to do
    }

    @Test
    void appendingCreatesAnOwnerOnlyFileAndRefusesASymbolicLink() throws Exception {
        Path log = dir.resolve("eagle-mem.log");
        try (FileChannel channel = PrivateFiles.openAppend(log)) {
            channel.write(ByteBuffer.wrap("one\n".getBytes(StandardCharsets.UTF_8)));
        }
        try (FileChannel channel = PrivateFiles.openAppend(log)) {
            channel.write(ByteBuffer.wrap("two\n".getBytes(StandardCharsets.UTF_8)));
        }
        assertThat(log).hasContent("one\ntwo");
        assertThat(mode(log)).isEqualTo("rw-------");

        Path victim = outside("keep\n");
        Path link = Files.createSymbolicLink(dir.resolve("serve.log"), victim);
        assertThatThrownBy(() -> PrivateFiles.openAppend(link)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> PrivateFiles.openLock(link)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> PrivateFiles.read(link)).isInstanceOf(IOException.class);
        assertThat(victim).hasContent("keep");
    }

    @Test
    void aWholeFileWriteReplacesASymbolicLinkInsteadOfWritingThroughIt() throws Exception {
        Path victim = outside("keep\n");
        Path pid = Files.createSymbolicLink(dir.resolve("serve.pid"), victim);
        PrivateFiles.writeString(pid, "4242\n");
        assertThat(Files.isSymbolicLink(pid)).isFalse();
        assertThat(PrivateFiles.readString(pid)).isEqualTo("4242\n");
        assertThat(mode(pid)).isEqualTo("rw-------");
        assertThat(victim).hasContent("keep");
    }

    @Test
    void tighteningTakesOffGroupAndOtherBitsAndKeepsTheOwnersExecuteBit() throws Exception {
        Path tree = Files.createDirectories(dir.resolve("runtime/lib"));
        Path script = Files.writeString(dir.resolve("runtime/eagle-mem"), "#!/bin/sh\n");
        Path jar = Files.writeString(tree.resolve("app.jar"), "jar");
        Files.setPosixFilePermissions(dir.resolve("runtime"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-rw-rw-"));
        Path victim = outside("keep\n");
        Files.setPosixFilePermissions(victim, PosixFilePermissions.fromString("rw-r--r--"));
        Files.createSymbolicLink(tree.resolve("link"), victim);

        assertThat(PrivateFiles.tightenTree(dir.resolve("runtime"))).isEqualTo(4);

        assertThat(mode(dir.resolve("runtime"))).isEqualTo("rwx------");
        assertThat(mode(tree)).isEqualTo("rwx------");
        assertThat(mode(script)).isEqualTo("rwx------");
        assertThat(mode(jar)).isEqualTo("rw-------");
        assertThat(mode(victim)).as("a link's target is not ours to change").isEqualTo("rw-r--r--");
        assertThat(PrivateFiles.tightenTree(dir.resolve("runtime"))).as("nothing left to do").isZero();
        assertThat(PrivateFiles.tighten(dir.resolve("missing"))).isEmpty();
    }

    @Test
    void aFolderOthersMayChangeIsRefusedUnlessItIsSticky() throws Exception {
        Path mine = Files.createDirectory(dir.resolve("mine"));
        PrivateFiles.requireOwnDirectory(mine);
        PrivateFiles.requireOwnDirectory(dir.resolve("not-yet"));

        Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThatThrownBy(() -> PrivateFiles.requireOwnDirectory(mine)).isInstanceOf(IOException.class)
                .hasMessageContaining("mode 777");
        PrivateFiles.requireOwnDirectory(Path.of("/tmp")); // 1777: others add files, never touch ours
    }

    @Test
    void factsAreReadWithoutFollowingALinkUnlessAsked() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), file);

        PathFacts facts = PathFacts.of(file).orElseThrow();
        assertThat(facts.kind()).isEqualTo(PathFacts.Kind.FILE);
        assertThat(facts.octal()).isEqualTo("640");
        assertThat(facts.ownedByMe()).isTrue();
        assertThat(facts.openToOthers()).isTrue();
        assertThat(facts.writableByOthers()).isFalse();
        assertThat(PathFacts.of(link).orElseThrow().kind()).isEqualTo(PathFacts.Kind.SYMLINK);
        assertThat(PathFacts.following(link).orElseThrow().kind()).isEqualTo(PathFacts.Kind.FILE);
        assertThat(PathFacts.of(dir.resolve("missing"))).isEmpty();
        assertThat(PathFacts.currentUid()).isEqualTo(Files.getAttribute(file, "unix:uid"));
    }
}
