package dev.eaglemem.search;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What happened around one record, oldest first.
 *
 * @param anchor the record the timeline is centred on
 * @param anchorIndex where the anchor is in {@code items}
 * @param project the anchor's project (null around a personal memory: the timeline is then personal memories)
 */
@RegisterForReflection
public record Timeline(String anchor, int anchorIndex, String project, List<RecordItem> items) {

    public Timeline {
        items = List.copyOf(items);
    }
}
