/**
 * serve's JSON HTTP API and event stream: thin routes over the same services and the same records
 * the CLI prints with {@code --json}, so the two never drift. Access control (token, Origin) happens
 * before these routes, in {@code dev.eaglemem.serve.ServeServer}; DB work runs off the event loop.
 */
package dev.eaglemem.serve.api;
