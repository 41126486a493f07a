package dev.eaglemem.autostart;

import java.util.Locale;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** The service managers eagle-mem can install serve into. */
@RegisterForReflection
public enum Platform {
    SYSTEMD("systemd", "systemd --user"), LAUNCHD("launchd", "launchd");

    /** Overrides detection (tests run the launchd path on Linux; a user can force a platform). */
    public static final String VARIABLE = "EAGLE_MEM_SERVICE_PLATFORM";

    private final String id;
    private final String managerName;

    Platform(String id, String managerName) {
        this.id = id;
        this.managerName = managerName;
    }

    public String id() {
        return id;
    }

    /** The manager as people call it. */
    public String managerName() {
        return managerName;
    }

    /**
     * The platform to use: the explicit choice (option, then {@value #VARIABLE}), else macOS → launchd and
     * Linux with {@code systemctl} on PATH → systemd.
     */
    public static Platform choose(String option, EagleEnv env, String osName) {
        Optional<String> explicit = Optional.ofNullable(option).filter(s -> !s.isBlank()).or(() -> env.get(VARIABLE));
        if (explicit.isPresent()) {
            return parse(explicit.get());
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return LAUNCHD;
        }
        if (os.startsWith("linux") && Executables.find(env.vars(), "systemctl").isPresent()) {
            return SYSTEMD;
        }
        throw EagleException.failure("service_unsupported", "no supported service manager here (" + osName
                + (os.startsWith("linux") ? ", no systemctl on PATH" : "")
                + "): eagle-mem service needs systemd --user (Linux) or launchd (macOS)",
                "start serve from your session's start-up instead: eagle-mem serve (it exits after serve.idle_minutes idle)",
                null);
    }

    static Platform parse(String value) {
        for (Platform p : values()) {
            if (p.id.equals(value.strip().toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw EagleException.invalidInput("unknown service platform '" + value + "'",
                "use systemd or launchd (--platform or " + VARIABLE + ")");
    }
}
