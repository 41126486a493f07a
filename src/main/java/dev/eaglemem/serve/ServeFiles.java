package dev.eaglemem.serve;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;

/** The files serve keeps in {@code $EAGLE_MEM_DIR}: socket, token, lock, pid, log. */
public record ServeFiles(Path socket, Path token, Path lock, Path pid, Path log, Path starting) {

    public static ServeFiles of(DataDir dir) {
        Path root = dir.root();
        return new ServeFiles(root.resolve("serve.sock"), root.resolve("serve.token"), root.resolve("serve.lock"),
                root.resolve("serve.pid"), root.resolve("serve.log"), root.resolve("serve.starting"));
    }

    /** The API token, created owner-only with 256 random bits on first use. */
    String loadOrCreateToken() {
        try {
            if (!Files.exists(token)) {
                String fresh = HexFormat.of().formatHex(SecureRandom.getInstanceStrong().generateSeed(32));
                try {
                    Files.createFile(token, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                    Files.writeString(token, fresh + "\n", StandardCharsets.UTF_8);
                } catch (FileAlreadyExistsException e) {
                    // another serve created it first; read theirs
                }
            }
            return Files.readString(token, StandardCharsets.UTF_8).strip();
        } catch (IOException | NoSuchAlgorithmException e) {
            throw EagleException.failure("token_unavailable", "cannot create or read " + token + ": " + e.getMessage(),
                    "check the permissions of " + token.getParent(), e);
        }
    }

    /** The pid serve recorded, or -1. */
    long recordedPid() {
        try {
            return Files.exists(pid) ? Long.parseLong(Files.readString(pid).strip()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
