/**
 * Sessions: listing, detail and the authoritative summary an agent saves at the end of its work.
 */
package dev.eaglemem.session;
