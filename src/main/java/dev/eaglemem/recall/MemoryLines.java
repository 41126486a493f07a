package dev.eaglemem.recall;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;

/**
 * What follows a memory's title in injected context. A free-text memory shows its first line; the structured
 * kinds show every part that carries meaning, because their first content line ("Situation: …") is the least
 * useful one: a fact needs its object, feedback its action.
 */
final class MemoryLines {

    private MemoryLines() {
    }

    static String detail(MemoryRow m) {
        MemoryDetails d = m.details();
        if (d != null && MemoryKind.FACT.id().equals(m.kind()) && present(d.object())) {
            // the default title is "subject predicate": then the object completes it, else show the whole fact
            String subjectPredicate = join(" ", d.subject(), d.predicate());
            String rest = subjectPredicate.equalsIgnoreCase(m.title().strip()) ? d.object().strip()
                    : join(" ", subjectPredicate, d.object());
            return rest + (present(d.situation()) ? " (when: " + d.situation().strip() + ")" : "");
        }
        if (d != null && MemoryKind.FEEDBACK.id().equals(m.kind()) && present(d.action())) {
            return join("; ", present(d.situation()) ? "when " + d.situation().strip() : null,
                    present(d.behavior()) ? "not: " + d.behavior().strip() : null, "do: " + d.action().strip(),
                    present(d.impact()) ? "why: " + d.impact().strip() : null);
        }
        return Snippets.firstLine(m.content());
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    private static String join(String separator, String... parts) {
        StringBuilder out = new StringBuilder();
        for (String p : parts) {
            if (present(p)) {
                out.append(out.isEmpty() ? "" : separator).append(p.strip());
            }
        }
        return out.toString();
    }
}
