/**
 * What a session did, as it happens: prompts, tool calls and turn ends become redacted
 * {@link dev.eaglemem.capture.CaptureEvent}s, recorded exactly once each as observations and a running session
 * summary ({@link dev.eaglemem.capture.CaptureService}); an event the database cannot take in time waits in the
 * {@link dev.eaglemem.capture.Spool}. The summary extraction and merge rules are pure functions of the agent's text.
 */
package dev.eaglemem.capture;
