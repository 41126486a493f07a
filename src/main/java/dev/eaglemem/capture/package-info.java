/**
 * What a session did, as it happens: prompts, tool calls and turn ends become redacted observations and a
 * running session summary ({@link dev.eaglemem.capture.CaptureService}); the summary extraction and merge
 * rules are pure functions of the agent's text.
 */
package dev.eaglemem.capture;
