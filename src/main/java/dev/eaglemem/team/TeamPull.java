package dev.eaglemem.team;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.portable.ImportKind;
import dev.eaglemem.portable.ImportService;
import dev.eaglemem.portable.PortableRecord;
import dev.eaglemem.portable.RecordSource;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.PortableType;
import dev.eaglemem.store.TeamDatabase;
import dev.eaglemem.store.TeamLink;
import dev.eaglemem.store.TeamRecord;
import dev.eaglemem.store.TeamStore;
import dev.eaglemem.store.Timestamps;
import dev.eaglemem.store.Tx;

/**
 * Applies what the team changed in the shared projects since this store's cursor, batch by batch in sequence order,
 * each batch in one local transaction together with the cursor: a pull cut off half-way leaves the store as it was
 * after the last whole batch and goes on from there. A team revision replaces the local copy unless this store edited
 * that record since it last exchanged it (then the local edit is kept, noted as a conflict, and pushed next).
 */
@ApplicationScoped
public class TeamPull {

    static final int BATCH = 500;

    private final Db db;
    private final TeamStore teams;
    private final ImportService importer;
    private final Redactor redactor;
    private final Clock clock;

    public TeamPull(Db db, TeamStore teams, ImportService importer, Redactor redactor, Clock clock) {
        this.db = db;
        this.teams = teams;
        this.importer = importer;
        this.redactor = redactor;
        this.clock = clock;
    }

    TeamPullReport pull(TeamDatabase team, TeamLink link) {
        Map<String, TeamForm.Keys> byTeamKey = new LinkedHashMap<>();
        db.read(teams::projects).forEach(p -> byTeamKey.put(p.teamKey(), new TeamForm.Keys(p.project(), p.teamKey())));
        long cursor = link.pullCursor();
        int[] n = new int[7];
        if (!byTeamKey.isEmpty()) {
            while (true) {
                List<TeamRecord> batch = team.pull(link.team(), byTeamKey.keySet(), cursor, BATCH);
                if (batch.isEmpty()) {
                    break;
                }
                long through = batch.getLast().seq();
                List<TeamRecord> withRefs = closure(team, link, batch, byTeamKey);
                int[] done = db.write(tx -> apply(tx, link, withRefs, byTeamKey, through));
                for (int i = 0; i < n.length; i++) {
                    n[i] += done[i];
                }
                cursor = through;
                if (batch.size() < BATCH) {
                    break;
                }
            }
        }
        long finalCursor = cursor;
        db.write(tx -> {
            teams.pulled(tx, finalCursor, Timestamps.format(clock.instant()));
            return null;
        });
        team.seen(link.team(), link.machine(), link.person(), dev.eaglemem.config.BuildInfo.version(), 0, true);
        return new TeamPullReport(n[0], n[1], n[2], n[3], n[4], n[5], n[6], finalCursor);
    }

    /**
     * The batch plus what its records refer to that this store has never exchanged (a summary's session, a check's
     * feature): a record edited after another that refers to it comes later in sequence order.
     */
    private List<TeamRecord> closure(TeamDatabase team, TeamLink link, List<TeamRecord> batch,
            Map<String, TeamForm.Keys> keys) {
        Set<String> have = new HashSet<>();
        batch.forEach(r -> have.add(r.type() + "\n" + r.recordId()));
        Map<String, Map<String, Set<String>>> wanted = new HashMap<>();
        Map<String, Map<String, TeamStore.Synced>> synced = new HashMap<>();
        for (TeamRecord r : batch) {
            JsonNode body = parse(r.body());
            TeamForm.Keys k = keys.get(r.project());
            Map<String, TeamStore.Synced> known = synced.computeIfAbsent(r.project(), p -> db.read(tx -> teams.synced(tx,
                    k.local())));
            Consumer<String[]> want = typeAndId -> {
                String key = typeAndId[0] + "\n" + typeAndId[1];
                if (!have.contains(key) && !known.containsKey(key)) {
                    wanted.computeIfAbsent(r.project(), p -> new HashMap<>()).computeIfAbsent(typeAndId[0],
                            t -> new HashSet<>()).add(typeAndId[1]);
                }
            };
            if (body.hasNonNull("session_id") && !r.type().equals("check") && !r.type().equals("session")) {
                want.accept(new String[] { "session", body.get("session_id").asText() });
            }
            if (body.hasNonNull("feature")) {
                want.accept(new String[] { "feature", body.get("feature").asText() });
            }
            if (body.hasNonNull("superseded_by")) {
                want.accept(new String[] { "memory", body.get("superseded_by").asText() });
            }
        }
        List<TeamRecord> out = new ArrayList<>();
        wanted.forEach((project, byType) -> byType.forEach((type, ids) -> out.addAll(team.fetch(link.team(), project, type,
                ids))));
        out.addAll(batch);
        return out;
    }

