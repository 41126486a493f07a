package dev.eaglemem.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One summary field a model changed: its column name and the value before and after (a text or null, or a list of
 * paths for the file lists).
 */
@RegisterForReflection
public record FieldChange(String field, Object before, Object after) {

    /** The columns whose stored value differs between two versions of a summary ({@code before} null: none stored). */
    public static List<FieldChange> between(SummaryFields before, SummaryFields after) {
        Map<String, Object> old = (before == null ? SummaryFields.NONE : before).byColumn();
        List<FieldChange> out = new ArrayList<>();
        after.byColumn().forEach((column, value) -> {
            if (!Objects.equals(old.get(column), value)) {
                out.add(new FieldChange(column, old.get(column), value));
            }
        });
        return out;
    }
}
