package dev.eaglemem.jobs;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.SummaryFields;

/**
 * What a model reads to summarize a session: the user's prompts, the tool calls (tool, command, files, exit
 * status), the agent's final messages of the last turns and the summary captured so far. All of it was redacted
 * when it was stored (and is redacted again by the llm package before it is sent). Each part has a budget, so the
 * prompt stays small (about 12,000 characters at most, ~3,000 tokens) whatever the session's length.
 */
final class SummaryPrompt {

    static final String SYSTEM = """
            You extract structured facts from Claude Code and Codex development sessions for a memory system that \
            briefs the next session. Use only what the session record says; never invent decisions, reasons, files \
            or results. Prefer short, concrete sentences. Answer with one JSON object and nothing else.""";

    static final String SCHEMA = """
            {"request": "what the user asked for, one sentence",
             "completed": "what was done, one or two sentences",
             "learned": ["facts about the code or tools discovered"],
             "decisions": [{"decision": "what was decided", "reason": "why, as the session says"}],
             "gotchas": ["traps, surprises, things that broke"],
             "key_files": ["the files that matter most, as paths from the record"],
             "next_steps": ["what is left to do"]}""";

    /**
     * {@link #SCHEMA} as a JSON Schema, for the providers that enforce one (OpenAI-compatible servers, Ollama). It
     * follows OpenAI's strict rules: every property required, no others; "not said" is an empty string or list.
     */
    static final String JSON_SCHEMA = """
            {"type": "object", "additionalProperties": false,
             "required": ["request", "completed", "learned", "decisions", "gotchas", "key_files", "next_steps"],
             "properties": {
               "request": {"type": "string"},
               "completed": {"type": "string"},
               "learned": {"type": "array", "items": {"type": "string"}},
               "decisions": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                 "required": ["decision", "reason"],
                 "properties": {"decision": {"type": "string"}, "reason": {"type": "string"}}}},
               "gotchas": {"type": "array", "items": {"type": "string"}},
               "key_files": {"type": "array", "items": {"type": "string"}},
               "next_steps": {"type": "array", "items": {"type": "string"}}}}""";

    static final int MAX_TOKENS = 768;
    private static final int PROMPTS = 2_000;
    private static final int CALLS = 3_500;
    private static final int MESSAGES = 5_000;
    private static final int CAPTURED = 1_500;

    private SummaryPrompt() {
    }

    static String build(List<PromptRow> prompts, List<ObservationRow> calls, List<String> messages,
            SummaryFields captured) {
        StringBuilder out = new StringBuilder("Summarize this session as JSON with exactly these fields (empty string or "
                + "empty list when the record does not say):\n").append(SCHEMA).append("\n\n");
        out.append("USER PROMPTS:\n").append(capped(prompts.stream().map(p -> "- " + Snippets.oneLine(p.prompt(), 400))
                .toList(), PROMPTS));
        out.append("\nTOOL CALLS (").append(calls.size()).append("):\n").append(capped(callLines(calls), CALLS));
        out.append("\nAGENT'S FINAL MESSAGES (last turns):\n").append(capped(messages.stream()
                .map(m -> "---\n" + m.strip()).toList(), MESSAGES));
        if (captured != null && captured.hasContent()) {
            out.append("\nSUMMARY SO FAR (heuristic):\n").append(capped(capturedLines(captured), CAPTURED));
        }
        return out.toString();
    }

    /** One line per call; repeated identical lines collapse into one with a count. */
    private static List<String> callLines(List<ObservationRow> calls) {
        Set<String> lines = new LinkedHashSet<>();
        for (ObservationRow c : calls) {
            StringBuilder line = new StringBuilder("- ").append(c.toolName());
            if (c.command() != null && !c.command().isBlank()) {
                line.append(": ").append(Snippets.oneLine(c.command(), 400));
            }
            if (!c.filesModified().isEmpty()) {
                line.append(" [modified ").append(String.join(", ", c.filesModified())).append(']');
            } else if (!c.filesRead().isEmpty()) {
                line.append(" [read ").append(String.join(", ", c.filesRead())).append(']');
            }
            if (c.exitStatus() != null && c.exitStatus() != 0) {
                line.append(" (exit ").append(c.exitStatus()).append(')');
            }
            lines.add(Snippets.cut(line.toString(), 240));
        }
        return List.copyOf(lines);
    }

    private static List<String> capturedLines(SummaryFields f) {
        return Stream.of(label("request", f.request()), label("completed", f.completed()),
                label("learned", f.learned()), label("decisions", f.decisions()), label("gotchas", f.gotchas()),
                label("next steps", f.nextSteps())).filter(s -> !s.isEmpty()).toList();
    }

    private static String label(String name, String value) {
        return value == null || value.isBlank() ? "" : name + ": " + Snippets.oneLine(value, 400);
    }

    /** The lines that fit in {@code budget} characters, the last ones first when they do not all fit (recent matters most). */
    static String capped(List<String> lines, int budget) {
        if (lines.isEmpty()) {
            return "(none)\n";
        }
        StringBuilder out = new StringBuilder();
        int used = 0;
        int from = lines.size();
        while (from > 0 && used + lines.get(from - 1).length() + 1 <= budget) {
            from--;
            used += lines.get(from).length() + 1;
        }
        if (from == lines.size()) {
            return Snippets.cut(lines.getLast(), budget) + "\n";
        }
        if (from > 0) {
            out.append("(").append(from).append(" earlier lines left out)\n");
        }
        for (int i = from; i < lines.size(); i++) {
            out.append(lines.get(i)).append('\n');
        }
        return out.toString();
    }
}
