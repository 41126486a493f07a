package dev.eaglemem.syntax;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.treesitter.TSNode;
import org.treesitter.TSQuery;
import org.treesitter.TSQueryCapture;
import org.treesitter.TSQueryCursor;
import org.treesitter.TSQueryMatch;
import org.treesitter.TSTree;

/**
 * Runs a grammar's query over a parsed tree and keeps what the captures name. Capture names are the query's
 * vocabulary: {@code @def.<kind>} a declaration with its {@code @name} (and {@code @receiver}, an explicit container),
 * {@code @import…} an import target, {@code @preamble} lines that only import or name the package, {@code @call} a
 * callee name, {@code @error} a region the parser could not read, and {@code @_fn} the callee of an importing call
 * ({@code require}), which must be one of {@link Grammar#importFunctions} for the match to count.
 */
final class TreeReader {

    /** What one tree holds; lines are 1-based. */
    record Syntax(List<Def> defs, List<Reference> imports, List<Reference> calls, BitSet preamble, BitSet errors) {
    }

    private final Grammar grammar;
    private final TSQuery query;
    private final String[] captureNames;
    private final byte[] source;

    private final Map<Long, Def> defs = new HashMap<>();
    private final Map<String, Reference> imports = new LinkedHashMap<>();
    private final Map<String, Reference> calls = new LinkedHashMap<>();
    private final BitSet preamble = new BitSet();
    private final BitSet errors = new BitSet();

    private TreeReader(Grammar grammar, TSQuery query, String[] captureNames, byte[] source) {
        this.grammar = grammar;
        this.query = query;
        this.captureNames = captureNames;
        this.source = source;
    }

    /** Reads a tree (which the caller closes) of {@code source}, the UTF-8 bytes it was parsed from. */
    static Syntax read(Grammar grammar, TSQuery query, String[] captureNames, TSTree tree, byte[] source) {
        TreeReader reader = new TreeReader(grammar, query, captureNames, source);
        try (TSQueryCursor cursor = new TSQueryCursor()) {
            cursor.exec(query, tree.getRootNode());
            TSQueryMatch match = new TSQueryMatch();
            while (cursor.nextMatch(match)) {
                reader.take(match);
            }
        }
        List<Def> found = new ArrayList<>(reader.defs.values());
        found.sort(Comparator.comparingInt((Def d) -> d.startByte).thenComparing(d -> -d.endByte));
        return new Syntax(found, byLine(reader.imports), byLine(reader.calls), reader.preamble, reader.errors);
    }

    private static List<Reference> byLine(Map<String, Reference> refs) {
        List<Reference> sorted = new ArrayList<>(refs.values());
        sorted.sort(Comparator.comparingInt(Reference::line));
        return List.copyOf(sorted);
    }

    private void take(TSQueryMatch match) {
        TSQueryCapture[] captures = match.getCaptures();
        TSNode def = null;
        TSNode name = null;
        TSNode receiver = null;
        String defKind = null;
        String function = importFunction(captures);
        if (function == null) {
            return; // a call like require(…) to some other function: no import
        }
        String fixedName = null;
        TSNode statement = null;
        boolean importing = false;
        boolean imported = false;
        for (TSQueryCapture capture : captures) {
            TSNode node = capture.getNode();
            String what = captureNames[capture.getIndex()];
            if (what.startsWith("def.")) {
                def = node;
                defKind = what.substring(4);
            } else if (what.equals("name")) {
                name = node;
            } else if (what.startsWith("name.")) { // a declaration without a name of its own: Kotlin's companion
                fixedName = what.substring(5);
            } else if (what.equals("receiver")) {
                receiver = node;
            } else if (what.startsWith("import")) {
                importing = true;
                if (grammar.relativeImport(function)) {
                    what = "import.relative";
                }
                for (String target : Imports.targets(what, node, this::text)) {
                    imported |= addImport(target, node);
                }
            } else if (what.equals("preamble")) {
                statement = node;
            } else if (what.equals("call")) {
                addCall(node);
            } else if (what.equals("call.component")) { // JSX: <Row/> calls Row, <li> is HTML
                if (Character.isUpperCase(text(node).charAt(0))) {
                    addCall(node);
                }
            } else if (what.equals("error")) {
                mark(errors, node);
            }
        }
        if (statement != null && (imported || !importing)) { // a statement that imports nothing is code
            mark(preamble, statement);
        }
        if (def != null && (name != null || fixedName != null)) {
            addDef(match.getPatternIndex(), defKind, def, fixedName != null ? fixedName : text(name), receiver);
        }
    }

