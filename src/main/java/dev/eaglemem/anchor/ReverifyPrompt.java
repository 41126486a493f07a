package dev.eaglemem.anchor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.eaglemem.format.PlainJson;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.redact.Redactor;

/**
 * What the re-verification job asks a model about one record whose code changed since it was written, and how it reads
 * the answer. The diff is redacted here, and the model layer redacts the whole request again before it leaves.
 */
final class ReverifyPrompt {

    static final String SYSTEM = """
            You check whether notes an AI coding agent keeps about a codebase still hold after the code changed. \
            Answer with one JSON object and nothing else.""";
    static final String JSON_SCHEMA = """
            {"type":"object","properties":{"verdict":{"type":"string","enum":["holds","contradicted","unsure"]},\
            "reason":{"type":"string"}},"required":["verdict","reason"],"additionalProperties":false}""";
    static final int MAX_TOKENS = 200;
    private static final int MAX_RECORD_CHARS = 2_000;
    private static final int MAX_REASON_CHARS = 200;
    private static final ObjectMapper JSON = PlainJson.MAPPER;

    enum Verdict {
        HOLDS, CONTRADICTED, UNSURE
    }

    /** The verdict read, with the model's one-line reason; UNSURE with the problem when the answer is unusable. */
    record Answer(Verdict verdict, String reason) {
    }

    private ReverifyPrompt() {
    }

    static String build(String record, String diff, Redactor redactor) {
        String text = record.length() <= MAX_RECORD_CHARS ? record : record.substring(0, MAX_RECORD_CHARS);
        return """
                The agent wrote this note about the project:

                %s

                Since then the code it is about changed. The change, as a unified diff:

                %s

                Does the change contradict the note (what it says is no longer true of the code), or does the note still \
                hold? Say "unsure" if the diff does not show enough to tell. Give the reason in one short sentence that \
                names what changed.

                Answer: {"verdict": "holds" | "contradicted" | "unsure", "reason": "..."}""".formatted(
                redactor.redact(text), redactor.redact(diff));
    }

    static Answer parse(String reply) {
        try {
            String body = reply.strip();
            int start = body.indexOf('{');
            int end = body.lastIndexOf('}');
            JsonNode n = JSON.readTree(start >= 0 && end > start ? body.substring(start, end + 1) : body);
            String verdict = n.path("verdict").asText("");
            String reason = Snippets.oneLine(n.path("reason").asText(""), MAX_REASON_CHARS);
            return switch (verdict) {
                case "holds" -> new Answer(Verdict.HOLDS, reason);
                case "contradicted" -> reason.isBlank() ? new Answer(Verdict.UNSURE, "a contradiction without a reason")
                        : new Answer(Verdict.CONTRADICTED, reason);
                case "unsure" -> new Answer(Verdict.UNSURE, reason);
                default -> new Answer(Verdict.UNSURE, "unusable answer: no verdict");
            };
        } catch (java.io.IOException | RuntimeException e) {
            return new Answer(Verdict.UNSURE, "unusable answer: not JSON");
        }
    }
}
