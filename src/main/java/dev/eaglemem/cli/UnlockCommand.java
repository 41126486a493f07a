package dev.eaglemem.cli;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.tokenguard.UnlockFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "unlock", description = { "Turn the token guard off for a while: noisy shell commands run raw until then.",
        "Writes $EAGLE_MEM_DIR/" + UnlockFile.NAME + " (the expiry); it lapses by itself." })
public class UnlockCommand implements java.util.concurrent.Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--minutes", paramLabel = "N", description = "How long, 1 to 240 (default: ${DEFAULT-VALUE}).")
    int minutes = UnlockFile.DEFAULT_MINUTES;

    @Option(names = "--status", description = "Only show whether an unlock is in effect.")
    boolean status;

    @Option(names = "--clear", description = "End the unlock now.")
    boolean clear;

    private final DataDir dataDir;
    private final Clock clock;

    public UnlockCommand(DataDir dataDir, Clock clock) {
        this.dataDir = dataDir;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        if (status && clear) {
            throw EagleException.invalidInput("--status and --clear do not go together", "eagle-mem unlock --status");
        }
        UnlockFile unlock = UnlockFile.in(dataDir, clock);
        String result;
        if (clear) {
            result = unlock.clear() ? "cleared" : "already_locked";
        } else if (status) {
            result = unlock.activeUntil().isPresent() ? "unlocked" : "locked";
        } else {
            dataDir.ensureExists();
            unlock.unlock(minutes);
            result = "unlocked";
        }
        Optional<Instant> until = unlock.activeUntil();
        if (output.json) {
            Console.json(spec, Console.fields("status", result, "active", until.isPresent(), "expires_at",
                    until.map(Instant::toString).orElse(null), "file", unlock.file().toString()));
            return 0;
        }
        Console.out(spec).println(switch (result) {
            case "cleared" -> "Token guard locked again (removed " + unlock.file() + ").";
            case "already_locked" -> "No unlock was in effect.";
            case "locked" -> "Token guard active. Bypass once: eagle-mem unlock --minutes " + UnlockFile.DEFAULT_MINUTES;
            default -> "Token guard unlocked until " + until.map(Instant::toString).orElse("?") + " ("
                    + (status ? "end it: " : "end it early: ") + "eagle-mem unlock --clear)";
        });
        return 0;
    }
}
