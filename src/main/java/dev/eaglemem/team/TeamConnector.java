package dev.eaglemem.team;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.store.TeamDatabase;

/** Opens the team database for a URL, with the password from where libpq would look (never from argv). */
@ApplicationScoped
public class TeamConnector {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final EagleEnv env;
    private final DataDir dataDir;

    public TeamConnector(EagleEnv env, DataDir dataDir) {
        this.env = env;
        this.dataDir = dataDir;
    }

    public TeamDatabase open(TeamUrl url) {
        return open(url, null);
    }

    /** @param given a password given now ({@code --password-stdin}), or null to look where libpq would */
    public TeamDatabase open(TeamUrl url, String given) {
        String password = given != null ? given
                : TeamPassword.find(url, env.vars(), dataDir.root(), env.home()).map(TeamPassword.Found::password)
                        .orElse(null);
        return TeamDatabase.open(url.jdbcUrl(), url.host() + ":" + url.port(), url.user(), url.database(), password,
                CONNECT_TIMEOUT);
    }

    /** Where the password would come from, for status (never the password). */
    public String passwordSource(TeamUrl url) {
        return TeamPassword.find(url, env.vars(), dataDir.root(), env.home()).map(TeamPassword.Found::source)
                .orElse("none (the server must trust this user)");
    }

    DataDir dataDir() {
        return dataDir;
    }
}
