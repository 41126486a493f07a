package dev.eaglemem;

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
import java.lang.classfile.instruction.BranchInstruction;
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
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.format.JsonOutput;

/**
 * What the adapters hand to a JSON writer or read from a request body, found in their bytecode: the static type of
 * each value at a JSON sink. {@link #roots} are the eagle-mem types among them; {@link #mapBodies} names every method
 * that hands over a map (a {@code Map} or a Jackson tree) instead of a record, since
 * whatever sits inside such a map is invisible to the type closure.
 */
final class JsonHandOffs {

    private static final String BASE = "dev.eaglemem.";

    /**
     * The adapters whose JSON is checked; each hands its answers to one of the sinks below. serve answers the viewer's
     * login and the errors of its access checks itself. hook writes the agents' protocols, not eagle-mem's contract.
     */
    static final List<String> PACKAGES = List.of("dev/eaglemem/cli", "dev/eaglemem/serve/api", "dev/eaglemem/serve",
            "dev/eaglemem/serve/control", "dev/eaglemem/mcp");

    private record Sink(String owner, String name) {
    }

    /** Calls whose last argument is written as JSON. */
    private static final Set<Sink> LAST_ARGUMENT_SINKS = Set.of(new Sink("dev/eaglemem/cli/Console", "json"),
            new Sink("dev/eaglemem/cli/Console", "toJson"), new Sink("dev/eaglemem/format/JsonOutput", "write"),
            new Sink("dev/eaglemem/serve/api/Reply", "ok"), new Sink("dev/eaglemem/serve/api/Reply", "of"),
            new Sink("dev/eaglemem/serve/api/Reply", "created"), new Sink("dev/eaglemem/serve/api/Responses", "json"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "writeValueAsString"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "writeValueAsBytes"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "writeValue"),
            new Sink("com/fasterxml/jackson/databind/ObjectMapper", "valueToTree"));
    /** A map's values: roots too, so that a record inside an allow-listed map body is still registered. */
    private static final Set<Sink> MAP_VALUES = Set.of(new Sink("java/util/Map", "of"), new Sink("java/util/Map", "put"));
    private static final Sink BODIES = new Sink("dev/eaglemem/serve/api/Bodies", "read");
    /** The MCP tools are plain functions: every value a method of McpTools returns is a tool's answer. */
    private static final String ANSWERS = "dev/eaglemem/mcp/McpTools";
    /** Reply's constructor takes the body in the middle; the routes use its factories, whose body comes last. */
    private static final String REPLY = "dev/eaglemem/serve/api/Reply";

    final Set<Class<?>> roots = new LinkedHashSet<>();
    /** "Class.method" of each method that hands a map to a JSON writer, with what it hands over. */
    final Set<String> mapBodies = new TreeSet<>();
    /** Sinks the scan cannot see through: each would be a blind spot. */
    final Set<String> unseen = new TreeSet<>();

