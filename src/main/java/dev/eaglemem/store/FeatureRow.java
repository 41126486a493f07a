package dev.eaglemem.store;

/** A row of {@code features}; {@code archivedAt} is set once it is archived. */
public record FeatureRow(long id, String project, String name, String description, String status,
        String lastVerifiedAt, String lastVerifiedNotes, String createdAt, String updatedAt, String archivedAt) {

    public boolean isActive() {
        return "active".equals(status);
    }
}
