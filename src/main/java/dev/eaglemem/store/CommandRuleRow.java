package dev.eaglemem.store;

/**
 * A row of {@code command_rules}: a command line starting with {@code pattern} is noisy. {@code strategy}
 * {@code rtk} routes it through rtk, {@code advise} only tells the agent ({@code maxLines} is the typical output
 * length). {@code source} {@code curator} rows name the job and the accepted proposal they came from.
 */
public record CommandRuleRow(long id, String project, String pattern, String strategy, Integer maxLines,
        String reason, String source, Long jobId, Long proposalId, String createdAt, String deletedAt) {
}
