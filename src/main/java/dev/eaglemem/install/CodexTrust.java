package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;

/**
 * Codex skips untrusted hooks without a word. Install asks {@code codex app-server} for the hooks'
 * trust keys and hashes and records ours in config.toml — what the TUI's "Trust all and continue"
 * does — or, when no codex binary is found, says exactly what the user must do.
 */
final class CodexTrust {

    static final String BIN_VARIABLE = "EAGLE_CODEX_BIN";
    static final String MANUAL = "Codex runs hooks only after they are trusted. Start `codex` once and choose"
            + " \"Hooks need review\" → \"Trust all and continue\", or put `codex` on PATH and run: eagle-mem install --agent codex";

    private CodexTrust() {
    }

    /** The codex executable: {@code EAGLE_CODEX_BIN}, else {@code codex} on PATH. */
    static Optional<Path> binary(EagleEnv env) {
        Optional<Path> explicit = env.get(BIN_VARIABLE).map(Path::of).filter(Files::isExecutable);
        if (explicit.isPresent()) {
            return explicit;
        }
        for (String dir : env.get("PATH").orElse("").split(":")) {
            if (!dir.isBlank()) {
                Path candidate = Path.of(dir, "codex");
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Our hooks as Codex lists them (user layer, all working directories). */
    static List<HookState> ours(Path codex, EagleEnv env, AgentPaths paths) {
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("HOME", env.home().toString());
        vars.put("CODEX_HOME", paths.codexHome().toString());
        HookListing listing = new CodexAppServer(List.of(codex.toString(), "app-server"), vars, env.home()).listHooks();
        return listing.hooks().stream().filter(h -> Registrations.isOurs(h.command())).toList();
    }

    /** Key → current hash for our hooks that Codex would skip. */
    static Map<String, String> untrusted(List<HookState> hooks) {
        Map<String, String> out = new LinkedHashMap<>();
        hooks.stream().filter(HookState::needsTrust).forEach(h -> out.put(h.key(), h.currentHash()));
        return out;
    }

    static EagleException stillUntrusted(List<HookState> hooks) {
        return EagleException.failure("codex_trust_failed", "Codex still reports eagle-mem hooks as untrusted: "
                + hooks.stream().filter(HookState::needsTrust).map(HookState::key).toList(), MANUAL, null);
    }
}
