package dev.eaglemem.serve.api;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonAlias;

/** The JSON body of {@code PATCH /memories/{id}}: the options of {@code memories update}; absent fields stay as they are. */
record MemoryPatchBody(String kind, String title, String content, @JsonAlias("topic_key") String topic,
        List<String> files, String situation, String behavior, String impact, String action, String subject,
        String predicate, String object, String agent) {
}
