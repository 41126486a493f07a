package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.Label;
import java.lang.classfile.MethodModel;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.FieldInstruction;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.classfile.instruction.LabelTarget;
import java.lang.classfile.instruction.LoadInstruction;
import java.lang.classfile.instruction.LocalVariable;
import java.lang.classfile.instruction.LocalVariableType;
import java.lang.classfile.instruction.TypeCheckInstruction;
import java.lang.constant.ClassDesc;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.eaglemem.memory.MemoryList;
import dev.eaglemem.status.StatusReport;
import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A native image keeps a record's accessors only when it is registered for reflection; an unregistered
 * record prints as {@code {}} there and nowhere else. {@link JsonTypes} (CLI) and serve.api's
 * ApiJsonTypes are kept by hand, so this test finds the JSON types from the code and checks the lists:
 * <ol>
 * <li>roots: every eagle-mem record or enum that the CLI and the HTTP API hand to the JSON writer
 * (Console.json/toJson, JsonOutput.write, Reply.ok, Responses.json, a Map value) or read from a
 * request body (Bodies.read), found in the bytecode of {@code cli} and {@code serve.api};</li>
 * <li>closure: every eagle-mem record or enum inside a listed or root type (record components, getters,
 * generic arguments), transitively.</li>
 * </ol>
 * Records must be listed; enums are checked separately (Jackson also reads an enum's constants and their
 * annotations reflectively). A record the code hands over only inside a {@code Map<String, Object>} is
 * invisible to the scan; the closure over the lists covers the records inside listed ones.
 */
class JsonTypesCompletenessTest {

    private static final String BASE = "dev.eaglemem.";

    @Test
    void everyRecordTheCliAndTheApiPrintOrReadIsListed() {
        Set<String> missing = names(minus(records(closure(roots())), listed()));
        assertThat(missing).as("records the CLI or the HTTP API print or read as JSON (or records inside them) but "
                + "missing from cli.JsonTypes / serve.api.ApiJsonTypes").isEmpty();
    }

    @Test
    void everyRecordInsideAListedTypeIsListed() {
        Set<String> missing = names(minus(records(closure(listed())), listed()));
        assertThat(missing).as("records inside listed JSON types but missing from cli.JsonTypes / "
                + "serve.api.ApiJsonTypes").isEmpty();
    }

    @Test
    void everyEnumInsideAJsonTypeIsListed() {
        Set<Class<?>> all = new LinkedHashSet<>(roots());
        all.addAll(listed());
        Set<String> missing = names(minus(enums(closure(all)), listed()));
        assertThat(missing).as("enums inside JSON types but missing from cli.JsonTypes / serve.api.ApiJsonTypes")
                .isEmpty();
    }

    /** The scanner must see what is plainly there, or the test above could never fail. */
    @Test
    void theScannerFindsKnownRootsAndNothingThatIsOnlyInput() {
        Set<Class<?>> roots = roots();
        assertThat(roots).contains(StatusReport.class, MemoryList.class, MemoryRow.class)
                .contains(type("dev.eaglemem.serve.api.MemoryBody"), type("dev.eaglemem.search.SearchResult"));
        // a query object the list command builds and hands to the service, never to JSON
        assertThat(roots).doesNotContain(type("dev.eaglemem.store.MemoryQuery"));
        assertThat(closure(roots)).contains(type("dev.eaglemem.store.TableCounts"), type("dev.eaglemem.store.SummaryFields"));
    }

    @Test
    void theClosureFollowsComponentsGenericsAndGetters() {
        record Leaf(int x) {
        }
        enum Mood { CALM }
        record Extra(String s) {
        }
        record Root(List<Leaf> leaves, Map<String, Mood> moods, Optional<Root> self) {
            public Extra getExtra() {
                return new Extra("x");
            }
        }
        assertThat(closure(Set.of(Root.class))).containsExactlyInAnyOrder(Root.class, Leaf.class, Mood.class, Extra.class);
    }

    private static Set<Class<?>> records(Set<Class<?>> types) {
        Set<Class<?>> out = new LinkedHashSet<>(types);
        out.removeIf(c -> !c.isRecord());
        return out;
    }

    private static Set<Class<?>> enums(Set<Class<?>> types) {
        Set<Class<?>> out = new LinkedHashSet<>(types);
        out.removeIf(c -> !c.isEnum());
        return out;
    }

    // ---- the lists ----

