package dev.eaglemem.tokenguard;

import java.util.Locale;

import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;

/**
 * {@code token_guard.rtk} and {@code token_guard.raw_bash}, typed.
 *
 * @param rtk auto: rewrite through rtk when it is on PATH, never block without it; enforce: also deny
 *        noisy commands when rtk is missing; off: the token guard does nothing
 * @param rawBash for Codex, which cannot take a rewritten command: block tells it the compact command
 *        instead (deny), allow lets the raw command run
 */
public record TokenGuardSettings(Rtk rtk, RawBash rawBash) {

    public enum Rtk {
        AUTO, ENFORCE, OFF
    }

    public enum RawBash {
        BLOCK, ALLOW
    }

    public static TokenGuardSettings from(EagleConfig config) {
        return new TokenGuardSettings(
                Rtk.valueOf(config.stringValue(ConfigKeys.TOKEN_GUARD_RTK).toUpperCase(Locale.ROOT)),
                RawBash.valueOf(config.stringValue(ConfigKeys.TOKEN_GUARD_RAW_BASH).toUpperCase(Locale.ROOT)));
    }
}
