/**
 * Memories that know when the code moved on: the commit, file contents and declarations a memory or session summary was
 * written against (its anchor), the state of each anchor now (fresh, changed, moved, gone, contradicted) and the
 * background re-verification of the changed ones.
 */
package dev.eaglemem.anchor;