    /** One batch in one local transaction: records, bookkeeping, covered checks and the cursor. */
    private int[] apply(Tx tx, TeamLink link, List<TeamRecord> records, Map<String, TeamForm.Keys> byTeamKey,
            long through) {
        String now = Timestamps.format(clock.instant());
        Set<TeamInclude> include = TeamPush.includes(link);
        Map<String, Map<String, TeamStore.Synced>> synced = new HashMap<>();
        Map<String, Incoming> incoming = new LinkedHashMap<>();
        int echoes = 0;
        for (TeamRecord r : records) {
            TeamForm.Keys k = byTeamKey.get(r.project());
            PortableType type = PortableType.parse(r.type()).orElse(null);
            if (k == null || type == null) {
                continue; // a type a newer eagle-mem shares: left for that version
            }
            Map<String, TeamStore.Synced> known = synced.computeIfAbsent(k.local(), p -> teams.synced(tx, p));
            TeamStore.Synced s = known.get(r.type() + "\n" + r.recordId());
            if (s != null && s.hash().equals(r.hash())) {
                echoes++; // this store's own push coming back, or a revision already applied
                teams.remember(tx, r.type(), r.recordId(), k.local(), new TeamStore.Synced(Math.max(s.revision(), r.revision()),
                        r.hash(), r.machine(), r.person()), TeamPush.createdAt(r), now);
                continue;
            }
            ObjectNode local = TeamForm.toLocal(parse(r.body()), k);
            String localId = TeamForm.id(r.recordId(), k.team(), k.local());
            incoming.put(type.id() + "\n" + localId, new Incoming(type, localId, local, r, k, s));
        }
        int[] n = { records.size(), 0, 0, echoes, 0, 0, 0 };
        n[5] = dropDangling(incoming, synced);
        if (!incoming.isEmpty()) {
            List<Incoming> ordered = new ArrayList<>(incoming.values());
            ordered.sort(Comparator.comparingInt(i -> i.type().ordinal()));
            RecordSource source = new RecordSource() {
                @Override
                public ImportKind kind() {
                    return ImportKind.EAGLE_MEM;
                }

                @Override
                public void forEach(Consumer<PortableRecord> sink) {
                    ordered.forEach(i -> sink.accept(new PortableRecord(i.type(), i.localId(), i.local(), "team record "
                            + i.team().type() + " " + i.team().recordId() + " (sequence " + i.team().seq() + ")")));
                }
            };
            importer.apply(tx, source, "team", new Arbiter(tx, incoming, include, n, now));
        }
        for (TeamForm.Keys k : byTeamKey.values()) {
            n[6] += teams.clearCovered(tx, k.local(), "verified on another machine of the team (same content)", now);
        }
        teams.pulled(tx, through, now);
        return n;
    }

