package dev.eaglemem.e2e;

import static dev.eaglemem.e2e.FakeModelServer.JSON;

import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One Responses-API output item for a {@link FakeOpenAi.Turn}: the in-progress form announced by
 * {@code response.output_item.added}, the streamed deltas, and the completed form sent in
 * {@code response.output_item.done} and {@code response.completed}.
 */
record OutputItem(ObjectNode added, List<Delta> deltas, ObjectNode done) {

    /** One streamed event between "added" and "done"; {@code data} lacks only its {@code type}. */
    record Delta(String event, ObjectNode data) {
    }

    static OutputItem of(FakeOpenAi.Turn turn, boolean customApplyPatch, int shellYieldMs) {
        return switch (turn) {
            case FakeOpenAi.Turn.Text text -> message(text.text());
            case FakeOpenAi.Turn.Shell shell -> functionCall("exec_command", null,
                    JSON.createObjectNode().put("cmd", shell.cmd()).put("yield_time_ms", shellYieldMs).toString());
            case FakeOpenAi.Turn.Patch patch -> customApplyPatch
                    ? customCall("apply_patch", patch.patch())
                    // a model without the freeform tool declares apply_patch as a function taking {"input": ...}
                    : functionCall("apply_patch", null, JSON.createObjectNode().put("input", patch.patch()).toString());
            case FakeOpenAi.Turn.Call call -> functionCall(call.name(), call.namespace(), call.arguments().toString());
            case FakeOpenAi.Turn.ToolSearch search -> toolSearch(search.query());
        };
    }

    private static OutputItem message(String text) {
        String id = "msg_" + hex();
        ObjectNode done = JSON.createObjectNode().put("type", "message").put("id", id).put("role", "assistant")
                .put("status", "completed");
        done.putArray("content").add(outputText(text));
        ObjectNode added = done.deepCopy().put("status", "in_progress");
        added.putArray("content");
        List<Delta> deltas = List.of(
                new Delta("response.content_part.added", part(id).set("part", outputText(""))),
                new Delta("response.output_text.delta", part(id).put("delta", text)),
                new Delta("response.output_text.done", part(id).put("text", text)),
                new Delta("response.content_part.done", part(id).set("part", outputText(text))));
        return new OutputItem(added, deltas, done);
    }

    private static OutputItem functionCall(String name, String namespace, String arguments) {
        ObjectNode done = call("function_call", name).put("arguments", arguments);
        if (namespace != null) {
            done.put("namespace", namespace);
        }
        String id = done.path("id").asText();
        return new OutputItem(done.deepCopy().put("status", "in_progress").put("arguments", ""), List.of(
                new Delta("response.function_call_arguments.delta", itemRef(id).put("delta", arguments)),
                new Delta("response.function_call_arguments.done", itemRef(id).put("arguments", arguments))),
                done);
    }

    private static OutputItem toolSearch(String query) {
        ObjectNode done = JSON.createObjectNode().put("type", "tool_search_call").put("id", "ts_" + hex())
                .put("status", "completed").put("call_id", "call_" + hex()).put("execution", "client");
        done.putObject("arguments").put("query", query);
        return new OutputItem(done.deepCopy().put("status", "in_progress"), List.of(), done);
    }

    private static OutputItem customCall(String name, String input) {
        ObjectNode done = call("custom_tool_call", name).put("input", input);
        String id = done.path("id").asText();
        return new OutputItem(done.deepCopy().put("status", "in_progress").put("input", ""), List.of(
                new Delta("response.custom_tool_call_input.delta", itemRef(id).put("delta", input)),
                new Delta("response.custom_tool_call_input.done", itemRef(id).put("input", input))),
                done);
    }

    private static ObjectNode call(String type, String name) {
        return JSON.createObjectNode().put("type", type).put("id", "fc_" + hex()).put("status", "completed")
                .put("call_id", "call_" + hex()).put("name", name);
    }

    private static ObjectNode outputText(String text) {
        ObjectNode part = JSON.createObjectNode().put("type", "output_text").put("text", text);
        part.putArray("annotations");
        return part;
    }

    private static ObjectNode part(String itemId) {
        return itemRef(itemId).put("content_index", 0);
    }

    private static ObjectNode itemRef(String itemId) {
        return JSON.createObjectNode().put("item_id", itemId).put("output_index", 0);
    }

    private static String hex() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 24);
    }
}
