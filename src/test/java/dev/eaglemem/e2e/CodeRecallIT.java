package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Code-aware recall with the real Claude Code: the project is indexed with {@code eagle-mem index}, and a prompt
 * that describes what a function does, in words other than its name, brings the function's file and lines into the
 * context the model receives.
 */
class CodeRecallIT {

    private static final String PROMPT = "When the payment provider is slow, where do we charge the customer's card a second time?";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void aPromptAboutAFunctionsBehaviourBringsItsFileAndLines() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path billing = workspace.repo().resolve("src/billing");
        Files.createDirectories(billing);
        Files.writeString(billing.resolve("gateway.ts"), """
                export async function postCharge(amountCents: number, token: string): Promise<Receipt> {
                  const response = await fetch('/v1/charges', { method: 'POST', body: JSON.stringify({ amountCents, token }) });
                  return response.json();
                }
                """);
        Files.writeString(billing.resolve("retry.ts"), """
                import { postCharge } from './gateway';

                /**
                 * The payment provider sometimes answers after our 10 s timeout: charge the card a second time,
                 * with the same idempotency key so the customer is never billed twice.
                 */
                export async function chargeWithTimeoutRetry(amountCents: number, token: string): Promise<Receipt> {
                  try {
                    return await postCharge(amountCents, token);
                  } catch (timeout) {
                    return await postCharge(amountCents, token);
                  }
                }
                """);
        Files.writeString(workspace.repo().resolve("README.md"), "# Shop\n\nA small shop.\n");
        workspace.git("add", "-A");
        workspace.git("commit", "-qm", "billing");
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        JsonNode index = new ObjectMapper().readTree(eagle.run("index", "--json").stdout());
        assertThat(index.path("indexed").asInt()).as(index.toString()).isEqualTo(3);
        assertThat(index.path("resolved_imports").asInt()).as(index.toString()).isEqualTo(1);

        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.text("The retry lives in src/billing/retry.ts."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run(PROMPT).assertSucceeded();
            RecordedRequest first = fake.mainLoopRequests().getFirst();
            assertThat(first.bodyContains("Eagle Mem recalls")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("src/billing/retry.ts:")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("chargeWithTimeoutRetry")).as(first.describe()).isTrue();
        }
        // the graph holds the import between the two files
        JsonNode neighbors = new ObjectMapper().readTree(eagle.run("graph", "neighbors", "src/billing/gateway.ts", "--json")
                .stdout());
        List<String> importers = neighbors.path("imported_by").findValuesAsText("path");
        assertThat(importers).containsExactly("src/billing/retry.ts");
    }
}
