package dev.eaglemem.curate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.eaglemem.TestServices;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;

/**
 * A realistic history written into a real store: a shop's sessions over months, each working in one area (checkout,
 * payments, search, auth), with the edits, reads and shell commands such a session makes (a changelog touched almost
 * every time, a README read in most, builds with long output), a summary per session, and the memories agents leave
 * (gotchas that repeat, a decision that was later reversed, two notes that say the same thing). Deterministic for a
 * seed, so a curate run over it can be compared run to run.
 */
public final class SeededHistory {

    public static final String PROJECT = "code/shop";
    public static final Instant START = Instant.parse("2026-06-01T09:00:00Z");

    record Area(String name, String request, List<String> files, String gotcha, String command, int weight) {
    }

    static final List<Area> AREAS = List.of(
            new Area("checkout", "Fix rounding in the cart total", List.of("src/cart.py", "src/pricing.py",
                    "tests/test_cart.py"), "Cart totals must be summed in integer cents; floats drift by a cent on 3+ items",
                    "pytest tests/test_cart.py", 4),
            new Area("payments", "Handle Stripe webhook retries", List.of("src/pay/stripe.py", "src/pay/webhooks.py",
                    "src/pay/retry.py"), "Stripe retries webhooks for 3 days: handlers must be idempotent on the event id",
                    "docker compose logs api", 3),
            new Area("search", "Speed up product search", List.of("api/search/index.ts", "api/search/query.ts"),
                    "The search index is rebuilt on deploy only; a schema change needs npm run reindex",
                    "npm test", 2),
            new Area("auth", "Rotate session tokens", List.of("src/auth/session.py", "src/auth/tokens.py"),
                    "Session tokens are signed with the key in SESSION_KEY; rotating it logs everyone out",
                    "mvn test", 1));

    private SeededHistory() {
    }

    /** Writes {@code sessions} ended sessions (8 hours apart from {@link #START}); returns the clock after the last. */
    public static Instant write(Db db, int sessions, long seed) {
        Random random = new Random(seed);
        SessionStore sessionStore = new SessionStore();
        ObservationStore observations = new ObservationStore();
        SummaryStore summaries = new SummaryStore();
        ProjectStore projects = new ProjectStore();
        int totalWeight = AREAS.stream().mapToInt(Area::weight).sum();
        Instant at = START;
        for (int s = 0; s < sessions; s++) {
            Instant started = at;
            String sid = "seed-" + seed + "-" + s;
            String agent = s % 3 == 0 ? "codex" : "claude-code";
            Area area = pick(random, totalWeight);
            List<String> edited = new ArrayList<>(area.files().subList(0, 1 + random.nextInt(area.files().size())));
            if (edited.size() == 1 && area.files().size() > 1 && random.nextInt(3) > 0) {
                edited.add(area.files().get(1));
            }
            boolean changelog = random.nextInt(100) < 92;
            db.write(tx -> {
                projects.touch(tx, PROJECT, "/home/dev/shop", started);
                sessionStore.upsert(tx, sid, PROJECT, agent, "/home/dev/shop",
                        "claude-sonnet-4-5", "startup", started);
                int n = 0;
                Instant t = started;
                if (random.nextInt(100) < 70) {
                    observations.insert(tx, read(sid, "README.md", n++), t = t.plusSeconds(20));
                }
                if (random.nextInt(100) < 15) {
                    for (int i = 0; i < 12; i++) {
                        observations.insert(tx, read(sid, "src/config.py", n++), t = t.plusSeconds(5));
                    }
                }
                for (String f : area.files()) {
                    observations.insert(tx, read(sid, f, n++), t = t.plusSeconds(15));
                }
                for (String f : edited) {
                    observations.insert(tx, edit(sid, f, n++), t = t.plusSeconds(60));
                }
                if (changelog) {
                    observations.insert(tx, edit(sid, "CHANGELOG.md", n++), t = t.plusSeconds(30));
                }
                observations.insert(tx, shell(sid, area.command(), 2500 + random.nextInt(30000), n++), t = t.plusSeconds(90));
                observations.insert(tx, shell(sid, "ls src", 200, n++), t = t.plusSeconds(5));
                if (random.nextInt(4) == 0) {
                    observations.insert(tx, shell(sid, "git log", 9000 + random.nextInt(5000), n++), t = t.plusSeconds(5));
                }
                summaries.saveCaptured(tx, sid, PROJECT, "claude-code", new SummaryFields(area.request(), null,
                        null, "Changed " + String.join(", ", edited), null, random.nextInt(5) == 0 ? area.gotcha() : null,
                        null, null, edited, area.files(), edited), "hook", t);
                sessionStore.end(tx, sid, t.plusSeconds(60));
                return null;
            });
            at = at.plus(Duration.ofHours(8));
        }
        writeMemories(db, at);
        return at;
    }