    /** The callee an {@code @_fn} capture names, "" for a match without one, null for a callee that imports nothing. */
    private String importFunction(TSQueryCapture[] captures) {
        for (TSQueryCapture capture : captures) {
            if (captureNames[capture.getIndex()].equals("_fn")) {
                String function = text(capture.getNode());
                return grammar.importFunctions.contains(function) ? function : null;
            }
        }
        return "";
    }

    private boolean addImport(String target, TSNode node) {
        if (target.isEmpty()) {
            return false;
        }
        int line = node.getStartPoint().getRow() + 1;
        imports.putIfAbsent(target + "\n" + line, new Reference(target, line));
        return true;
    }

    private void addCall(TSNode node) {
        String callee = text(node);
        if (callee.isEmpty() || grammar.notCalls.contains(callee)) {
            return;
        }
        int line = node.getStartPoint().getRow() + 1;
        calls.putIfAbsent(callee + "\n" + line, new Reference(callee, line));
    }

    private void addDef(int pattern, String kind, TSNode node, String written, TSNode receiver) {
        long key = ((long) node.getStartByte() << 32) | node.getEndByte();
        Def seen = defs.get(key);
        if (seen != null && seen.pattern <= pattern) {
            return; // the same node matched an earlier, more specific pattern
        }
        String name = written.strip();
        String qualifier = receiver == null ? null : Names.typeName(text(receiver));
        int split = name.lastIndexOf("::");
        if (split > 0) { // C++ Cart::total, Ruby class Shop::Cart
            String scope = name.substring(0, split).replace("::", ".");
            qualifier = qualifier == null ? scope : qualifier + "." + scope;
            name = name.substring(split + 2);
        }
        if (kind.equals("impl")) {
            name = Names.typeName(name);
        }
        if (kind.equals("constant.upper") && !Names.upperSnake(name)) {
            return;
        }
        boolean signature = kind.endsWith(".signature");
        kind = kind.replaceFirst("\\..*", "");
        if (name.isEmpty()) {
            return;
        }
        TSNode outer = node;
        for (TSNode parent = outer.getParent(); parent != null && !parent.isNull()
                && grammar.wrappers.contains(parent.getType()) && onlyOfItsType(parent, outer); parent = parent.getParent()) {
            outer = parent;
        }
        int startRow = outer.getStartPoint().getRow();
        int declStart = startRow;
        int chunkStart = startRow;
        for (TSNode above = previous(outer); above != null; above = previous(above)) {
            String type = above.getType();
            boolean comment = type.contains("comment");
            if (!comment && !grammar.leading.contains(type) || lastRow(above) < chunkStart - 1 || !ownsLine(above)) {
                break;
            }
            chunkStart = above.getStartPoint().getRow();
            if (!comment) {
                declStart = chunkStart;
            }
        }
        defs.put(key, new Def(kind, name, qualifier, outer.getStartByte(), outer.getEndByte(), declStart + 1,
                lastRow(outer) + 1, chunkStart + 1, !signature, pattern));
    }

    /**
     * The node before this one: its previous sibling, or for the first node of a body that starts with it (Ruby's
     * {@code body_statement}) the node before that body, where a comment above the first member sits.
     */
    private static TSNode previous(TSNode node) {
        for (TSNode at = node;;) {
            TSNode sibling = at.getPrevSibling();
            if (sibling != null && !sibling.isNull()) {
                return sibling;
            }
            TSNode parent = at.getParent();
            if (parent == null || parent.isNull() || parent.getStartByte() != at.getStartByte()) {
                return null;
            }
            at = parent;
        }
    }

    /** A wrapper holding several declarations (Go's {@code type ( … )}) belongs to none of them. */
    private static boolean onlyOfItsType(TSNode parent, TSNode child) {
        String type = child.getType();
        int same = 0;
        for (int i = 0, n = parent.getNamedChildCount(); i < n; i++) {
            if (parent.getNamedChild(i).getType().equals(type)) {
                same++;
            }
        }
        return same == 1;
    }

    /** The last row a node covers; a node ending at column 0 ended with the previous row's line break. */
    private static int lastRow(TSNode node) {
        var end = node.getEndPoint();
        int startRow = node.getStartPoint().getRow();
        return end.getColumn() == 0 && end.getRow() > startRow ? end.getRow() - 1 : end.getRow();
    }

    /** Whether only whitespace precedes the node on its first line (a comment after code belongs to that code). */
    private boolean ownsLine(TSNode node) {
        for (int i = node.getStartByte() - 1; i >= 0 && source[i] != '\n'; i--) {
            if (source[i] != ' ' && source[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    private void mark(BitSet lines, TSNode node) {
        lines.set(node.getStartPoint().getRow() + 1, lastRow(node) + 2);
    }

    private String text(TSNode node) {
        int start = node.getStartByte();
        return new String(source, start, node.getEndByte() - start, StandardCharsets.UTF_8);
    }
}
