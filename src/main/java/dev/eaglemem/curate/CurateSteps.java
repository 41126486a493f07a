package dev.eaglemem.curate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.PathPattern;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.shell.ShellWords;
import dev.eaglemem.shell.SimpleCommand;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.CurationStore.KeyFiles;
import dev.eaglemem.store.CurationStore.NoisyCommand;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.tokenguard.CommandPattern;

/**
 * The five model steps of a curate run, in order: gotcha promotion, superseded decisions, consolidation, command
 * rules, feature suggestions. Each reads a bounded slice of the project's history and turns it into one question
 * ({@link Ask}); its reader keeps only items that name records of that slice, so a model cannot point a proposal at
 * anything it was not shown.
 */
@ApplicationScoped
public class CurateSteps {

    static final String SYSTEM = "You curate the long-term memory of one software project for a coding agent. "
            + "Answer with exactly one JSON object and nothing else. Propose only what the records show; "
            + "an empty list is a good answer.";
    static final int MAX_TOKENS = 700;
    static final int GOTCHAS = 40;
    static final int DECISIONS = 30;
    static final int CONSOLIDATE = 60;
    static final int NOISY_MIN_BYTES = 2000;
    static final int NOISY_COMMANDS = 15;
    static final int KEY_FILE_SUMMARIES = 30;
    private static final Pattern FEATURE_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{1,49}");
    private static final Set<String> STRUCTURED = Set.of("feedback", "fact");

    /** A step's question, or why it has none this run ({@code ask} null). */
    record Plan(ProposalKind kind, Ask ask, String skipped) {
    }

    private final Db db;
    private final MemoryStore memories;
    private final CurationStore curation;
    private final FeatureService features;

    public CurateSteps(Db db, MemoryStore memories, CurationStore curation, FeatureService features) {
        this.db = db;
        this.memories = memories;
        this.curation = curation;
        this.features = features;
    }

    List<Plan> plans(String project, List<CoEditPair> coEdits) {
        return List.of(promoteGotchas(project), supersede(project), consolidate(project), commandRules(project),
                features(project, coEdits));
    }

    Plan promoteGotchas(String project) {
        List<MemoryRow> gotchas = live(project, "gotcha", GOTCHAS);
        if (gotchas.size() < 2) {
            return new Plan(ProposalKind.PROMOTE_GOTCHA, null, "fewer than 2 gotchas");
        }
        Map<Long, MemoryRow> byId = byId(gotchas);
        String prompt = """
                Gotchas recorded in past sessions. Which are repeated, non-obvious and actionable enough to become a \
                standing rule shown to the agent before it edits matching files? For each, give the gotcha ids it \
                rests on, a file pattern relative to the repository (a path, or a glob such as src/pay/** ; ** for \
                every file) and the rule as one imperative line.
                Answer: {"promote":[{"memory_ids":[1,2],"pattern":"src/pay/**","rule":"..."}]}

                """ + lines(gotchas);
        return new Plan(ProposalKind.PROMOTE_GOTCHA, new Ask(ProposalKind.PROMOTE_GOTCHA, gotchas.size() + " gotchas",
                gotchas.size(), SYSTEM, prompt, MAX_TOKENS, answer -> {
                    List<Draft> out = new ArrayList<>();
                    for (JsonNode item : ModelAnswer.items(answer, "promote")) {
                        List<Long> ids = ids(item, byId, "memory_ids", "ids", "source_ids");
                        String rule = ModelAnswer.text(item, "rule", "text");
                        String pattern = pattern(ModelAnswer.text(item, "pattern", "file", "files"));
                        if (ids.isEmpty() || rule.length() < 10 || rule.length() > 300 || pattern == null) {
                            continue;
                        }
                        out.add(new Draft(ProposalKind.PROMOTE_GOTCHA, keys(ids, pattern),
                                payload("memory_ids", ids, "pattern", pattern, "rule", rule),
                                "guard rule for " + pattern + ": " + Snippets.oneLine(rule, 200), evidence(ids, byId)));
                    }
                    return out;
                }), null);
    }

