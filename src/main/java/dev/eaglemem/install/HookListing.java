package dev.eaglemem.install;

import java.util.List;

/**
 * The answer to {@code hooks/list} for one working directory.
 *
 * @param hooks    every discovered handler, in Codex's display order
 * @param warnings e.g. a hooks.json Codex could not parse ("failed to parse hooks config …"), whose hooks are then missing
 * @param errors   {@code <path>: <message>} for hook sources that failed to load
 */
public record HookListing(List<HookState> hooks, List<String> warnings, List<String> errors) {

    public HookListing {
        hooks = List.copyOf(hooks);
        warnings = List.copyOf(warnings);
        errors = List.copyOf(errors);
    }
}
