package dev.eaglemem.serve.api;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.JsonOutput;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;

/** JSON request bodies, read with the same snake_case mapper the responses use. */
final class Bodies {

    private Bodies() {
    }

    /** The body as {@code type}; a missing, malformed or misspelt body is invalid input with an example. */
    static <T> T read(RoutingContext ctx, Class<T> type, String example) {
        Buffer buffer = ctx.body() == null ? null : ctx.body().buffer();
        if (buffer == null || buffer.length() == 0) {
            throw EagleException.invalidInput("this request needs a JSON object as its body", example);
        }
        try {
            T value = JsonOutput.mapper().readValue(buffer.getBytes(), type);
            if (value == null) {
                throw EagleException.invalidInput("the body is null; send a JSON object", example);
            }
            return value;
        } catch (UnrecognizedPropertyException e) {
            List<String> known = e.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
            throw EagleException.invalidInput("unknown field '" + e.getPropertyName() + "' in the body",
                    "use only these fields: " + String.join(", ", known));
        } catch (IOException e) {
            String detail = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw EagleException.invalidInput("the body is not a valid JSON object for this request: " + detail, example);
        }
    }
}
