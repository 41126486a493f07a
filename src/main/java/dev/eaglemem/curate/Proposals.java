package dev.eaglemem.curate;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.StateId;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryDrafts;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProposalRow;
import dev.eaglemem.store.Tx;

/**
 * What people do with the curator's proposals: list, accept (the change is made, attributed to the curator, the job
 * and the proposal), reject (never proposed again) and undo (an accepted proposal's change is reversed). Each decision
 * is one transaction: the change and the proposal's new status land together or not at all. Nothing is deleted:
 * memories are superseded and restored, rules soft-deleted, features archived.
 */
@ApplicationScoped
public class Proposals {

    static final String CURATOR = "curator";

    private final Db db;
    private final CurationStore curation;
    private final MemoryStore memories;
    private final GuardRuleStore guardRules;
    private final FeatureStore features;
    private final EventStore events;
    private final Redactor redactor;
    private final Clock clock;

    public Proposals(Db db, CurationStore curation, MemoryStore memories, GuardRuleStore guardRules, FeatureStore features,
            EventStore events, Redactor redactor, Clock clock) {
        this.db = db;
        this.curation = curation;
        this.memories = memories;
        this.guardRules = guardRules;
        this.features = features;
        this.events = events;
        this.redactor = redactor;
        this.clock = clock;
    }

    /** Newest first; {@code status} and {@code kind} null for all. */
    public List<ProposalRow> list(String project, String status, ProposalKind kind, int limit) {
        return db.read(tx -> curation.proposals(tx, project, status, kind == null ? null : kind.id(), limit));
    }

    public List<Decision> accept(String project, List<Long> ids, ProposalKind only) {
        List<Decision> out = new ArrayList<>();
        for (long id : new LinkedHashSet<>(ids)) {
            out.add(db.write(tx -> {
                ProposalRow p = require(tx, project, id, "proposed", "accept");
                if (only != null && !p.kind().equals(only.id())) {
                    throw EagleException.invalidInput("proposal " + id + " is a " + p.kind() + " proposal, not a "
                            + only.id() + " one", "eagle-mem curate accept " + id);
                }
                Instant now = clock.instant();
                Map<String, Object> applied = new LinkedHashMap<>();
                String done = apply(tx, p, applied, now);
                curation.decide(tx, id, "proposed", "accepted", applied, now);
                record(tx, p, "curation_accepted", now);
                return new Decision(curation.proposal(tx, id).orElseThrow(), done);
            }));
        }
        return out;
    }

    public List<Decision> reject(String project, List<Long> ids) {
        List<Decision> out = new ArrayList<>();
        for (long id : new LinkedHashSet<>(ids)) {
            out.add(db.write(tx -> {
                ProposalRow p = require(tx, project, id, "proposed", "reject");
                Instant now = clock.instant();
                curation.decide(tx, id, "proposed", "rejected", Map.of(), now);
                record(tx, p, "curation_rejected", now);
                return new Decision(curation.proposal(tx, id).orElseThrow(), "rejected; it will not be proposed again");
            }));
        }
        return out;
    }

    public Decision undo(String project, long id) {
        return db.write(tx -> {
            ProposalRow p = require(tx, project, id, "accepted", "undo");
            Instant now = clock.instant();
            String done = revert(tx, p, now);
            curation.decide(tx, id, "accepted", "reverted", p.applied(), now);
            record(tx, p, "curation_reverted", now);
            return new Decision(curation.proposal(tx, id).orElseThrow(), done);
        });
    }

    private String apply(Tx tx, ProposalRow p, Map<String, Object> applied, Instant now) {
        Map<String, Object> x = p.payload();
        return switch (kind(p)) {
            case PROMOTE_GOTCHA -> {
                GuardRuleStore.Added a = guardRules.add(tx, p.project(), text(x, "pattern"), text(x, "rule"), CURATOR,
                        p.jobId(), p.id(), now);
                applied.put("guard_rule_id", a.rule().id());
                applied.put("created", a.created());
                yield a.created() ? "added guard rule #" + a.rule().id() + " for " + a.rule().pattern()
                        : "guard rule #" + a.rule().id() + " already said this; kept as it is";
            }
            case SUPERSEDE -> {
                long oldId = number(x, "old_id");
                long newId = number(x, "new_id");
                live(tx, p, newId);
                live(tx, p, oldId);
                memories.softDelete(tx, oldId, "superseded by memory " + newId + " (curation proposal " + p.id() + ")", newId,
                        now);
                applied.put("superseded_ids", List.of(oldId));
                yield "mem-" + oldId + " is superseded by mem-" + newId + " (restore: eagle-mem curate undo " + p.id() + ")";
            }
            case CONSOLIDATE -> consolidate(tx, p, applied, now);
            case COMMAND_RULE -> {
                String pattern = text(x, "pattern");
                Integer maxLines = x.get("max_lines") instanceof Number n ? n.intValue() : null;
                long ruleId = curation.addCommandRule(tx, p.project(), pattern, text(x, "strategy"), maxLines,
                        text(x, "reason"), CURATOR, p.jobId(), p.id(), now).orElseThrow(
                                () -> stale(p,
                                        "the project already has a command rule for '" + pattern + "'"));
                applied.put("command_rule_id", ruleId);
                yield "added command rule #" + ruleId + " for '" + pattern + "'";
            }
            case FEATURE -> {
                String name = text(x, "name");
                if (features.findActive(tx, p.project(), name).isPresent()) {
                    throw stale(p, "a feature named '" + name + "' exists now");
                }
                long featureId = features.insert(tx, p.project(), name, text(x, "description"), now);
                for (Object f : (List<?>) x.get("files")) {
                    features.addFile(tx, featureId, f.toString());
                }
                applied.put("feature_id", featureId);
                yield "added feature '" + name + "' (#" + featureId + ") with " + ((List<?>) x.get("files")).size() + " files";
            }
        };
    }

