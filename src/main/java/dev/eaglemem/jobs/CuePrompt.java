package dev.eaglemem.jobs;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.memory.Cues;
import dev.eaglemem.store.CueStore;

/**
 * What the cue-memories job asks a model about one memory, and how it reads the answer. People describe the
 * symptom, memories name the cause; the model writes the requests a person who runs into the memory's problem would
 * type, and recall compares prompts with those too (bench/recall/results.md: with cues the right memory of a
 * paraphrased prompt is injected about twice as often).
 */
final class CuePrompt {

    /** What the model is told about its task: the answer shape and the voice of the cues. */
    static final String SYSTEM = """
            You write search cues for the memory of an AI coding agent. Answer with one JSON object and nothing else.""";
    static final String JSON_SCHEMA = """
            {"type":"object","properties":{"cues":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":8}},\
            "required":["cues"],"additionalProperties":false}""";
    static final int MAX_TOKENS = 400;
    /** A memory's text as the model reads it: what it is about sits at its start. */
    static final int MAX_MEMORY_CHARS = 2_000;

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /** The cues read, or why there are none. */
    record Parsed(List<String> cues, String problem) {

        boolean ok() {
            return problem == null;
        }
    }

    private CuePrompt() {
    }

    static String build(CueStore.Uncued m) {
        String text = m.title() + "\n" + (m.content() == null ? "" : m.content());
        if (text.length() > MAX_MEMORY_CHARS) {
            text = text.substring(0, MAX_MEMORY_CHARS);
        }
        return """
                A coding agent keeps this memory about the project:

                [%s] %s

                Later a developer (or a support colleague) types a request to the agent, and this memory should be \
                recalled when it helps. People describe what they see - the symptom, a customer's complaint, a failing \
                test or an alert, the task they want done - not the cause this memory names, and they rarely know its \
                internal names. Write 5 different requests (each under 25 words) that this memory answers, in the words \
                such a person would use. Vary the angle: a visible symptom, an alert or log line, a how-do-I question, a \
                task that would run into it, a "why does..." question. Use the memory's language.

                Answer: {"cues": ["...", "...", "...", "...", "..."]}""".formatted(m.kind(), text);
    }

    /** The cues of an answer: fences and chatter around the JSON are ignored; duplicates and blanks dropped. */
    static Parsed parse(String answer) {
        String object = SummaryAnswer.firstObject(answer == null ? "" : answer);
        if (object == null) {
            return new Parsed(List.of(), "no JSON object in the answer" + (answer == null || answer.isBlank() ? " (empty)" : ""));
        }
        JsonNode root;
        try {
            root = JSON.readTree(object);
        } catch (java.io.IOException e) {
            return new Parsed(List.of(), "the answer's JSON does not parse: " + e.getMessage().lines().findFirst().orElse(""));
        }
        JsonNode list = root.path("cues");
        if (!list.isArray()) {
            return new Parsed(List.of(), "the answer has no \"cues\" list");
        }
        List<String> texts = new ArrayList<>();
        list.forEach(item -> texts.add(item.isTextual() ? item.asText() : ""));
        List<String> out = Cues.tidy(texts);
        return out.isEmpty() ? new Parsed(List.of(), "the answer's \"cues\" list is empty") : new Parsed(out, null);
    }
}
