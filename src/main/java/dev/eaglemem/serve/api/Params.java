package dev.eaglemem.serve.api;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.ProjectResolver;
import dev.eaglemem.search.RecordId;
import io.vertx.ext.web.RoutingContext;

/** Query and path parameters, validated with errors that say which parameter and how to fix it. */
final class Params {

    private Params() {
    }

    /** The parameter's first value, stripped; empty when absent or blank. */
    static Optional<String> text(RoutingContext ctx, String name) {
        List<String> values = ctx.queryParam(name);
        return values.isEmpty() || values.getFirst().isBlank() ? Optional.empty() : Optional.of(values.getFirst().strip());
    }

    static String required(RoutingContext ctx, String name, String fix) {
        return text(ctx, name).orElseThrow(() -> EagleException.invalidInput("the parameter '" + name + "' is required", fix));
    }

    static int number(RoutingContext ctx, String name, int fallback, int min, int max) {
        Optional<String> raw = text(ctx, name);
        if (raw.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw.get());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw EagleException.invalidInput(name + " must be a whole number from " + min + " to " + max + " (got '"
                + raw.get() + "')", name + "=" + fallback);
    }

    static boolean flag(RoutingContext ctx, String name) {
        Optional<String> raw = text(ctx, name);
        if (raw.isEmpty()) {
            return false;
        }
        return switch (raw.get().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes" -> true;
            case "false", "0", "no" -> false;
            default -> throw EagleException.invalidInput(name + " must be true or false (got '" + raw.get() + "')",
                    name + "=true");
        };
    }

    /** A project key, validated like {@code --project}; null when not given. */
    static String project(RoutingContext ctx) {
        return text(ctx, "project").map(Params::projectKey).orElse(null);
    }

    static String projectKey(String key) {
        try {
            return ProjectResolver.validateOverride(key);
        } catch (IllegalArgumentException e) {
            throw EagleException.invalidInput("project: " + e.getMessage().replace(ProjectResolver.PROJECT_VAR + "=", ""),
                    "project=code/my-repo   (GET /status lists the keys' counts; eagle-mem status shows the current key)");
        }
    }

    /** The project a list covers: {@code project=KEY}, or every project ({@code all_projects=true} or nothing). */
    static String scope(RoutingContext ctx) {
        String project = project(ctx);
        boolean all = flag(ctx, "all_projects");
        if (project != null && all) {
            throw EagleException.invalidInput("project and all_projects=true contradict each other",
                    "pass one of them: project=code/my-repo or all_projects=true");
        }
        return project;
    }

    /** A memory id as the CLI takes it: {@code 12} or {@code mem-12}. */
    static long memoryId(String text) {
        if (text.chars().allMatch(Character::isDigit) && !text.isEmpty() && text.length() <= 18) {
            return Long.parseLong(text);
        }
        try {
            RecordId id = RecordId.parse(text);
            if (id.kind() == RecordId.Kind.MEMORY) {
                return id.id();
            }
        } catch (EagleException e) {
            // reported below, as a memory id
        }
        throw EagleException.invalidInput("'" + text + "' is not a memory id (expected a number or mem-N)",
                "GET /memories   (lists the ids)");
    }
}
