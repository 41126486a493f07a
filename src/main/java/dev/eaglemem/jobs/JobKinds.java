package dev.eaglemem.jobs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kinds an engine can run. Production registers only kinds that do real work; tests pass their own.
 * A stored job of a kind missing here (queued by a newer eagle-mem) fails clearly and ends in the dead
 * letter, where it stays visible; it is never dropped.
 */
public final class JobKinds {

    private final Map<String, JobKind> byName = new LinkedHashMap<>();

    public JobKinds(List<? extends JobKind> kinds) {
        for (JobKind kind : kinds) {
            if (byName.putIfAbsent(kind.name(), kind) != null) {
                throw new IllegalArgumentException("job kind '" + kind.name() + "' is registered twice");
            }
        }
    }

    public Optional<JobKind> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public List<String> names() {
        return List.copyOf(byName.keySet());
    }
}
