package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Claude Code's own auto memory, written by the real CLI against the fake model, mirrored by {@code eagle-mem
 * memories sync} (docs/agent-notes.md): the file the agent writes becomes a searchable {@code note}, its edit revises
 * it, its deletion forgets it, and eagle-mem never writes a byte into the agent's folder.
 */
class AgentNotesIT {

    static final String ORIGIN = "claude-code:auto-memory";
    static final String FIRST = """
            ---
            name: deploy-window
            description: When production deploys may run
            metadata:
              type: project
            ---
            Production deploys run only on weekdays: the payment provider freezes changes on weekends.
            """;
    static final String EDITED = FIRST.replace("only on weekdays", "Tuesday to Thursday").replace("weekends",
            "Mondays and Fridays too");

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void aMemoryClaudeCodeWritesIsAddedUpdatedAndGoneWithoutEagleMemTouchingItsFolder() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        // A session start queues the same sync as a job; with no serve to run it, every change below is this test's
        // own sync to report, not a race with the background.
        eagle.run("config", "set", "serve.autostart", "false");
        // Claude Code's folder name for the git root (docs/agent-notes.md): all but ASCII letters and digits become '-'
        String slug = workspace.repo().toRealPath().toString().replaceAll("[^a-zA-Z0-9]", "-");
        Path folder = workspace.home().resolve(".claude/projects").resolve(slug).resolve("memory");
        Path note = folder.resolve("deploy-window.md");
        long id;
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.write(note, FIRST), FakeAnthropic.Turn.text("Noted the deploy window."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Remember: deploys only on weekdays.")
                    .assertSucceeded();
            assertThat(fake.remainingTurns()).as("every scripted turn was used").isZero();
            // Claude Code 2.1.330 stamps its own metadata into the front matter it writes (node_type, originSessionId,
            // modified): what the agent wrote is the file as it lies there, and that is what eagle-mem must leave alone
            assertThat(Files.readString(note)).as("Claude Code wrote its memory where docs/agent-notes.md says")
                    .startsWith("---\nname: deploy-window\n").contains("\nmetadata:\n", "\n  type: project\n")
                    .endsWith("\nProduction deploys run only on weekdays: the payment provider freezes changes on weekends.\n");

            JsonNode added = syncLeavingTheFolderAlone(eagle, folder);
            assertThat(changes(added)).containsExactly("deploy-window.md added " + ORIGIN);
            id = item(added, note).path("memory_id").asLong();
            JsonNode hit = hit(eagle, id, "payment provider weekends");
            assertThat(hit.path("memory_kind").asText()).isEqualTo("note");
            assertThat(hit.path("title").asText()).isEqualTo("deploy-window");
            assertThat(show(eagle, id).path("content").asText()).as("the note names its origin and the agent's file")
                    .startsWith("From " + ORIGIN + ": " + note + "\n").contains("only on weekdays");

            // a second session edits the memory the way Claude Code rewrites a file: read it, then write it whole
            fake.script(FakeAnthropic.Turn.tool("Read", Map.of("file_path", note.toString())),
                    FakeAnthropic.Turn.write(note, EDITED), FakeAnthropic.Turn.text("Updated the deploy window."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Deploys now run Tuesday to Thursday only.")
                    .assertSucceeded();
            assertThat(fake.remainingTurns()).as("every scripted turn was used").isZero();
            assertThat(Files.readString(note)).contains("Tuesday to Thursday").doesNotContain("only on weekdays");
            JsonNode updated = syncLeavingTheFolderAlone(eagle, folder);
            // Claude Code wrote its index, MEMORY.md, in this session: it is the agent's note too
            assertThat(changes(updated)).containsExactly("MEMORY.md added " + ORIGIN, "deploy-window.md updated " + ORIGIN);
            assertThat(item(updated, note).path("memory_id").asLong()).as("the same memory, revised").isEqualTo(id);
            assertThat(hit(eagle, id, "Tuesday Thursday").path("snippet").asText()).contains("Tuesday");
            JsonNode revised = show(eagle, id);
            assertThat(revised.path("content").asText()).contains("Tuesday to Thursday").doesNotContain("only on weekdays");
            assertThat(revised.path("revision_count").asInt()).isEqualTo(2);
        }

        Files.delete(note);
        JsonNode gone = syncLeavingTheFolderAlone(eagle, folder);
        assertThat(changes(gone)).containsExactly("MEMORY.md unchanged " + ORIGIN, "deploy-window.md gone " + ORIGIN);
        assertThat(item(gone, note).path("memory_id").asLong()).isEqualTo(id);
        assertThat(eagle.runJson("search", "payment provider", "--json").path("hits")).as("a gone note is not found")
                .isEmpty();
        assertThat(show(eagle, id).path("delete_reason").asText()).isEqualTo("gone: the agent's file was deleted");
    }

    /** {@code memories sync --json}, asserting the agent's folder holds the same files with the same bytes after it. */
    private static JsonNode syncLeavingTheFolderAlone(EagleMemInstall eagle, Path folder) throws IOException {
        Map<String, String> before = listing(folder);
        JsonNode report = eagle.runJson("memories", "sync", "--json");
        assertThat(listing(folder)).as("eagle-mem wrote nothing in the agent's folder").isEqualTo(before);
        return report;
    }

    /**
     * Everything below the folder: each path to its size, modification time and bytes (folders to "dir"), so a file
     * eagle-mem added, changed or merely rewrote with the same bytes shows.
     */
    private static Map<String, String> listing(Path folder) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.toList()) {
                byte[] bytes = Files.isDirectory(p) ? null : Files.readAllBytes(p);
                files.put(folder.relativize(p).toString(), bytes == null ? "dir" : bytes.length + " "
                        + Files.getLastModifiedTime(p) + " " + new String(bytes, StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /** Each file of a sync report as "name change origin", sorted by name. */
    private static List<String> changes(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : report.path("files")) {
            out.add(Path.of(f.path("path").asText()).getFileName() + " " + f.path("change").asText() + " "
                    + f.path("origin").asText());
        }
        return out.stream().sorted().toList();
    }

    private static JsonNode item(JsonNode report, Path note) {
        for (JsonNode f : report.path("files")) {
            if (f.path("path").asText().equals(note.toString())) {
                return f;
            }
        }
        throw new AssertionError("the sync did not report " + note + ": " + report);
    }

    /** The memory as {@code show mem-ID --json} prints it (a forgotten one too). */
    private static JsonNode show(EagleMemInstall eagle, long id) {
        return eagle.runJson("show", "mem-" + id, "--json").path("memory");
    }

    /** The search hit of memory {@code id}, failing with what was found instead. */
    private static JsonNode hit(EagleMemInstall eagle, long id, String words) {
        JsonNode hits = eagle.runJson("search", words, "--json").path("hits");
        for (JsonNode hit : hits) {
            if (hit.path("id").asText().equals("mem-" + id)) {
                return hit;
            }
        }
        throw new AssertionError("search '" + words + "' did not find mem-" + id + ": " + hits);
    }
}