    private String consolidate(Tx tx, ProposalRow p, Map<String, Object> applied, Instant now) {
        Map<String, Object> x = p.payload();
        List<Long> sources = numbers(x, "source_ids");
        List<MemoryRow> rows = new ArrayList<>();
        for (long id : sources) {
            rows.add(live(tx, p, id));
        }
        LinkedHashSet<String> files = new LinkedHashSet<>();
        rows.forEach(m -> files.addAll(m.files()));
        String title = text(x, "title");
        MemoryKind kind = MemoryKind.parse(text(x, "kind")).orElseThrow(() -> stale(p, "unknown kind " + x.get("kind")));
        NewMemoryRow row = MemoryDrafts.toRow(new MemoryDraft(kind, MemoryScope.PROJECT, title.isEmpty() ? null : title,
                text(x, "content"), null, null, List.copyOf(files), p.project(), CURATOR, null, null, true), redactor);
        Optional<MemoryRow> same = memories.findByHash(tx, row.scope(), row.project(), row.kind(), row.normalizedHash());
        long merged = same.isPresent() ? same.get().id() : memories.insert(tx, row, now);
        List<Long> superseded = sources.stream().filter(id -> id != merged).toList();
        for (long id : superseded) {
            memories.softDelete(tx, id, "consolidated into memory " + merged + " (curation proposal " + p.id() + ")", merged,
                    now);
        }
        applied.put("memory_id", merged);
        applied.put("created", same.isEmpty());
        applied.put("superseded_ids", superseded);
        if (same.isEmpty()) {
            events.append(tx, p.project(), null, CURATOR, "memory_created", "ok", Map.of("memory_id", merged, "kind",
                    row.kind(), "proposal_id", p.id()), now);
        }
        return (same.isEmpty() ? "added mem-" : "kept mem-") + merged + "; " + superseded.size() + " source"
                + (superseded.size() == 1 ? " is" : "s are") + " superseded by it";
    }

    private String revert(Tx tx, ProposalRow p, Instant now) {
        Map<String, Object> a = p.applied();
        List<String> done = new ArrayList<>();
        if (a.get("guard_rule_id") instanceof Number id && Boolean.TRUE.equals(a.get("created"))) {
            guardRules.remove(tx, id.longValue(), now);
            done.add("removed guard rule #" + id);
        }
        if (a.get("command_rule_id") instanceof Number id) {
            curation.removeCommandRule(tx, id.longValue(), now);
            done.add("removed command rule #" + id);
        }
        if (a.get("feature_id") instanceof Number id) {
            features.archive(tx, id.longValue(), now);
            done.add("archived feature #" + id);
        }
        for (long id : numbers(a, "superseded_ids")) {
            MemoryRow m = memories.find(tx, id).orElseThrow();
            if (m.topicKey() != null && memories.findByTopic(tx, m.scope(), m.project(), m.topicKey()).isPresent()) {
                throw EagleException.conflict("topic_taken", "memory " + id + "'s topic '" + m.topicKey()
                        + "' is held by another memory now", "eagle-mem memories list");
            }
            memories.restore(tx, id, now);
            done.add("restored mem-" + id);
        }
        if (a.get("memory_id") instanceof Number id && Boolean.TRUE.equals(a.get("created"))) {
            memories.softDelete(tx, id.longValue(), "curation proposal " + p.id() + " undone", null, now);
            done.add("forgot mem-" + id + " (restorable: eagle-mem memories restore " + id + ")");
        }
        return done.isEmpty() ? "nothing to reverse (accepting it had changed nothing)" : String.join("; ", done);
    }

    private ProposalRow require(Tx tx, String project, long id, String status, String action) {
        ProposalRow p = curation.proposal(tx, id).filter(r -> r.project().equals(project))
                .orElseThrow(() -> EagleException.notFound("no curation proposal " + id + " in " + project,
                        "eagle-mem curate proposals"));
        if (!p.status().equals(status)) {
            throw EagleException.conflict("proposal_decided", "cannot " + action + " proposal " + id + ": it is "
                    + p.status(), p.status().equals("accepted") ? "eagle-mem curate undo " + id : "eagle-mem curate proposals");
        }
        return p;
    }

    private MemoryRow live(Tx tx, ProposalRow p, long id) {
        MemoryRow m = memories.find(tx, id).orElseThrow(() -> stale(p, "memory " + id + " is gone"));
        if (m.isDeleted()) {
            throw stale(p, "memory " + id + " is forgotten or superseded since it was proposed");
        }
        return m;
    }

    private void record(Tx tx, ProposalRow p, String type, Instant now) {
        events.append(tx, p.project(), null, CURATOR, type, "ok", Map.of("proposal_id", p.id(), "kind", p.kind(),
                "job_id", p.jobId() == null ? 0 : p.jobId()), now);
    }

    private static EagleException stale(ProposalRow p, String why) {
        return EagleException.conflict("proposal_stale", "proposal " + p.id() + " no longer applies: " + why,
                "eagle-mem curate reject " + p.id());
    }

    private static ProposalKind kind(ProposalRow p) {
        return StateId.find(ProposalKind.values(), p.kind()).orElseThrow();
    }

    private static String text(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? "" : v.toString();
    }

    private static long number(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).longValue();
    }

    private static List<Long> numbers(Map<String, Object> m, String key) {
        return m.get(key) instanceof List<?> list ? list.stream().map(n -> ((Number) n).longValue()).toList() : List.of();
    }
}
