package dev.eaglemem.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PathFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** F5: a data directory another user could touch is refused; one only they could read is made owner-only. */
class DataDirCheckTest {

    /** uid 65534 (nobody) plays the other local user; only root can give it files. */
    private static final int OTHER_UID = 65534;

    @TempDir
    Path dir;

    private DataDir dataDir() {
        return DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", dir.resolve("mem").toString()), dir, dir));
    }

    private Path root() throws IOException {
        return Files.createDirectories(dir.resolve("mem"));
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }

    private static void chmod(Path path, String mode) throws IOException {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
    }

    private static void giveToOtherUser(Path path) throws IOException {
        assumeTrue(PathFacts.currentUid() == 0, "only root can play another local user (run the tests as root)");
        Files.setAttribute(path, "unix:uid", OTHER_UID, LinkOption.NOFOLLOW_LINKS);
    }

    private EagleException refusal() {
        try {
            dataDir().ensureExists();
        } catch (EagleException e) {
            assertThat(e.errorCode()).isEqualTo("data_dir_unsafe");
            return e;
        }
        throw new AssertionError("the data directory was accepted");
    }

    @Test
    void aDirectoryOthersMayReadIsMadeOwnerOnlyWithWhatIsInItAndTheLogSaysSoOnce() throws Exception {
        Path root = root();
        chmod(root, "rwxr-xr-x");
        Path pid = Files.writeString(root.resolve("serve.pid"), "1\n");
        chmod(pid, "rw-r--r--");
        Path runtime = Files.createDirectory(root.resolve("runtime"));
        chmod(runtime, "rwxr-xr-x");

        dataDir().ensureExists();
        dataDir().ensureExists();

        assertThat(mode(root)).isEqualTo("rwx------");
        assertThat(mode(pid)).isEqualTo("rw-------");
        assertThat(mode(runtime)).isEqualTo("rwx------");
        String log = Files.readString(root.resolve("eagle-mem.log"));
        assertThat(log.lines()).hasSize(1);
        assertThat(log).contains(root + " 755->700").contains(pid + " 644->600").contains(runtime + " 755->700");
        assertThat(mode(root.resolve("eagle-mem.log"))).isEqualTo("rw-------");
    }

    @Test
    void aDirectoryOthersMayChangeIsRefusedWithTheCommandThatMakesItSafe() throws Exception {
        Path root = root();
        chmod(root, "rwxrwxrwx");
        EagleException e = refusal();
        assertThat(e.getMessage()).contains(root.toString()).contains("mode 777");
        assertThat(e.fix()).contains("ls -la " + root).contains("chmod -R go-rwx " + root);
        assertThat(mode(root)).as("refused, not silently changed").isEqualTo("rwxrwxrwx");
        assertThat(root.resolve("eagle-mem.log")).as("nothing written into it").doesNotExist();
    }

    @Test
    void aFileInItThatOthersMayChangeIsRefused() throws Exception {
        Path runtime = Files.createDirectories(root().resolve("runtime"));
        chmod(runtime, "rwxrwxrwx");
        EagleException e = refusal();
        assertThat(e.getMessage()).contains(runtime + " can be changed by other users (mode 777)");
        assertThat(e.fix()).isEqualTo("chmod -R go-rwx " + runtime);
    }

    @Test
    void aDirectoryOfAnotherUserIsRefusedNamingTheOwner() throws Exception {
        Path root = root();
        Files.writeString(root.resolve("serve.token"), "1".repeat(64));
        chmod(root, "rwxrwxrwx");
        giveToOtherUser(root);
        EagleException e = refusal();
        assertThat(e.getMessage()).contains(root + " is owned by").contains("uid " + OTHER_UID).contains("not by you");
        assertThat(e.fix()).contains("sudo chown -R " + DataDirCheck.me() + " " + root).contains("export EAGLE_MEM_DIR=");
        assertThat(root.resolve("eagle-mem.log")).doesNotExist();
    }

    @Test
    void aFileOfAnotherUserInOurDirectoryIsRefused() throws Exception {
        Path token = Files.writeString(root().resolve("serve.token"), "1".repeat(64));
        chmod(token, "rw-------");
        giveToOtherUser(token);
        EagleException e = refusal();
        assertThat(e.getMessage()).contains(token + " is owned by").contains("uid " + OTHER_UID);
        assertThat(e.fix()).contains("sudo rm -rf " + token);
    }

    @Test
    void aSymbolicLinkWhereEagleMemWritesIsRefusedAndNeverFollowed() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim"), "keep\n");
        for (String name : new String[] { "eagle-mem.log", "serve.pid", "serve.token" }) {
            Path link = Files.createSymbolicLink(root().resolve(name), victim);
            EagleException e = refusal();
            assertThat(e.getMessage()).contains(link + " is a symbolic link (to " + victim + ")");
            assertThat(e.fix()).startsWith("rm " + link);
            assertThat(new LogFile(link, Clock.systemUTC()).warn("through the link")).isFalse();
            Files.delete(link);
        }
        Path spool = Files.createDirectories(root().resolve("spool"));
        Files.createSymbolicLink(spool.resolve("events.jsonl"), victim);
        assertThat(refusal().getMessage()).contains(spool.resolve("events.jsonl") + " is a symbolic link");
        assertThat(victim).hasContent("keep");
    }

    @Test
    void theDatabaseAndConfigMayBeLinksToFilesOfOurOwn() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("disk"));
        Path db = Files.writeString(elsewhere.resolve("memory.db"), "");
        Files.createSymbolicLink(root().resolve("memory.db"), db);
        Files.createSymbolicLink(root().resolve("config.toml"), Files.writeString(elsewhere.resolve("c.toml"), ""));
        dataDir().ensureExists();

        chmod(db, "rw-rw-rw-");
        assertThat(refusal().getMessage()).contains(root().resolve("memory.db") + " can be changed by other users");
        assertThat(mode(db)).as("a link's target is checked, never changed").isEqualTo("rw-rw-rw-");
    }

    @Test
    void theDeepScanFindsWhatTheQuickOneDoesNotOpen() throws Exception {
        Path jar = Files.writeString(Files.createDirectories(root().resolve("runtime/lib")).resolve("app.jar"), "x");
        chmod(jar, "rw-rw-rw-");
        assertThat(DataDirCheck.scan(root()).refused()).as("the hook path looks at the top level and the spool").isFalse();
        DataDirCheck.Findings deep = DataDirCheck.scanDeep(root());
        assertThat(deep.problems()).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo(jar);
            assertThat(p.detail()).contains("mode 666");
        });
    }

    @Test
    void aMissingDirectoryHasNothingToCheckAndIsCreatedOwnerOnly() throws Exception {
        assertThat(DataDirCheck.scan(dir.resolve("mem")).refused()).isFalse();
        dataDir().checkSafe();
        assertThat(dir.resolve("mem")).doesNotExist();
        dataDir().ensureExists();
        assertThat(mode(dir.resolve("mem"))).isEqualTo("rwx------");
    }
}
