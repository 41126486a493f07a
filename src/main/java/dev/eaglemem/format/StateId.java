package dev.eaglemem.format;

import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonValue;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A closed state (an enum constant) whose text was fixed before it became a type: JSON, the database and
 * people all see {@link #id()}, never the constant's name, so turning a string into an enum changes no
 * output. This interface and each enum implementing it carry {@code @RegisterForReflection}, so that a native
 * image still finds the {@code @JsonValue}.
 */
@RegisterForReflection
public interface StateId {

    /**
     * The state's text as stored and printed, e.g. {@code already_queued} or {@code SessionStart}: by default the
     * constant's name in lower case; an enum whose text differs overrides this.
     */
    @JsonValue
    default String id() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    /** The state whose id is exactly {@code id}, if any: for text that may name something unknown. */
    static <E extends StateId> Optional<E> find(E[] states, String id) {
        for (E state : states) {
            if (state.id().equals(id)) {
                return Optional.of(state);
            }
        }
        return Optional.empty();
    }

    /**
     * The state whose id is exactly {@code id}. An unknown one is a bug or a database written by a newer
     * eagle-mem, so it fails loudly instead of being guessed.
     */
    static <E extends StateId> E parse(E[] states, String id) {
        return find(states, id).orElseThrow(() -> new IllegalArgumentException("unknown "
                + states.getClass().getComponentType().getSimpleName() + " '" + id + "'"));
    }
}
