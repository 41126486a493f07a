/**
 * serve seen from outside: its files (socket, pid, token, lock), whether it runs and answers, starting it from a
 * hook and stopping it. Used by the hook command, install, doctor and autostart without pulling in the server.
 */
package dev.eaglemem.serve.control;
