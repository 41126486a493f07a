package dev.eaglemem.anchor;

import dev.eaglemem.format.Snippets;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One file or declaration of a record's anchor that is not as it was.
 *
 * @param decl the declaration's name, or null when the finding is about the whole file
 * @param state {@code MOVED}, {@code CHANGED} or {@code GONE}
 * @param movedFrom the name the file had when the record was written, when it was renamed since
 * @param commits commits that touched the file since the anchor (0: the change is not committed yet; null: unknown,
 *        git was not asked or cannot tell, as in a shallow clone that lacks the anchor's commit)
 * @param newest the newest of them, short id, and its subject; null when none or unknown
 */
@RegisterForReflection
public record Finding(String path, String decl, AnchorState state, String movedFrom, Integer commits, String newest,
        String subject) {

    /** One clause: "src/billing/retry.ts changed since in 4 commits, newest 9e1b0d2 'retry with jitter'". */
    public String clause() {
        String what = decl == null ? path : decl + " in " + path;
        return switch (state) {
            case MOVED -> movedFrom + " moved to " + path;
            case GONE -> decl == null ? path + " is gone" + newest(" (deleted in ") : decl + " is gone from " + path;
            case CHANGED -> (decl == null ? "" : decl + " in ") + (movedFrom == null ? path : movedFrom + " (now " + path + ")")
                    + " changed since" + since();
            default -> what;
        };
    }

    private String since() {
        if (commits == null) {
            return "";
        }
        if (commits == 0) {
            return " (not committed yet)";
        }
        return " in " + commits + " commit" + (commits == 1 ? "" : "s") + newest(", newest ");
    }

    private String newest(String lead) {
        if (newest == null) {
            return "";
        }
        return lead + newest + (subject == null || subject.isBlank() ? "" : " '" + Snippets.oneLine(subject, 60) + "'")
                + (lead.startsWith(" (") ? ")" : "");
    }
}
