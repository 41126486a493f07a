package dev.eaglemem.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/** Who and where by default in a team: the host name, and git's user.email (else the login name). */
final class TeamIdentity {

    private TeamIdentity() {
    }

    static String machine(EagleEnv env) {
        String fromEnv = env.get("HOSTNAME").orElse("");
        if (!fromEnv.isBlank()) {
            return fromEnv.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }

    static String person(EagleEnv env) {
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("git", "config", "--get", "user.email"))
                .withDir(env.cwd()).withTimeout(Duration.ofSeconds(5)));
        if (r.ok() && !r.out().isBlank()) {
            return r.out().strip();
        }
        return env.get("USER").or(() -> env.get("LOGNAME")).orElse(System.getProperty("user.name", "someone"));
    }
}
