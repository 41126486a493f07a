/**
 * The composition root: CDI producers that build the data directory, config, log, redactor and database
 * once per process. Nothing else in the code base constructs these.
 */
package dev.eaglemem.wiring;
