/**
 * Sentence embeddings for semantic recall: the in-process model (all-MiniLM-L6-v2, quantized, shipped inside a
 * registry package and run by ONNX Runtime, no network), the background job that embeds memories and summaries
 * as they are written, and serve's in-memory index that compares a prompt with them. Loaded only by serve and the
 * commands that search; a hook never loads a model.
 */
package dev.eaglemem.embed;
