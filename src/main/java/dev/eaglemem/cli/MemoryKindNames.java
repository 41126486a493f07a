package dev.eaglemem.cli;

import java.util.Arrays;
import java.util.Iterator;

import dev.eaglemem.memory.MemoryKind;

/** The kinds of memory people and agents write, for tab completion and for the line a missing --kind's error suggests (the first one). */
final class MemoryKindNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(MemoryKind.values()).filter(MemoryKind::writable).map(MemoryKind::id).iterator();
    }
}
