package dev.eaglemem.format;

import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.EnumFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;

/**
 * The one JSON shape eagle-mem prints, on the CLI's {@code --json} and over serve's HTTP API alike:
 * snake_case fields, lower-case enums, paths as strings. One mapper, so the two can never drift apart.
 */
public final class JsonOutput {

    /** Built on first use: a human-output command should not pay for Jackson's start-up. */
    private static final class Mapper {
        static final ObjectMapper JSON = JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .configure(EnumFeature.WRITE_ENUMS_TO_LOWERCASE, true)
                .addModule(new SimpleModule().addSerializer(Path.class, ToStringSerializer.instance))
                .build();
    }

    private JsonOutput() {
    }

    public static ObjectMapper mapper() {
        return Mapper.JSON;
    }

    /** Compact, one line. */
    public static String write(Object value) {
        try {
            return Mapper.JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
