package dev.eaglemem.shell;

import java.util.List;

/**
 * A command that publishes work beyond this machine (a push, a pull request, a package upload).
 *
 * @param kind what kind, e.g. {@code git push}, {@code npm publish}, {@code mvn deploy}
 * @param words the simple command that does it, wrappers removed
 * @param label for people: the kind and the command as it was written
 */
public record ReleaseBoundary(String kind, List<String> words, String label) {

    public ReleaseBoundary {
        words = List.copyOf(words);
    }
}
