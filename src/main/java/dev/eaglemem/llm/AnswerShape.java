package dev.eaglemem.llm;

/**
 * The shape an answer must have: free text, any JSON object, or a JSON object that matches {@code schema} (a JSON
 * Schema document, named {@code name} for the APIs that want one). Providers that can enforce the shape are told to;
 * the others read it from the prompt, and callers read every answer tolerantly anyway.
 */
record AnswerShape(boolean json, String name, String schema) {

    static AnswerShape of(LlmRequest r) {
        return new AnswerShape(r.json(), r.json() && r.jsonSchema() != null ? name(r.purpose()) : null,
                r.json() ? r.jsonSchema() : null);
    }

    /** OpenAI wants {@code [a-zA-Z0-9_-]{1,64}}. */
    private static String name(String purpose) {
        String n = purpose.replaceAll("[^a-zA-Z0-9_-]", "_");
        return n.length() <= 64 ? n : n.substring(0, 64);
    }
}
