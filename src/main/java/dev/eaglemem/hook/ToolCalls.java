package dev.eaglemem.hook;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Translates each agent's tool payloads into {@link ToolCall} / {@link ToolResult}. Claude sends
 * {@code Bash/Read/Edit/Write} with object responses; Codex sends {@code Bash} (exec_command) and
 * {@code apply_patch} (the patch text in {@code tool_input.command}) with string responses.
 */
final class ToolCalls {

    private static final Set<String> SHELL = Set.of("Bash", "exec_command", "shell", "shell_command", "unified_exec");
    private static final Set<String> WRITE = Set.of("Write", "Edit", "MultiEdit", "NotebookEdit");
    private static final Set<String> SEARCH = Set.of("Glob", "Grep", "LS");
    private static final Pattern PATCH_TARGET = Pattern.compile("^\\*\\*\\* (?:Add File|Update File|Delete File|Move to): (.+)$",
            Pattern.MULTILINE);
    private static final Pattern EXIT_CODE = Pattern.compile("\\AExit code: (-?\\d{1,9})");

    private ToolCalls() {
    }

    static ToolCall call(String toolName, JsonNode input, String toolUseId) {
        if (SHELL.contains(toolName)) {
            return new ToolCall(toolName, ToolCall.Kind.SHELL, shellCommand(input), List.of(), List.of(), toolUseId);
        }
        if ("apply_patch".equals(toolName)) {
            String patch = input.isTextual() ? input.textValue() : HookPayload.text(input, "command");
            return new ToolCall(toolName, ToolCall.Kind.PATCH, null, List.of(), patchTargets(patch), toolUseId);
        }
        if ("Read".equals(toolName)) {
            return new ToolCall(toolName, ToolCall.Kind.READ, null, paths(input, "file_path"), List.of(), toolUseId);
        }
        if (WRITE.contains(toolName)) {
            List<String> files = paths(input, "file_path", "notebook_path");
            return new ToolCall(toolName, ToolCall.Kind.WRITE, null, List.of(), files, toolUseId);
        }
        if (SEARCH.contains(toolName)) {
            String what = firstText(input, "pattern", "path");
            return new ToolCall(toolName, ToolCall.Kind.SEARCH, what == null ? toolName : toolName + " " + what,
                    List.of(), List.of(), toolUseId);
        }
        return new ToolCall(toolName, ToolCall.Kind.OTHER, toolName, List.of(), List.of(), toolUseId);
    }

    /** {@code command} (both agents), {@code cmd}, or an {@code argv} array joined by spaces. */
    static String shellCommand(JsonNode input) {
        String command = firstText(input, "command", "cmd");
        if (command != null) {
            return command;
        }
        JsonNode argv = input.path("argv");
        if (argv.isArray()) {
            List<String> parts = new ArrayList<>();
            argv.forEach(a -> parts.add(a.asText()));
            return String.join(" ", parts);
        }
        return null;
    }

    static List<String> patchTargets(String patch) {
        if (patch == null) {
            return List.of();
        }
        Set<String> files = new LinkedHashSet<>();
        Matcher m = PATCH_TARGET.matcher(patch);
        while (m.find()) {
            files.add(m.group(1).strip());
        }
        return List.copyOf(files);
    }

    static ToolResult result(JsonNode response) {
        if (response.isTextual()) {
            String text = response.textValue();
            Matcher exit = EXIT_CODE.matcher(text);
            return new ToolResult(exit.find() ? Integer.valueOf(exit.group(1)) : null, bytes(text), lines(text), false);
        }
        if (response.isObject()) {
            String out = firstText(response, "stdout");
            String err = firstText(response, "stderr");
            String all = (out == null ? "" : out) + (err == null ? "" : err);
            JsonNode code = response.path("exit_code").isMissingNode() ? response.path("exitCode") : response.path("exit_code");
            Integer exit = code.isIntegralNumber() ? code.intValue() : null;
            return new ToolResult(exit, bytes(all), lines(all), response.path("interrupted").asBoolean(false));
        }
        return ToolResult.NONE;
    }

    private static List<String> paths(JsonNode input, String... fields) {
        String path = firstText(input, fields);
        return path == null ? List.of() : List.of(path);
    }

    private static String firstText(JsonNode object, String... fields) {
        for (String field : fields) {
            String value = HookPayload.text(object, field);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static long bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static int lines(String text) {
        return text.isEmpty() ? 0 : (int) text.lines().count();
    }
}
