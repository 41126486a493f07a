package dev.eaglemem.team;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code team connect} did: the link made, the server, and the team schema migrations it applied. */
@RegisterForReflection
public record TeamConnected(String url, String team, String machine, String person, List<String> include, String server,
        int migrationsApplied, String password) {
}
