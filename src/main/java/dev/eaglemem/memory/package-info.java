/**
 * Memories: decisions, gotchas and the other kinds, personal or per project, with normalisation, duplicate and
 * contradiction detection, topics that revise, soft forget and restore; and the project overview.
 */
package dev.eaglemem.memory;
