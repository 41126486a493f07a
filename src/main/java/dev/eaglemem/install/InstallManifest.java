package dev.eaglemem.install;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code $EAGLE_MEM_DIR/install.json}: what install added, so that uninstall removes exactly that and
 * doctor can check it. Paths are absolute.
 *
 * @param agents claude-code and/or codex
 * @param createdFiles files that did not exist before install (skills, instruction files) and go on uninstall
 * @param codexTrustKeys the Codex hook trust entries install wrote into config.toml
 * @param localBinLink the ~/.local/bin/eagle-mem link install made, or null
 * @param hookProgram what the hook entries run: the eagle-mem-hook shim or the binary (null in manifests
 *        written before the shim existed: the binary)
 * @param command how the agents' instructions and allow rules call eagle-mem: {@code eagle-mem} or a full path
 *        (null in manifests written before it was recorded)
 * @param hookShell the bash that runs the shim, or null (the shim runs by itself, or the hooks run the binary)
 */
@RegisterForReflection
public record InstallManifest(String version, String installedAt, String binary, List<String> agents,
        List<String> createdFiles, List<String> codexTrustKeys, String localBinLink, String hookProgram, String command,
        String hookShell) {

    static final String FILE = "install.json";
    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public InstallManifest {
        agents = List.copyOf(agents);
        createdFiles = List.copyOf(createdFiles);
        codexTrustKeys = List.copyOf(codexTrustKeys);
    }

    static InstallManifest empty() {
        return new InstallManifest(null, null, null, List.of(), List.of(), List.of(), null, null, null, null);
    }

    static InstallManifest read(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return empty();
        }
        try {
            return JSON.readValue(PrivateFiles.read(file), InstallManifest.class);
        } catch (IOException e) {
            throw EagleException.failure("manifest_unreadable", "cannot read " + file + ": " + e.getMessage(),
                    "move it aside (mv " + file + " " + file + ".bak) and run eagle-mem install again", e);
        }
    }

    void write(Path dataDir) {
        Path file = dataDir.resolve(FILE);
        try {
            PrivateFiles.writeString(file, JSON.writeValueAsString(this) + "\n");
        } catch (IOException e) {
            throw EagleException.failure("manifest_unwritable", "cannot write " + file + ": " + e.getMessage(),
                    "check that " + dataDir + " is writable", e);
        }
    }

    InstallManifest withCreated(List<String> more) {
        List<String> all = new ArrayList<>(createdFiles);
        more.stream().filter(f -> !all.contains(f)).forEach(all::add);
        return new InstallManifest(version, installedAt, binary, agents, all, codexTrustKeys, localBinLink, hookProgram,
                command, hookShell);
    }

    /** The program the hook entries were registered with. */
    String hooksRun() {
        return hookProgram != null ? hookProgram : binary;
    }
}
