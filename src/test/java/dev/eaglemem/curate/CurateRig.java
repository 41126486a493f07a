package dev.eaglemem.curate;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import dev.eaglemem.TestServices;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FeatureStore;
import dev.eaglemem.store.FileHintStore;
import dev.eaglemem.store.GuardRuleStore;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;

/** Curation wired by hand on a real migrated database, with a scripted model. */
final class CurateRig implements AutoCloseable {

    final TestDb t;
    final Clock clock;
    final ScriptedLlm llm;
    final FileHints hints;
    final CurateService curate;
    final Proposals proposals;
    final FeatureService features;

    CurateRig(Path dir, ScriptedLlm llm) {
        this.t = TestDb.in(dir);
        this.clock = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);
        this.llm = llm;
        this.hints = new FileHints(t.db, new FileHintStore(), clock);
        this.features = TestServices.on(t.db, clock).features();
        CurateSteps steps = new CurateSteps(t.db, new MemoryStore(), new CurationStore(), features);
        this.curate = new CurateService(t.db, hints, steps, new CurationStore(), new ProjectStore(), new EventStore(), llm,
                clock);
        this.proposals = new Proposals(t.db, new CurationStore(), new MemoryStore(), new GuardRuleStore(), new FeatureStore(),
                new EventStore(), Redactor.defaults(), clock);
    }

    /** The live or forgotten memory whose content starts with {@code text}. */
    MemoryRow memory(String text) {
        for (boolean deleted : new boolean[] { false, true }) {
            for (MemoryRow m : t.db.read(tx -> new MemoryStore().list(tx, new MemoryQuery(SeededHistory.PROJECT, null, deleted,
                    500)))) {
                if (m.content().startsWith(text)) {
                    return m;
                }
            }
        }
        throw new AssertionError("no memory starting with " + text);
    }

    @Override
    public void close() {
        t.close();
    }
}
