/**
 * Secret redaction: everything eagle-mem stores or sends to a model passes through {@link dev.eaglemem.redact.Redactor}
 * first, so credentials that show up in commands, prompts, tool output or summaries never reach the database.
 * Pure JDK, no framework: the rules are static, precompiled and shared by every thread.
 */
package dev.eaglemem.redact;