    Plan supersede(String project) {
        List<MemoryRow> decisions = live(project, "decision", DECISIONS);
        if (decisions.size() < 2) {
            return new Plan(ProposalKind.SUPERSEDE, null, "fewer than 2 decisions");
        }
        Map<Long, MemoryRow> byId = byId(decisions);
        String prompt = """
                Decisions recorded in past sessions, newest first. Which older decision has been overturned or replaced \
                by a newer one (same subject, the newer says something different)? Only clear cases.
                Answer: {"superseded":[{"old_id":1,"new_id":2,"reason":"..."}]}

                """ + lines(decisions);
        return new Plan(ProposalKind.SUPERSEDE, new Ask(ProposalKind.SUPERSEDE, decisions.size() + " decisions",
                decisions.size(), SYSTEM, prompt, MAX_TOKENS, answer -> {
                    List<Draft> out = new ArrayList<>();
                    for (JsonNode item : ModelAnswer.items(answer, "superseded")) {
                        MemoryRow old = byId.get(item.path("old_id").asLong(-1));
                        MemoryRow newer = byId.get(item.path("new_id").asLong(-1));
                        if (old == null || newer == null || old.id() == newer.id()
                                || old.createdAt().compareTo(newer.createdAt()) > 0) {
                            continue;
                        }
                        String reason = ModelAnswer.text(item, "reason", "why");
                        out.add(new Draft(ProposalKind.SUPERSEDE, List.of(old.id() + ">" + newer.id()),
                                payload("old_id", old.id(), "new_id", newer.id(), "reason", Snippets.oneLine(reason, 300)),
                                "mem-" + old.id() + " superseded by mem-" + newer.id()
                                        + (reason.isEmpty() ? "" : ": " + Snippets.oneLine(reason, 160)),
                                evidence(List.of(old.id(), newer.id()), byId)));
                    }
                    return out;
                }), null);
    }

    Plan consolidate(String project) {
        List<MemoryRow> all = live(project, null, CONSOLIDATE).stream().filter(m -> !STRUCTURED.contains(m.kind())).toList();
        if (all.size() < 3) {
            return new Plan(ProposalKind.CONSOLIDATE, null, "fewer than 3 memories");
        }
        Map<Long, MemoryRow> byId = byId(all);
        String prompt = """
                Memories of this project. Which groups say the same thing in different words (near duplicates of one \
                kind)? For each group, write one memory that keeps every fact of the group.
                Answer: {"consolidations":[{"source_ids":[1,2],"title":"...","content":"..."}]}

                """ + lines(all);
        return new Plan(ProposalKind.CONSOLIDATE, new Ask(ProposalKind.CONSOLIDATE, all.size() + " memories", all.size(),
                SYSTEM, prompt, MAX_TOKENS * 2, answer -> {
                    List<Draft> out = new ArrayList<>();
                    for (JsonNode item : ModelAnswer.items(answer, "consolidations")) {
                        List<Long> ids = ids(item, byId, "source_ids", "sourceIds", "memory_ids", "ids");
                        String title = ModelAnswer.text(item, "title", "new_name", "name");
                        String content = ModelAnswer.text(item, "content", "description", "value");
                        Set<String> kinds = ids.stream().map(id -> byId.get(id).kind()).collect(Collectors.toSet());
                        if (ids.size() < 2 || kinds.size() != 1 || content.isEmpty() || content.length() > 4000
                                || title.length() > 300) {
                            continue;
                        }
                        out.add(new Draft(ProposalKind.CONSOLIDATE, keys(ids, null),
                                payload("source_ids", ids, "kind", kinds.iterator().next(), "title", title, "content", content),
                                "merge " + ids.stream().map(id -> "mem-" + id).collect(Collectors.joining(", ")) + " into \""
                                        + Snippets.oneLine(title.isEmpty() ? content : title, 120) + "\"",
                                evidence(ids, byId)));
                    }
                    return out;
                }), null);
    }