    static Set<Class<?>> listed() {
        Set<Class<?>> out = new LinkedHashSet<>();
        for (Class<?> holder : List.of(JsonTypes.class, type("dev.eaglemem.serve.api.ApiJsonTypes"),
                type("dev.eaglemem.mcp.McpJsonTypes"))) {
            RegisterForReflection r = holder.getAnnotation(RegisterForReflection.class);
            assertThat(r).as(holder + " carries @RegisterForReflection").isNotNull();
            out.addAll(List.of(r.targets()));
        }
        return out;
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
                    if (!isEagleMem(c) || !seen.add(c)) {
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
            if (named && m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class
                    && !m.getDeclaringClass().isEnum() && !m.isSynthetic()) {
                out.add(m);
            }
        }
        return out;
    }

    private static boolean isEagleMem(Class<?> c) {
        return c.getName().startsWith(BASE);
    }

    // ---- roots, from the bytecode of the CLI and the HTTP API ----

    private record Sink(String owner, String name) {
    }

    /** Calls whose last argument is written as JSON (the value of a Map.of/put is the last argument too). */
    private static final Set<Sink> LAST_ARGUMENT_SINKS = Set.of(new Sink("dev/eaglemem/cli/Console", "json"),
            new Sink("dev/eaglemem/cli/Console", "toJson"), new Sink("dev/eaglemem/format/JsonOutput", "write"),
            new Sink("dev/eaglemem/serve/api/Reply", "ok"), new Sink("dev/eaglemem/serve/api/Responses", "json"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "writeValueAsString"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "valueToTree"), new Sink("java/util/Map", "of"),
            new Sink("java/util/Map", "put"));
    private static final Sink BODIES = new Sink("dev/eaglemem/serve/api/Bodies", "read");

