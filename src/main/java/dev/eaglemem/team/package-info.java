/**
 * Team memory: the durable records of the projects a store shares, exchanged with a team's PostgreSQL database by
 * serve's team-sync job and by {@code eagle-mem team}. Hooks never reach this package's network side: they read and
 * write the local store only, and pulled records are local records there.
 */
package dev.eaglemem.team;