    Plan commandRules(String project) {
        List<NoisyCommand> noisy = db.read(tx -> curation.noisyCommands(tx, project, NOISY_MIN_BYTES, 500));
        Map<String, long[]> byBase = new LinkedHashMap<>(); // base → runs, bytes total, lines total
        Map<String, List<String>> linesOf = new LinkedHashMap<>();
        for (NoisyCommand n : noisy) {
            for (SimpleCommand c : ShellWords.parse(n.command()).commands()) {
                linesOf.computeIfAbsent(CommandPattern.base(c), k -> new ArrayList<>()).add(n.command());
                long[] acc = byBase.computeIfAbsent(CommandPattern.base(c), k -> new long[3]);
                acc[0] += n.runs();
                acc[1] += n.avgBytes() * n.runs();
                acc[2] += n.avgLines() * n.runs();
            }
        }
        List<Map.Entry<String, long[]>> candidates = byBase.entrySet().stream().filter(e -> e.getValue()[0] >= 2)
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[1] / e.getValue()[0]).reversed())
                .limit(NOISY_COMMANDS).toList();
        if (candidates.isEmpty()) {
            return new Plan(ProposalKind.COMMAND_RULE, null, "no shell command with output over " + NOISY_MIN_BYTES
                    + " bytes ran twice");
        }
        StringBuilder rows = new StringBuilder();
        Map<String, String> evidence = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> e : candidates) {
            long[] v = e.getValue();
            String line = e.getKey() + " | runs " + v[0] + " | avg " + v[1] / v[0] + " bytes, " + v[2] / v[0] + " lines";
            rows.append(line).append('\n');
            evidence.put(e.getKey(), line);
        }
        String prompt = """
                Shell commands whose output was large in past sessions (base command | runs | average output). For the \
                ones worth a standing rule, give the pattern (the words the command starts with), a strategy (rtk: \
                route it through rtk, the token-reducing proxy; advise: only tell the agent its output is long) and why.
                Answer: {"rules":[{"pattern":"mvn test","strategy":"rtk","max_lines":400,"reason":"..."}]}

                """ + rows;
        return new Plan(ProposalKind.COMMAND_RULE, new Ask(ProposalKind.COMMAND_RULE, candidates.size() + " noisy commands",
                candidates.size(), SYSTEM, prompt, MAX_TOKENS, answer -> {
                    List<Draft> out = new ArrayList<>();
                    for (JsonNode item : ModelAnswer.items(answer, "rules")) {
                        String pattern = String.join(" ", CommandPattern.words(ModelAnswer.text(item, "pattern"))
                                .orElse(List.of()));
                        String strategy = ModelAnswer.text(item, "strategy").toLowerCase(Locale.ROOT);
                        String reason = ModelAnswer.text(item, "reason", "why");
                        int maxLines = item.path("max_lines").asInt(0);
                        // the pattern must match a command that was seen being noisy, not just any command
                        List<String> seen = evidence.keySet().stream().filter(base -> linesOf.get(base).stream()
                                .anyMatch(line -> CommandPattern.matches(line, pattern))).toList();
                        if (pattern.isEmpty() || seen.isEmpty() || !(strategy.equals("rtk") || strategy.equals("advise"))
                                || reason.isEmpty()) {
                            continue;
                        }
                        Map<String, Object> p = payload("pattern", pattern, "strategy", strategy, "reason",
                                Snippets.oneLine(reason, 300));
                        if (maxLines > 0) {
                            p.put("max_lines", maxLines);
                        }
                        out.add(new Draft(ProposalKind.COMMAND_RULE, List.of(pattern), p,
                                "command rule '" + pattern + "' (" + strategy + "): " + Snippets.oneLine(reason, 160),
                                seen.stream().map(evidence::get).collect(Collectors.joining("\n"))));
                    }
                    return out;
                }), null);
    }

    Plan features(String project, List<CoEditPair> coEdits) {
        List<KeyFiles> summaries = db.read(tx -> curation.keyFiles(tx, project, KEY_FILE_SUMMARIES));
        Set<String> known = new TreeSet<>();
        summaries.forEach(s -> known.addAll(s.keyFiles()));
        coEdits.forEach(p -> {
            known.add(p.a());
            known.add(p.b());
        });
        if (known.size() < 2) {
            return new Plan(ProposalKind.FEATURE, null, "fewer than 2 key or co-edited files");
        }
        List<Feature> existing = features.list(project, false);
        Set<String> names = existing.stream().map(Feature::name).collect(Collectors.toSet());
        StringBuilder text = new StringBuilder("Existing features: ");
        text.append(existing.isEmpty() ? "none" : existing.stream().map(f -> f.name() + " (" + String.join(", ", f.files()) + ")")
                .collect(Collectors.joining("; "))).append("\n\nFiles edited together (sessions):\n");
        coEdits.forEach(p -> text.append(p.a()).append(" + ").append(p.b()).append(" (").append(p.sessions()).append(")\n"));
        text.append("\nSessions and their key files:\n");
        summaries.forEach(s -> text.append("- ").append(Snippets.oneLine(s.request() == null ? "(no request)" : s.request(), 120))
                .append(": ").append(String.join(", ", s.keyFiles())).append('\n'));
        String prompt = """
                Which groups of files form a user-visible feature that is not registered yet? A feature needs at \
                least 2 of the files below; name it in kebab-case and describe it in one sentence.
                Answer: {"features":[{"name":"checkout-flow","description":"...","files":["a","b"]}]}

                """ + text;
        return new Plan(ProposalKind.FEATURE, new Ask(ProposalKind.FEATURE, summaries.size() + " summaries and "
                + coEdits.size() + " co-edit pairs", summaries.size() + coEdits.size(), SYSTEM, prompt, MAX_TOKENS, answer -> {
                    List<Draft> out = new ArrayList<>();
                    for (JsonNode item : ModelAnswer.items(answer, "features")) {
                        String name = ModelAnswer.text(item, "name");
                        List<String> files = new ArrayList<>(new LinkedHashSet<>(strings(item.path("files")).stream()
                                .filter(known::contains).toList()));
                        if (!FEATURE_NAME.matcher(name).matches() || names.contains(name) || files.size() < 2) {
                            continue;
                        }
                        String description = Snippets.oneLine(ModelAnswer.text(item, "description"), 300);
                        out.add(new Draft(ProposalKind.FEATURE, new TreeSet<>(files).stream().toList(),
                                payload("name", name, "description", description, "files", files),
                                "feature '" + name + "': " + String.join(", ", files),
                                coEdits.stream().filter(p -> files.contains(p.a()) && files.contains(p.b()))
                                        .map(p -> p.a() + " + " + p.b() + " edited together in " + p.sessions() + " sessions")
                                        .collect(Collectors.joining("\n"))));
                    }
                    return out;
                }), null);
    }

    private List<MemoryRow> live(String project, String kind, int limit) {
        return db.read(tx -> memories.list(tx, new MemoryQuery(project, kind, false, limit * 2))).stream()
                .filter(m -> project.equals(m.project()) && "project".equals(m.scope()) && m.supersededBy() == null)
                .limit(limit).toList();
    }

    private static Map<Long, MemoryRow> byId(List<MemoryRow> rows) {
        return rows.stream().collect(Collectors.toMap(MemoryRow::id, Function.identity(), (a, b) -> a, LinkedHashMap::new));
    }

    private static String lines(List<MemoryRow> rows) {
        StringBuilder out = new StringBuilder();
        for (MemoryRow m : rows) {
            out.append('[').append(m.id()).append("] ").append(m.kind()).append(", ").append(m.createdAt(), 0, 10);
            if (m.duplicateCount() > 0) {
                out.append(", seen ").append(m.duplicateCount() + 1).append(" times");
            }
            if (!m.files().isEmpty()) {
                out.append(", files: ").append(String.join(", ", m.files()));
            }
            out.append(": ").append(Snippets.oneLine(m.content(), 240)).append('\n');
        }
        return out.toString();
    }

    private static List<Long> ids(JsonNode item, Map<Long, MemoryRow> known, String... fields) {
        for (String f : fields) {
            JsonNode v = item.path(f);
            if (v.isArray()) {
                List<Long> ids = new ArrayList<>();
                v.forEach(n -> ids.add(n.asLong(-1)));
                // every id must be one the model was shown: one unknown id voids the item
                return ids.stream().allMatch(known::containsKey) ? ids.stream().distinct().sorted().toList() : List.of();
            }
        }
        return List.of();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> {
            if (n.isTextual() && !n.asText().isBlank()) {
                out.add(n.asText().strip());
            }
        });
        return out;
    }

    /** A valid pattern's text, {@code **} for none, or null when the model's pattern is not a usable one. */
    private static String pattern(String raw) {
        try {
            return PathPattern.of(raw.isEmpty() ? "**" : raw).text();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static List<String> keys(List<Long> ids, String extra) {
        List<String> out = new ArrayList<>(ids.stream().map(String::valueOf).toList());
        if (extra != null) {
            out.add(extra);
        }
        return out;
    }

    private static String evidence(List<Long> ids, Map<Long, MemoryRow> byId) {
        return ids.stream().map(byId::get).map(m -> "mem-" + m.id() + " (" + m.kind() + ", " + m.createdAt().substring(0, 10)
                + "): " + Snippets.oneLine(m.content(), 200)).collect(Collectors.joining("\n"));
    }

    private static Map<String, Object> payload(Object... kv) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put((String) kv[i], kv[i + 1]);
        }
        return out;
    }
}
