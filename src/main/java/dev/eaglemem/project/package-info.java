/**
 * Identity for every entry point: which agent is calling, which session, and which project. Hooks, CLI,
 * MCP and serve all resolve through here, so the same directory always yields the same key and memories
 * neither leak between projects nor scatter over name variants of one repository.
 */
package dev.eaglemem.project;
