package dev.eaglemem.serve.api;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The JSON body of {@code PATCH /memories/{id}}: the options of {@code memories update}; absent fields stay as they
 * are. {@code files} replaces the list, {@code add_files}/{@code remove_files} change it one path at a time.
 */
@RegisterForReflection
record MemoryPatchBody(String kind, String title, String content, @JsonAlias("topic_key") String topic,
        List<String> files, @JsonProperty("add_files") List<String> addFiles,
        @JsonProperty("remove_files") List<String> removeFiles, String situation, String behavior, String impact,
        String action, String subject, String predicate, String object, String agent) {
}
