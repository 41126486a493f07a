package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * This store's link to a team database (table team_link): the URL (no password), team, this machine and person, what
 * besides the default is shared ({@code include}), the pull cursor and push watermark, and the last sync's times and
 * error.
 */
@RegisterForReflection
public record TeamLink(String url, String team, String machine, String person, List<String> include, long pullCursor,
        String pushedThrough, String connectedAt, String lastPushAt, String lastPullAt, String lastError,
        String lastErrorAt) {

    public TeamLink {
        include = List.copyOf(include);
    }
}
