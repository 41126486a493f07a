/** Text shaping shared by every surface that prints stored records (CLI, recall, search). */
package dev.eaglemem.text;
