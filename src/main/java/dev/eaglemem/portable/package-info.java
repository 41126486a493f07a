/**
 * Your memory is yours: export to and import from the line-oriented format of docs/export-format.md,
 * importers from the original Eagle Mem's memory.db (and the peers' stores), online backup, and repair of a
 * damaged database. An import validates its whole file and writes it in one transaction; it never overwrites
 * a newer local edit.
 */
package dev.eaglemem.portable;
