package dev.eaglemem.team;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * A project's default key in the team: the repository's {@code origin} remote without scheme, user and {@code .git}
 * ({@code git@github.com:acme/shop.git} and {@code https://github.com/acme/shop} are both {@code github.com/acme/shop}),
 * so that every clone of one repository meets under one key whatever its local path; without a remote, the project
 * key's last part.
 */
final class TeamKeys {

    private TeamKeys() {
    }

    static String of(String project, Path root) {
        if (root != null) {
            ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("git", "-C", root.toString(), "config", "--get",
                    "remote.origin.url")).withTimeout(Duration.ofSeconds(5)));
            if (r.ok() && !r.out().isBlank()) {
                return fromRemote(r.out().strip());
            }
        }
        return project.substring(project.lastIndexOf('/') + 1);
    }

    static String fromRemote(String url) {
        String u = url.strip();
        int scheme = u.indexOf("://");
        if (scheme >= 0) {
            u = u.substring(scheme + 3);
            int at = u.indexOf('@');
            int slash = u.indexOf('/');
            if (at >= 0 && (slash < 0 || at < slash)) {
                u = u.substring(at + 1);
            }
            // a port is not part of the repository's name
            u = u.replaceFirst("^([^/:]+):\\d+/", "$1/");
        } else if (u.matches("^[^/]+@[^/:]+:.*")) {
            u = u.substring(u.indexOf('@') + 1).replaceFirst(":", "/");
        } else if (u.matches("^[^/]+:.*") && !u.startsWith("/")) {
            u = u.replaceFirst(":", "/");
        }
        if (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        if (u.endsWith(".git")) {
            u = u.substring(0, u.length() - 4);
        }
        return u.toLowerCase(Locale.ROOT).startsWith("/") ? u.substring(1) : u;
    }
}