    /** The adapters' classes. */
    static JsonHandOffs scan() {
        List<Path> all = new ArrayList<>();
        for (String pkg : PACKAGES) {
            try (Stream<Path> files = Files.list(classesDir().resolve(pkg))) {
                all.addAll(files.filter(p -> p.toString().endsWith(".class")).sorted().toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return scan(all);
    }

    static JsonHandOffs scan(List<Path> classFiles) {
        JsonHandOffs out = new JsonHandOffs();
        for (Path f : classFiles) {
            ClassModel model;
            try {
                model = ClassFile.of().parse(Files.readAllBytes(f));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String name = model.thisClass().asInternalName();
            for (MethodModel m : model.methods()) {
                String where = name.substring(name.lastIndexOf('/') + 1) + "." + m.methodName().stringValue();
                String pkg = name.substring(0, name.lastIndexOf('/')).replace('/', '.');
                String qualified = (pkg.startsWith(BASE) ? pkg.substring(BASE.length()) + "." : "") + where;
                m.code().ifPresent(code -> out.scan(code, qualified, name.equals(ANSWERS), name.equals(REPLY)));
            }
        }
        out.roots.removeIf(c -> !c.getName().startsWith(BASE) || c.isInterface() && !c.isSealed()
                || !(c.isRecord() || c.isEnum() || c.isSealed()));
        return out;
    }

    private static Path classesDir() {
        try {
            return Path.of(JsonOutput.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One method's instructions, with the labels and local variable names javac recorded. */
    private void scan(CodeModel code, String where, boolean answers, boolean reply) {
        List<Instruction> ins = new ArrayList<>();
        Map<Label, Integer> labels = new HashMap<>();
        List<LocalVariable> locals = new ArrayList<>();
        Map<Integer, List<LocalVariableType>> generics = new HashMap<>();
        for (CodeElement e : code) {
            switch (e) {
                case Instruction i -> ins.add(i);
                case LabelTarget t -> labels.put(t.label(), ins.size());
                case LocalVariable v -> locals.add(v);
                case LocalVariableType v -> generics.computeIfAbsent(v.slot(), s -> new ArrayList<>()).add(v);
                default -> {
                }
            }
        }
        Frame frame = new Frame(ins, labels, locals, generics);
        for (int i = 0; i < ins.size(); i++) {
            Instruction at = ins.get(i);
            if (answers && at.opcode() == Opcode.ARETURN) {
                for (int before : valuesReturnedAt(ins, labels, i)) {
                    frame.producedType(before).ifPresent(t -> handOver(t, where, "returns"));
                }
            }
            if (!(at instanceof InvokeInstruction call)) {
                continue;
            }
            Sink sink = new Sink(call.owner().asInternalName(), call.name().stringValue());
            if (LAST_ARGUMENT_SINKS.contains(sink) && i > 0) {
                frame.producedType(i - 1).ifPresent(t -> handOver(t, where, "hands to " + simple(sink) + ":"));
            } else if (MAP_VALUES.contains(sink) && i > 0) {
                frame.producedType(i - 1).ifPresent(t -> collect(t, roots));
            } else if (sink.equals(BODIES) && i + 1 < ins.size() && ins.get(i + 1) instanceof TypeCheckInstruction cast) {
                roots.add(load(cast.type().asSymbol()));
            } else if (sink.owner().equals(REPLY) && sink.name().equals("<init>") && !reply) {
                unseen.add(where + " calls Reply's constructor: use Reply.ok, Reply.of or Reply.created");
            }
        }
    }

    /** The instruction that leaves the returned value: the one before areturn, or before each goto that jumps to it. */
    private static List<Integer> valuesReturnedAt(List<Instruction> ins, Map<Label, Integer> labels, int at) {
        List<Integer> out = new ArrayList<>(List.of(at - 1));
        for (int i = 0; i < ins.size(); i++) {
            if (ins.get(i) instanceof BranchInstruction b && b.opcode() == Opcode.GOTO && labels.get(b.target()) == at) {
                out.add(i - 1);
            }
        }
        return out;
    }

    private void handOver(Type t, String where, String how) {
        Class<?> raw = raw(t);
        if (raw != null && (Map.class.isAssignableFrom(raw) || JsonNode.class.isAssignableFrom(raw))) {
            mapBodies.add(where + " " + how + " " + raw.getSimpleName());
        }
        collect(t, roots);
    }

    private static String simple(Sink s) {
        return s.owner().substring(s.owner().lastIndexOf('/') + 1) + "." + s.name();
    }

    private static Class<?> raw(Type t) {
        return switch (t) {
            case Class<?> c -> c;
            case ParameterizedType p -> raw(p.getRawType());
            default -> null;
        };
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
            if (at < 0) {
                return Optional.empty();
            }
            Instruction i = ins.get(at);
            try {
                return switch (i) {
                    case InvokeInstruction call when call.name().stringValue().equals("<init>") -> Optional
                            .of(load(call.owner().asSymbol()));
                    case InvokeInstruction call -> returnType(call);
                    case FieldInstruction f when f.opcode() == Opcode.GETFIELD || f.opcode() == Opcode.GETSTATIC -> Optional
                            .of(fieldType(f));
                    case TypeCheckInstruction c when c.opcode() == Opcode.CHECKCAST -> Optional.of(load(c.type().asSymbol()));
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
            Matcher m = Pattern.compile("L([\\w/$]+)").matcher(signature);
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

    static Class<?> loadInternal(String internalName) {
        try {
            return Class.forName(internalName.replace('/', '.'), false, JsonHandOffs.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError("cannot load " + internalName, e);
        }
    }
}
