/**
 * The one way in for a hook's event: {@link dev.eaglemem.intake.EventIntake#accept} records it within the hook's
 * database budget (or spools it; serve holds it in memory when the spool cannot take it either) and runs its
 * follow-ups, the feature checks, memories and jobs it triggers. The spool is replayed through the same call, by the
 * next hook, serve or a command. It puts capture, feature, memory, recall and jobs together, so it sits above them
 * and below the adapters that hand it events.
 */
package dev.eaglemem.intake;
