package dev.eaglemem.tokenguard;

/** What the token guard does with a shell command before it runs. */
public sealed interface TokenDecision {

    /** Run it as it is. */
    record Allow() implements TokenDecision {
    }

    /** Run it as it is, and tell the agent {@code context} (a learned command rule's advice). */
    record Advise(String context) implements TokenDecision {
    }

    /**
     * Run {@code command} instead (Claude: {@code updatedInput}); {@code context} tells the agent why.
     */
    record Rewrite(String command, String context) implements TokenDecision {
    }

    /**
     * Do not run it; {@code reason} names the exact command to run instead, or how to get unblocked.
     * {@code compactCommand} is that command when there is one, else null.
     */
    record Deny(String reason, String compactCommand) implements TokenDecision {
    }
}
