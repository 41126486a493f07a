package dev.eaglemem;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.memory.MemoryList;
import dev.eaglemem.status.StatusReport;
import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One JSON contract for the CLI's --json, the HTTP API and the MCP tools: every answer is a named record, and every
 * record or enum in it carries {@code @RegisterForReflection} (a native image keeps a record's accessors only when it
 * is registered; an unregistered one prints as {@code {}} there and nowhere else). The types come from the code, not
 * from a list:
 * <ol>
 * <li>roots: what {@code cli}, {@code serve.api} and {@code mcp} hand to a JSON writer (Console.json/toJson,
 * JsonOutput.write, Reply.ok/of/created, Responses.json, an ObjectMapper), what an MCP tool returns, and what a request
 * body is read as (Bodies.read), found in their bytecode ({@link JsonHandOffs});</li>
 * <li>closure: every eagle-mem record or enum inside a root (record components, getters, generic arguments,
 * a sealed type's permitted classes), transitively.</li>
 * </ol>
 * A map handed to a writer would hide whatever is inside it from the closure, so a map body fails the build, and so
 * does a record component that is a map of {@code Object}.
 */
class JsonContractTest {

    private static final String BASE = "dev.eaglemem.";

    /**
     * Record components that hold JSON read back from the database (a job's payload, an event's detail, a proposal's
     * change): parsed text, plain values only, so no record can hide in them.
     */
    static final Set<String> PARSED_JSON_COMPONENTS = Set.of("store.EventRow.detail", "store.JobRow.payload",
            "store.ProposalRow.applied", "store.ProposalRow.payload");

    private static JsonHandOffs handOffs;

    @BeforeAll
    static void scan() {
        handOffs = JsonHandOffs.scan();
    }

    @Test
    void everyRecordAndEnumTheAdaptersPrintOrReadIsRegisteredForReflection() {
        Set<String> missing = names(unregistered(closure(handOffs.roots)));
        assertThat(missing).as("records and enums the CLI, the HTTP API or the MCP tools print or read as JSON (or that sit"
                + " inside those) without @RegisterForReflection").isEmpty();
    }

    @Test
    void noAdapterHandsAMapToAJsonWriter() {
        assertThat(handOffs.mapBodies).as("answers built as maps (a record inside one is invisible to this test): make"
                + " each a record").isEmpty();
        assertThat(handOffs.unseen).as("JSON hand-offs the scan cannot follow").isEmpty();
    }

    @Test
    void noRecordInTheContractHidesAMapOfObjects() {
        Set<String> hiding = new TreeSet<>();
        for (Class<?> c : closure(handOffs.roots)) {
            if (c.isRecord()) {
                for (RecordComponent rc : c.getRecordComponents()) {
                    if (hidesObjects(rc.getGenericType())) {
                        hiding.add(c.getName().substring(BASE.length()) + "." + rc.getName());
                    }
                }
            }
        }
        assertThat(PARSED_JSON_COMPONENTS).as("PARSED_JSON_COMPONENTS that are no longer maps of Object in the contract")
                .isSubsetOf(hiding);
        hiding.removeAll(PARSED_JSON_COMPONENTS);
        assertThat(hiding).as("record components that are maps of Object: what they hold escapes the closure").isEmpty();
    }

    /** The scanner must see what is plainly there, or the tests above could never fail. */
    @Test
    void theScannerFindsKnownRootsAndNothingThatIsOnlyInput() {
        Set<Class<?>> roots = handOffs.roots;
        assertThat(roots).contains(StatusReport.class, MemoryList.class, type("dev.eaglemem.cli.MemoryShown"))
                .contains(type("dev.eaglemem.serve.api.MemoryBody"), type("dev.eaglemem.search.SearchResult"))
                .as("what an MCP tool returns").contains(type("dev.eaglemem.mcp.SearchPage"),
                        type("dev.eaglemem.session.SaveResult"), type("dev.eaglemem.anchor.StaleReport"));
        // a query object the list command builds and hands to the service, never to JSON
        assertThat(roots).doesNotContain(type("dev.eaglemem.store.MemoryQuery"));
        assertThat(closure(roots)).contains(MemoryRow.class, type("dev.eaglemem.store.TableCounts"),
                type("dev.eaglemem.store.SummaryFields"));
    }

    /** An adapter method as the map check must catch it: a map handed to the JSON writer. */
    static final class MapAnswer {

        static String answer(MemoryRow memory) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("memory", memory);
            return JsonOutput.write(body);
        }
    }

    @Test
    void theMapCheckNamesAMethodThatHandsAMapToTheWriterAndStillSeesTheRecordInside() throws URISyntaxException {
        Path fixture = Path.of(MapAnswer.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve(MapAnswer.class.getName().replace('.', '/') + ".class");
        JsonHandOffs scanned = JsonHandOffs.scan(List.of(fixture));
        assertThat(scanned.mapBodies).containsExactly("JsonContractTest$MapAnswer.answer hands to JsonOutput.write: Map");
        assertThat(scanned.roots).contains(MemoryRow.class);
    }

    @Test
    void theClosureFollowsComponentsGenericsAndGettersAndTheChecksSeeWhatIsMissing() {
        record Leaf(int x) {
        }
        enum Mood {
            CALM
        }
        record Extra(String s) {
        }
        record Root(List<Leaf> leaves, Map<String, Mood> moods, Optional<Root> self, Map<String, Object> loose) {
            public Extra getExtra() {
                return new Extra("x");
            }
        }
        assertThat(closure(Set.of(Root.class))).containsExactlyInAnyOrder(Root.class, Leaf.class, Mood.class, Extra.class);
        assertThat(unregistered(closure(Set.of(Root.class)))).containsExactlyInAnyOrder(Root.class, Leaf.class, Mood.class,
                Extra.class);
        assertThat(unregistered(Set.of(MemoryRow.class))).isEmpty();
        assertThat(hidesObjects(Root.class.getRecordComponents()[3].getGenericType())).isTrue();
        assertThat(hidesObjects(Root.class.getRecordComponents()[1].getGenericType())).isFalse();
    }

    private static Set<Class<?>> unregistered(Set<Class<?>> types) {
        Set<Class<?>> out = new LinkedHashSet<>(types);
        out.removeIf(c -> !(c.isRecord() || c.isEnum()) || c.isAnnotationPresent(RegisterForReflection.class));
        return out;
    }

    /** A map whose values may be anything: Map&lt;String, Object&gt;, or a list of those. */
    private static boolean hidesObjects(Type t) {
        if (!(t instanceof ParameterizedType p)) {
            return false;
        }
        Type[] args = p.getActualTypeArguments();
        if (p.getRawType() instanceof Class<?> raw && Map.class.isAssignableFrom(raw) && args.length == 2) {
            return args[1] == Object.class || args[1] instanceof WildcardType || args[1] instanceof TypeVariable<?>;
        }
        return List.of(args).stream().anyMatch(JsonContractTest::hidesObjects);
    }

    // ---- closure over component types ----

    static Set<Class<?>> closure(Set<Class<?>> start) {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Deque<Type> work = new ArrayDeque<>(start);
        while (!work.isEmpty()) {
            Type t = work.pop();
            switch (t) {
                case Class<?> c when c.isArray() -> work.push(c.getComponentType());
                case Class<?> c -> {
                    if (!c.getName().startsWith(BASE) || !seen.add(c)) {
                        continue;
                    }
                    if (c.isRecord()) {
                        for (RecordComponent rc : c.getRecordComponents()) {
                            work.push(rc.getGenericType());
                        }
                    }
                    if (!c.isEnum()) {
                        getters(c).forEach(m -> work.push(m.getGenericReturnType()));
                    }
                    if (c.isSealed()) {
                        work.addAll(List.of(c.getPermittedSubclasses()));
                    }
                }
                case ParameterizedType p -> {
                    work.push(p.getRawType());
                    work.addAll(List.of(p.getActualTypeArguments()));
                }
                case GenericArrayType a -> work.push(a.getGenericComponentType());
                case WildcardType w -> work.addAll(List.of(w.getUpperBounds()));
                case TypeVariable<?> v -> work.addAll(List.of(v.getBounds()));
                default -> {
                }
            }
        }
        seen.removeIf(c -> !(c.isRecord() || c.isEnum() || c.isSealed()) || c.isInterface());
        return seen;
    }

    /** Public instance getX()/isX() methods: Jackson writes them as properties, records included. */
    private static List<Method> getters(Class<?> c) {
        List<Method> out = new ArrayList<>();
        for (Method m : c.getMethods()) {
            String n = m.getName();
            boolean named = n.startsWith("get") && n.length() > 3 || n.startsWith("is") && n.length() > 2
                    && (m.getReturnType() == boolean.class || m.getReturnType() == Boolean.class);
            if (named && m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != Object.class
                    && !m.getDeclaringClass().isEnum() && !m.isSynthetic()) {
                out.add(m);
            }
        }
        return out;
    }

    private static Class<?> type(String name) {
        return JsonHandOffs.loadInternal(name.replace('.', '/'));
    }

    private static Set<String> names(Set<Class<?>> types) {
        Set<String> out = new TreeSet<>();
        types.forEach(c -> out.add(c.getName().substring(BASE.length())));
        return out;
    }
}