    static Set<Class<?>> roots() {
        Path classes = classesDir();
        Set<Class<?>> out = new LinkedHashSet<>();
        for (String pkg : List.of("dev/eaglemem/cli", "dev/eaglemem/serve/api", "dev/eaglemem/mcp")) {
            try (Stream<Path> files = Files.list(classes.resolve(pkg))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                    ClassModel model = ClassFile.of().parse(Files.readAllBytes(f));
                    for (MethodModel m : model.methods()) {
                        m.code().ifPresent(code -> scan(code, out));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        out.removeIf(c -> !isEagleMem(c) || c.isInterface() || !(c.isRecord() || c.isEnum() || c.isSealed()));
        return out;
    }

    private static Path classesDir() {
        try {
            return Path.of(JsonTypes.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One method's instructions, with the labels and local variable names javac recorded. */
    private static void scan(CodeModel code, Set<Class<?>> out) {
        List<Instruction> ins = new ArrayList<>();
        Map<Label, Integer> labels = new HashMap<>();
        List<LocalVariable> locals = new ArrayList<>();
        Map<Integer, List<LocalVariableType>> generics = new HashMap<>();
        for (CodeElement e : code) {
            switch (e) {
                case Instruction i -> ins.add(i);
                case LabelTarget t -> labels.put(t.label(), ins.size());
                case LocalVariable v -> locals.add(v);
                case LocalVariableType v ->
                        generics.computeIfAbsent(v.slot(), s -> new ArrayList<>()).add(v);
                default -> {
                }
            }
        }
        Frame frame = new Frame(ins, labels, locals, generics);
        for (int i = 0; i < ins.size(); i++) {
            if (!(ins.get(i) instanceof InvokeInstruction call)) {
                continue;
            }
            Sink sink = new Sink(call.owner().asInternalName(), call.name().stringValue());
            if (LAST_ARGUMENT_SINKS.contains(sink) && i > 0) {
                frame.producedType(i - 1).ifPresent(t -> collect(t, out));
            } else if (sink.equals(BODIES) && i + 1 < ins.size() && ins.get(i + 1) instanceof TypeCheckInstruction cast) {
                out.add(load(cast.type().asSymbol()));
            }
        }
    }

    /** Every class named in a type, generic arguments included. */
    private static void collect(Type t, Set<Class<?>> out) {
        switch (t) {
            case Class<?> c when c.isArray() -> collect(c.getComponentType(), out);
            case Class<?> c -> out.add(c);
            case ParameterizedType p -> {
                collect(p.getRawType(), out);
                for (Type a : p.getActualTypeArguments()) {
                    collect(a, out);
                }
            }
            case GenericArrayType a -> collect(a.getGenericComponentType(), out);
            case WildcardType w -> Stream.of(w.getUpperBounds()).forEach(b -> collect(b, out));
            default -> {
            }
        }
    }

    /** The static type of the value an instruction leaves on top of the stack, when it is simple to tell. */
    private record Frame(List<Instruction> ins, Map<Label, Integer> labels, List<LocalVariable> locals,
            Map<Integer, List<LocalVariableType>> generics) {

        Optional<Type> producedType(int at) {
            Instruction i = ins.get(at);
            try {
                return switch (i) {
                    case InvokeInstruction call when call.name().stringValue().equals("<init>") ->
                            Optional.of(load(call.owner().asSymbol()));
                    case InvokeInstruction call -> returnType(call);
                    case FieldInstruction f when f.opcode() == Opcode.GETFIELD || f.opcode() == Opcode.GETSTATIC ->
                            Optional.of(fieldType(f));
                    case TypeCheckInstruction c when c.opcode() == Opcode.CHECKCAST ->
                            Optional.of(load(c.type().asSymbol()));
                    case LoadInstruction l when l.typeKind() == TypeKind.REFERENCE -> localType(l.slot(), at);
                    default -> Optional.empty();
                };
            } catch (ReflectiveOperationException | LinkageError e) {
                throw new AssertionError("cannot resolve the type produced by " + i, e);
            }
        }

        private Optional<Type> localType(int slot, int at) {
            for (var v : generics.getOrDefault(slot, List.of())) {
                if (labels.get(v.startScope()) <= at && at < labels.get(v.endScope())) {
                    return Optional.of(genericOf(v.signatureSymbol().signatureString()));
                }
            }
            for (LocalVariable v : locals) {
                if (v.slot() == slot && labels.get(v.startScope()) <= at && at < labels.get(v.endScope())) {
                    return Optional.of(loadAny(v.typeSymbol()));
                }
            }
            return Optional.empty();
        }

        /** Generic local variables: the classes named in the signature are enough for {@link #collect}. */
        private static Type genericOf(String signature) {
            List<Class<?>> named = new ArrayList<>();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("L([\\w/$]+)").matcher(signature);
            while (m.find()) {
                named.add(loadInternal(m.group(1)));
            }
            Class<?> raw = named.removeFirst();
            return new ParameterizedType() {
                @Override
                public Type[] getActualTypeArguments() {
                    return named.toArray(Type[]::new);
                }

                @Override
                public Type getRawType() {
                    return raw;
                }

                @Override
                public Type getOwnerType() {
                    return null;
                }
            };
        }

        private static Optional<Type> returnType(InvokeInstruction call) throws ReflectiveOperationException {
            Class<?> owner = load(call.owner().asSymbol());
            String descriptor = call.typeSymbol().descriptorString();
            for (Class<?> c : hierarchy(owner)) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.getName().equals(call.name().stringValue()) && MethodType
                            .methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                        return Optional.of(m.getGenericReturnType());
                    }
                }
            }
            return Optional.of(loadAny(call.typeSymbol().returnType()));
        }

        private static Type fieldType(FieldInstruction f) throws ReflectiveOperationException {
            Class<?> owner = load(f.owner().asSymbol());
            for (Class<?> c : hierarchy(owner)) {
                for (Field field : c.getDeclaredFields()) {
                    if (field.getName().equals(f.name().stringValue())) {
                        return field.getGenericType();
                    }
                }
            }
            return loadAny(f.typeSymbol());
        }

        private static List<Class<?>> hierarchy(Class<?> c) {
            List<Class<?>> out = new ArrayList<>();
            Deque<Class<?>> work = new ArrayDeque<>(List.of(c));
            while (!work.isEmpty()) {
                Class<?> next = work.pop();
                if (next != null && !out.contains(next)) {
                    out.add(next);
                    work.add(next.getSuperclass() == null ? Object.class : next.getSuperclass());
                    work.addAll(List.of(next.getInterfaces()));
                }
            }
            return out;
        }
    }

    private static Class<?> loadAny(ClassDesc desc) {
        if (desc.isPrimitive()) {
            return int.class;
        }
        if (desc.isArray()) {
            return loadAny(desc.componentType()).arrayType();
        }
        return load(desc);
    }

    private static Class<?> load(ClassDesc desc) {
        return loadInternal(desc.descriptorString().substring(1, desc.descriptorString().length() - 1));
    }

    private static Class<?> loadInternal(String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, JsonTypesCompletenessTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("cannot load " + internalName, e);
        }
    }

    private static Class<?> type(String name) {
        return loadInternal(name);
    }

    private static Set<Class<?>> minus(Set<Class<?>> a, Set<Class<?>> b) {
        Set<Class<?>> out = new LinkedHashSet<>(a);
        out.removeAll(b);
        return out;
    }

    private static Set<String> names(Set<Class<?>> types) {
        Set<String> out = new TreeSet<>();
        types.forEach(c -> out.add(c.getName().substring(BASE.length())));
        return out;
    }

}
