/**
 * Observability over what eagle-mem stored and injected: the recall log (what each SessionStart and prompt
 * searched, injected, and left out), the event log, and a session replayed in time order. One service for
 * {@code eagle-mem inspect|replay} and the web viewer's recall inspector and session pages.
 */
package dev.eaglemem.inspect;
