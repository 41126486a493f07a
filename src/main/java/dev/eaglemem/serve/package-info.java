/**
 * {@code eagle-mem serve}, the warm process: its life cycle ({@link dev.eaglemem.serve.ServeDaemon}), the Vert.x
 * server for hooks on the unix socket and the HTTP API on loopback, access control (token, Origin) before any
 * route, the job pump, the spool replay (SpoolDrain) and the idle exit. The client side of serve lives in
 * {@code serve.control}.
 */
package dev.eaglemem.serve;
