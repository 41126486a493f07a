/**
 * Each agent's hook wire: {@link dev.eaglemem.dialect.HookDialect} reads an agent's event and payload into Claude
 * Code's names, which every handler speaks, and writes a {@link dev.eaglemem.dialect.HookResponse} back in the agent's
 * own output format; {@link dev.eaglemem.dialect.HookDialects} chooses the dialect from the payload and environment
 * before the command line (agents load each other's hook files). Adapters at the edge: nothing here touches the
 * database, and nothing past a dialect forks the memory model by agent.
 */
package dev.eaglemem.dialect;
