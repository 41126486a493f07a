package dev.eaglemem.syntax;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Declarations placed in their containers: each is nested in the nearest declaration whose node holds it, and named
 * by it ({@code Cart.total}). A function becomes a method when it sits in a type (or names one: a Go receiver, C++
 * {@code Cart::total}). An {@code impl} block names its methods' container but is no declaration of its own: the
 * type it implements is declared elsewhere.
 */
final class Outline {

    private Outline() {
    }

    /** Links {@code defs} (sorted by start, outer first) and returns the top-level ones. */
    static List<Def> link(List<Def> defs, Grammar grammar) {
        List<Def> roots = new ArrayList<>();
        Deque<Def> open = new ArrayDeque<>();
        for (Def def : defs) {
            while (!open.isEmpty() && open.peek().endByte < def.endByte) {
                open.pop();
            }
            Def parent = open.peek();
            def.parent = parent;
            if (parent == null) {
                roots.add(def);
            } else {
                parent.children.add(def);
            }
            String scope = parent == null ? null : parent.qualifiedName();
            def.container = def.qualifier == null ? scope : scope == null ? def.qualifier : scope + "." + def.qualifier;
            def.kind = kind(def, parent, grammar);
            open.push(def);
        }
        return roots;
    }

    private static String kind(Def def, Def parent, Grammar grammar) {
        if (!def.queryKind.equals("function")) {
            return def.queryKind;
        }
        if (def.qualifier != null || parent != null && (Def.TYPE_LIKE.contains(parent.kind)
                || grammar.moduleHoldsMethods() && parent.kind.equals("module"))) {
            return "method";
        }
        return "function";
    }

    /** Every declaration but {@code impl} blocks, in file order. */
    static List<Declaration> declarations(List<Def> defs) {
        List<Declaration> out = new ArrayList<>(defs.size());
        for (Def def : defs) {
            if (!def.kind.equals("impl")) {
                out.add(new Declaration(def.name, def.kind, def.startLine, def.endLine, def.container));
            }
        }
        return List.copyOf(out);
    }
}
