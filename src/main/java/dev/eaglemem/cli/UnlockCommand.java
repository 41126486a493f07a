package dev.eaglemem.cli;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.tokenguard.TokenPolicy;
import dev.eaglemem.tokenguard.UnlockFile;
import io.quarkus.runtime.annotations.RegisterForReflection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "unlock", header = "Turn the token guard off for a while.",
        description = "Noisy shell commands run raw until the unlock lapses by itself. The expiry is written to"
                + " $EAGLE_MEM_DIR/" + UnlockFile.NAME + ".",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem unlock", "  eagle-mem unlock --minutes 60",
                "  eagle-mem unlock --status --json", "  eagle-mem unlock --clear" })
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

    /** What the command found or did; the JSON mapper writes it lower-case, the words --json always printed. */
    @RegisterForReflection
    enum Result {
        CLEARED, ALREADY_LOCKED, UNLOCKED, LOCKED
    }

    private final DataDir dataDir;
    private final Clock clock;
    private final TokenPolicy policy;
    private final Settings settings;

    public UnlockCommand(DataDir dataDir, Clock clock, TokenPolicy policy, Settings settings) {
        this.dataDir = dataDir;
        this.clock = clock;
        this.policy = policy;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        if (status && clear) {
            throw EagleException.invalidInput("--status and --clear do not go together", "eagle-mem unlock --status");
        }
        UnlockFile unlock = UnlockFile.in(dataDir, clock);
        Result result;
        if (clear) {
            result = unlock.clear() ? Result.CLEARED : Result.ALREADY_LOCKED;
        } else if (status) {
            result = unlock.activeUntil().isPresent() ? Result.UNLOCKED : Result.LOCKED;
        } else {
            dataDir.ensureExists();
            unlock.unlock(minutes);
            result = Result.UNLOCKED;
        }
        Optional<Instant> until = unlock.activeUntil();
        if (output.json) {
            Console.json(spec, new UnlockState(result, until.isPresent(), until.map(Instant::toString).orElse(null),
                    unlock.file().toString(), policy.effect()));
            return 0;
        }
        Console.out(spec).println(switch (result) {
            case CLEARED -> "Token guard locked again (removed " + unlock.file() + ").";
            case ALREADY_LOCKED -> "No unlock was in effect.";
            case LOCKED -> switch (policy.effect()) {
                case ACTIVE -> "Token guard active. Bypass once: eagle-mem unlock --minutes " + UnlockFile.DEFAULT_MINUTES;
                case IDLE_NO_RTK -> "No unlock in effect, and none needed: rtk is not on PATH, so the token guard"
                        + " (token_guard.rtk = auto) lets every command run as it is.";
                case OFF -> "No unlock in effect; the token guard is off (token_guard.rtk = off).";
            };
            case UNLOCKED -> "Token guard unlocked until " + until.map(settings.times()::dateTime).orElse("?") + " ("
                    + (status ? "end it: " : "end it early: ") + "eagle-mem unlock --clear)";
        });
        return 0;
    }
}