    /** Gotchas seen again and again, a decision reversed later, near-duplicate notes. */
    private static void writeMemories(Db db, Instant at) {
        Clock early = Clock.fixed(START.plus(Duration.ofDays(3)), ZoneOffset.UTC);
        Clock late = Clock.fixed(at.minus(Duration.ofDays(5)), ZoneOffset.UTC);
        MemoryService first = service(db, early);
        MemoryService later = service(db, late);
        for (Area a : AREAS) {
            for (int i = 0; i < (a.weight() > 1 ? 3 : 1); i++) {
                first.add(draft(MemoryKind.GOTCHA, a.gotcha(), a.files()));
            }
        }
        first.add(draft(MemoryKind.GOTCHA, "git log without -n floods the context; use git log --oneline -20", List.of()));
        first.add(draft(MemoryKind.DECISION, "Cart totals are kept as float dollars rounded at checkout",
                List.of("src/cart.py")));
        first.add(draft(MemoryKind.DECISION, "Search uses the Postgres full-text index, no external engine",
                List.of("api/search/index.ts")));
        later.add(draft(MemoryKind.DECISION, "Cart totals are integer cents end to end; floats are gone from pricing",
                List.of("src/cart.py", "src/pricing.py")));
        later.add(draft(MemoryKind.PATTERN, "Run pytest with -x so the run stops at the first failure", List.of()));
        later.add(draft(MemoryKind.PATTERN, "Use pytest -x: stop the test run at the first failing test", List.of()));
        later.add(draft(MemoryKind.PREFERENCE, "Keep PR descriptions short: what changed and how it was tested", List.of()));
    }

    private static MemoryService service(Db db, Clock clock) {
        return TestServices.on(db, clock).memories();
    }

    private static MemoryDraft draft(MemoryKind kind, String text, List<String> files) {
        return new MemoryDraft(kind, MemoryScope.PROJECT, null, text, null, null, files, PROJECT, "claude-code", null, null,
                true);
    }

    private static Area pick(Random random, int totalWeight) {
        int r = random.nextInt(totalWeight);
        for (Area a : AREAS) {
            r -= a.weight();
            if (r < 0) {
                return a;
            }
        }
        throw new IllegalStateException("weights");
    }

    private static NewObservation read(String sid, String file, int n) {
        return new NewObservation(sid, PROJECT, "claude-code", "Read", null, "read", List.of(file), List.of(), null, 4000L,
                120, sid + "-" + n);
    }

    private static NewObservation edit(String sid, String file, int n) {
        return new NewObservation(sid, PROJECT, "claude-code", "Edit", null, "edit", List.of(), List.of(file), null, 300L, 10,
                sid + "-" + n);
    }

    private static NewObservation shell(String sid, String command, long bytes, int n) {
        return new NewObservation(sid, PROJECT, "claude-code", "Bash", command, "shell", List.of(), List.of(), 0, bytes,
                (int) (bytes / 60), sid + "-" + n);
    }
}
