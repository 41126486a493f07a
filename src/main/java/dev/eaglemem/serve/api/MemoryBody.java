package dev.eaglemem.serve.api;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonAlias;
import dev.eaglemem.store.MemoryDetails;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The JSON body of {@code POST /memories}: the options of {@code eagle-mem memories add}, snake_case.
 * Unknown fields are refused (a misspelt field must not be silently dropped).
 *
 * @param kind required: decision, gotcha, pattern, preference, discovery, friction, context, feedback or fact
 * @param scope project (default) or personal
 * @param project required for project scope: serve has no working directory to take it from
 * @param supersedes the memory this one replaces: 12 or "mem-12"
 */
@RegisterForReflection
record MemoryBody(String kind, String scope, String title, String content, @JsonAlias("topic_key") String topic,
        List<String> files, String situation, String behavior, String impact, String action, String subject,
        String predicate, String object, String project, String agent, String sessionId, String supersedes,
        Boolean keepBoth, List<String> cues) {

    MemoryDetails details() {
        return new MemoryDetails(situation, behavior, impact, action, subject, predicate, object);
    }
}
