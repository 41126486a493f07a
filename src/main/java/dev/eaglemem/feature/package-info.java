/**
 * Features and their verification, the data behind the release gate: a feature names files, dependencies and
 * smoke tests; a change to its files (fingerprinted against git's blobs) opens a pending check that a run, a
 * verification or a waiver resolves. Also the per-file guard rules shown before an edit.
 */
package dev.eaglemem.feature;