    /**
     * References the team could not resolve (the record referred to was never shared: a memory superseded by a note,
     * say): an optional one is dropped, a record that cannot stand without it is skipped (counted, not applied).
     */
    private static int dropDangling(Map<String, Incoming> incoming, Map<String, Map<String, TeamStore.Synced>> synced) {
        int skipped = 0;
        java.util.Iterator<Incoming> it = incoming.values().iterator();
        while (it.hasNext()) {
            Incoming i = it.next();
            ObjectNode r = i.local();
            if (r.hasNonNull("superseded_by") && !resolvable(incoming, synced, i, "memory", r.get("superseded_by").asText())) {
                r.putNull("superseded_by");
            }
            boolean needsSession = i.type() == PortableType.SUMMARY || i.type() == PortableType.PROMPT
                    || i.type() == PortableType.OBSERVATION;
            if ((needsSession && !resolvable(incoming, synced, i, "session", r.path("session_id").asText()))
                    || (r.hasNonNull("feature") && !resolvable(incoming, synced, i, "feature", r.get("feature").asText()))) {
                it.remove();
                skipped++;
            } else if (i.type() == PortableType.MEMORY && r.hasNonNull("session_id")
                    && !resolvable(incoming, synced, i, "session", r.get("session_id").asText())) {
                r.putNull("session_id");
            }
        }
        return skipped;
    }

    /** Whether a referenced record (local id) is in this batch or was exchanged before (then it is here). */
    private static boolean resolvable(Map<String, Incoming> incoming, Map<String, Map<String, TeamStore.Synced>> synced,
            Incoming from, String type, String localId) {
        if (incoming.containsKey(type + "\n" + localId)) {
            return true;
        }
        String teamId = TeamForm.id(localId, from.keys().local(), from.keys().team());
        Map<String, TeamStore.Synced> known = synced.get(from.keys().local());
        return known != null && known.containsKey(type + "\n" + teamId);
    }

    private record Incoming(PortableType type, String localId, ObjectNode local, TeamRecord team, TeamForm.Keys keys,
            TeamStore.Synced synced) {
    }

    /** Team revisions replace local copies this store has not edited since it last exchanged them. */
    private final class Arbiter implements ImportService.Arbiter {

        private final Tx tx;
        private final Map<String, Incoming> incoming;
        private final Set<TeamInclude> include;
        private final int[] n;
        private final String now;

        Arbiter(Tx tx, Map<String, Incoming> incoming, Set<TeamInclude> include, int[] n, String now) {
            this.tx = tx;
            this.incoming = incoming;
            this.include = include;
            this.n = n;
            this.now = now;
        }

        @Override
        public void complete(PortableType type, JsonNode local, ObjectNode in) {
            TeamForm.restoreOwn(type, in, local);
        }

        @Override
        public Boolean replace(PortableType type, String id, JsonNode local, JsonNode in) {
            Incoming i = incoming.get(type.id() + "\n" + id);
            if (i == null || i.synced() == null) {
                return null; // never exchanged: the newer version wins, as for an import
            }
            ObjectNode ours = TeamForm.outgoing(type, (ObjectNode) local, i.keys(), include, redactor);
            return TeamForm.hash(ours).equals(i.synced().hash());
        }

        @Override
        public void outcome(PortableType type, String id, ObjectNode written, ImportService.Outcome outcome) {
            Incoming i = incoming.get(type.id() + "\n" + id);
            if (i == null) {
                return;
            }
            TeamRecord r = i.team();
            switch (outcome) {
                case CREATED -> n[1]++;
                case UPDATED -> n[2]++;
                case UNCHANGED -> n[3]++;
                case CONFLICT -> n[4]++;
            }
            teams.remember(tx, r.type(), r.recordId(), i.keys().local(), new TeamStore.Synced(r.revision(), r.hash(),
                    r.machine(), r.person()), TeamPush.createdAt(r), now);
            if (outcome == ImportService.Outcome.CONFLICT) {
                teams.conflict(tx, r.type(), r.recordId(), "this machine's copy (edited here since the last exchange, or"
                        + " holding the same unique key)",
                        TeamConflicts.describe(r) + " (kept in the team history; this"
                                + " machine's edit goes out as the next revision)",
                        TeamRule.TEXT, now);
            }
        }
    }

    private static JsonNode parse(String body) {
        try {
            return PlainJson.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a team record's body is not JSON: " + e.getMessage(), e);
        }
    }
}
